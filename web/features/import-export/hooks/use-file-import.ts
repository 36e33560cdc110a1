import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ImportEncoding } from "@shared/import-encodings";
import type { ColumnMapping, ImportMode } from "@shared/import-schemas";
import { type ImportPreview, type ImportRun, fetchImportPreview, postImport, refreshAfterImport } from "../api";
import { columnCount, initialMapping } from "../lib/csv-layout";
import { checkImportFile } from "../lib/file-check";
import { COMPLETE_MS, followRun, sleep } from "../lib/follow-run";
import { importErrorMessage } from "../lib/import-errors";
import { FILE_MARKERS, importPercent } from "../lib/progress";
import { useAbortable } from "./use-abortable";

export interface PreviewChoices {
  file: File;
  preview: ImportPreview;
  /** CSV: the person's answer to 'First row is a header', and one target per column. */
  hasHeader: boolean;
  mapping: ColumnMapping[];
  /** The file is being read again in another encoding. */
  rereading?: boolean;
  /** Add the contacts to the groups their labels name (offered when the preview found labels). */
  labelsAsGroups: boolean;
  /** Rows the person left out of the import from the preview's matches, by label ('Row 7'). */
  excluded: string[];
}

export type FileImportPhase =
  | { name: "idle" }
  | { name: "reading"; file: File }
  | ({ name: "preview" } & PreviewChoices)
  | { name: "importing"; percent: number }
  | { name: "summary"; run: ImportRun };

/**
 * A file import, step by step (spec section 4: idle -> importing -> summary), with the preview and
 * mapping in between: choose a file (checked here, read by the server), confirm, follow the progress.
 */
export function useFileImport(orgId: string) {
  const queryClient = useQueryClient();
  const work = useAbortable();
  const contactsWork = useAbortable();
  const [phase, setPhase] = useState<FileImportPhase>({ name: "idle" });
  const [mode, setMode] = useState<ImportMode>("fill");
  const [error, setError] = useState<string | null>(null);

  async function chooseFile(file: File) {
    const problem = checkImportFile(file);
    setError(problem);
    if (problem) return;
    const signal = work.next();
    setPhase({ name: "reading", file });
    try {
      const preview = await fetchImportPreview(orgId, file, undefined, signal);
      setPhase({
        name: "preview",
        file,
        preview,
        hasHeader: preview.hasHeader,
        mapping: initialMapping(preview),
        labelsAsGroups: false,
        excluded: [],
      });
    } catch (failure) {
      if (signal.aborted) return;
      setError(importErrorMessage(failure));
      setPhase({ name: "idle" });
    }
  }

  /** Reads the file again in the encoding the person chose; their header answer and mapping stay if the columns do. */
  async function changeEncoding(encoding: ImportEncoding) {
    if (phase.name !== "preview") return;
    const current = phase;
    const signal = work.next();
    setError(null);
    setPhase({ ...current, rereading: true });
    try {
      const preview = await fetchImportPreview(orgId, current.file, encoding, signal);
      const same = preview.format === current.preview.format && columnCount(preview) === columnCount(current.preview);
      setPhase({
        name: "preview",
        file: current.file,
        preview,
        hasHeader: same ? current.hasHeader : preview.hasHeader,
        mapping: same ? current.mapping : initialMapping(preview),
        labelsAsGroups: current.labelsAsGroups,
        // Rows are numbered anew in another reading.
        excluded: same ? current.excluded : [],
      });
    } catch (failure) {
      if (signal.aborted) return;
      setError(importErrorMessage(failure));
      setPhase(current);
    }
  }

  /** The preview's contacts read again with the person's header choice and mapping. */
  async function refreshContacts(choices: PreviewChoices) {
    const signal = contactsWork.next();
    try {
      const layout = { hasHeader: choices.hasHeader, mapping: choices.mapping };
      const { contacts, categories, matches, matchCount } = await fetchImportPreview(
        orgId,
        choices.file,
        choices.preview.encoding,
        signal,
        layout,
      );
      // The labels and the matches follow the mapping too: a labels column left out offers no groups.
      setPhase((current) =>
        current.name === "preview" && current.file === choices.file
          ? { ...current, preview: { ...current.preview, contacts, categories, matches, matchCount } }
          : current,
      );
    } catch {
      // The rows shown stay until the next change; the import itself reads the file with the choices.
    }
  }

  function updateChoices(change: Partial<Pick<PreviewChoices, "hasHeader" | "mapping" | "labelsAsGroups" | "excluded">>) {
    if (phase.name !== "preview") return;
    const next = { ...phase, ...change };
    setPhase(next);
    if (next.preview.format === "csv" && ("hasHeader" in change || "mapping" in change)) void refreshContacts(next);
  }

  async function start() {
    if (phase.name !== "preview") return;
    const choices = phase;
    const signal = work.next();
    setError(null);
    setPhase({ name: "importing", percent: importPercent(FILE_MARKERS, 0) });
    const layout = choices.preview.format === "csv" ? { hasHeader: choices.hasHeader, mapping: choices.mapping } : undefined;
    const show = (run: ImportRun) => setPhase({ name: "importing", percent: importPercent(FILE_MARKERS, 1, run) });
    try {
      // Only while the option is on screen: a mapping that leaves the labels out hides it.
      const categoriesAsGroups = choices.labelsAsGroups && choices.preview.categories.length > 0;
      const input = { file: choices.file, mode, encoding: choices.preview.encoding, layout, categoriesAsGroups, exclude: choices.excluded };
      const first = await postImport(orgId, input, signal);
      show(first);
      const run = await followRun(orgId, first, show, signal);
      void refreshAfterImport(queryClient, orgId);
      show(run);
      await sleep(COMPLETE_MS, signal);
      setPhase({ name: "summary", run });
    } catch (failure) {
      if (signal.aborted) return;
      // Back to the confirmed choices: the person can try again (a re-run adds no twins).
      setError(importErrorMessage(failure));
      setPhase(choices);
      void refreshAfterImport(queryClient, orgId);
    }
  }

  function reset() {
    work.cancel();
    setError(null);
    setPhase({ name: "idle" });
  }

  /** The summary's run after an undo. */
  function showRun(run: ImportRun) {
    setPhase((current) => (current.name === "summary" ? { name: "summary", run } : current));
  }

  return { phase, mode, setMode, error, chooseFile, changeEncoding, updateChoices, start, reset, showRun };
}
