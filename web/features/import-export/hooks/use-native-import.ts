import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/lib/toast";
import type { ImportMode } from "@shared/import-schemas";
import { type ImportRun, postNativeImport, refreshAfterImport } from "../api";
import { DEVICE_FAILED, PickerError, pickContacts } from "../lib/contact-picker";
import { COMPLETE_MS, followRun, sleep } from "../lib/follow-run";
import { importErrorMessage } from "../lib/import-errors";
import { NATIVE_MARKERS, importPercent } from "../lib/progress";
import { useAbortable } from "./use-abortable";

export type NativeImportPhase = { name: "idle" } | { name: "importing"; percent: number } | { name: "summary"; run: ImportRun };

/** Spec section 5's native import: pick contacts on the phone, send them, follow the run (markers 10, 20, 40, 60, up to 90). */
export function useNativeImport(orgId: string) {
  const queryClient = useQueryClient();
  const work = useAbortable();
  const [phase, setPhase] = useState<NativeImportPhase>({ name: "idle" });
  const [mode, setMode] = useState<ImportMode>("fill");
  const [error, setError] = useState<string | null>(null);
  const step = (n: number, run?: ImportRun) => setPhase({ name: "importing", percent: importPercent(NATIVE_MARKERS, n, run) });

  async function start() {
    const signal = work.next();
    setError(null);
    step(0);
    try {
      const contacts = await pickContacts();
      step(1);
      if (signal.aborted) return;
      step(2);
      const first = await postNativeImport(orgId, contacts, mode, signal);
      step(3, first);
      const run = await followRun(orgId, first, (r) => step(3, r), signal);
      void refreshAfterImport(queryClient, orgId);
      step(3, run);
      await sleep(COMPLETE_MS, signal);
      setPhase({ name: "summary", run });
      if (run.status === "done") toast.success(`Successfully imported ${run.imported + run.merged} contacts from your phone`);
      else setError(DEVICE_FAILED);
    } catch (failure) {
      if (signal.aborted) return;
      setError(failure instanceof PickerError ? failure.message : importErrorMessage(failure, DEVICE_FAILED));
      setPhase({ name: "idle" });
    }
  }

  function reset() {
    work.cancel();
    setError(null);
    setPhase({ name: "idle" });
  }

  function showRun(run: ImportRun) {
    setPhase((current) => (current.name === "summary" ? { name: "summary", run } : current));
  }

  return { phase, mode, setMode, error, start, reset, showRun };
}
