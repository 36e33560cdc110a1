import type { ColumnMapping, ImportMode } from "../../../shared/import-schemas.js";
import { type ContactCandidate, emptyCandidate } from "../../cards/candidate.js";
import { pacer } from "../../cards/pacing.js";
import { newId, nowIso } from "../../db/ids.js";
import type { AppDeps } from "../../deps.js";
import { AppError } from "../../errors.js";
import {
  type PreparedRow,
  type ReadOptions,
  csvLayout,
  formatByName,
  preparedRows,
  readImportFile,
  rowCount,
} from "../../import/read-file.js";
import { type OrgActor, authorize } from "../../policies/authorize.js";
import { runImport } from "./job.js";
import type { RunRows, RunSource } from "./rows.js";
import { emptyTally, progress } from "./tally.js";
import { getImport } from "./view.js";

/** A request answers within this long: the run when done, else its progress (the screens poll from there). */
const ANSWER_WITHIN_MS = 1500;
/**
 * How long of that it waits for the run (its turn in the queue and the reading of its file included);
 * the rest is room for the step of work under way when the wait ends, recording the run and answering.
 */
const WAIT_FOR_RUN_MS = ANSWER_WITHIN_MS - 300;
/** How often a run that waits its turn, or whose file is being read, shows it is alive (well within STALE_MS of view.ts). */
const WAITING_HEARTBEAT_MS = 5000;

interface StartInput {
  bytes: Uint8Array;
  fileName: string;
  /** The encoding chosen in the preview (the preview's own when the screens send it), the uploader's language. */
  read?: ReadOptions;
  mapping?: ColumnMapping[] | undefined;
  hasHeader?: boolean | undefined;
  mode: ImportMode;
  /** Add each contact to the groups its labels name, creating the missing ones. */
  categoriesAsGroups?: boolean | undefined;
  /** Rows left out in the preview, by label. */
  exclude?: string[] | undefined;
}

/**
 * Starts an import of a file: read and checked completely first (nothing is written from a file that
 * cannot be read), then written in batched transactions in the background. Answers when done, or with
 * the progress after a moment for large files (the screens poll GET /imports/:id).
 */
export async function startImport(deps: AppDeps, actor: OrgActor, input: StartInput) {
  authorize(actor, "contacts.import");
  if (input.categoriesAsGroups) {
    // Refused before anything is read or written: the run would create groups and add members.
    authorize(actor, "groups.manage");
    authorize(actor, "groups.members");
  }
  return startRun(deps, actor, {
    format: formatByName(input.fileName) ?? "csv",
    fileName: input.fileName,
    mode: input.mode,
    labelsAsGroups: input.categoriesAsGroups ?? false,
    exclude: input.exclude ?? [],
    async read(pace) {
      const file = await readImportFile(input.bytes, input.fileName, input.read, pace);
      // Read once: the upload's bytes are not needed again (its text is, as `file`).
      input.bytes = new Uint8Array();
      const layout = file.format === "csv" ? csvLayout(file.head, input.hasHeader, input.mapping) : undefined;
      if (layout && layout.mapping.length < layout.headers.length) {
        throw new AppError(400, "VALIDATION", "The column mapping must give a target for every column");
      }
      return {
        format: file.format,
        total: rowCount(file, layout),
        headers: layout?.hasHeader ? layout.headers : null,
        rows: preparedRows(file, layout, pace),
        file: { file, layout },
      };
    },
  });
}

/** Native rules of spec section 5: first phone and e-mail; the display name split on the first space, 'Unknown' without one. */
export async function startNativeImport(
  deps: AppDeps,
  actor: OrgActor,
  contacts: { name?: string[] | undefined; tel?: string[] | undefined; email?: string[] | undefined }[],
  mode: ImportMode,
) {
  authorize(actor, "contacts.import");
  const rows: PreparedRow[] = contacts.map((c, i) => {
    const name = c.name?.find((n) => n.trim())?.trim() ?? "";
    const tel = c.tel?.find((t) => t.trim())?.trim();
    const candidate: ContactCandidate = { ...emptyCandidate(), full_name: name || "Unknown" };
    if (tel) candidate.lists.phones.push({ value: tel, type: "mobile", label: null });
    const email = c.email?.find((e) => e.trim())?.trim();
    if (email) candidate.lists.emails.push({ value: email, type: "home", label: null });
    return { label: `Contact ${i + 1}`, candidate, raw: [name, tel ?? "", email ?? ""] };
  });
  return startRun(deps, actor, {
    format: "native",
    fileName: "Phone contacts",
    mode,
    read: async () => ({ format: "native", total: rows.length, headers: null, rows }),
  });
}

/**
 * Runs an import in the process's queue (server/services/imports/queue.ts) and answers within
 * ANSWER_WITHIN_MS, queue and reading included: with the finished run, with a refusal (a 4xx, and no run
 * recorded) when the file was found unreadable by then, else with the run still 'running' (processed 0
 * while it waits its turn or its file is read). A file refused after that answer ends the run as
 * 'failed' with the reason; nothing of it is written.
 */
async function startRun(deps: AppDeps, actor: OrgActor, source: RunSource) {
  const imports = deps.repos.imports(actor.organizationId);
  const id = newId();
  const createdAt = nowIso();
  let recorded: Promise<void> | undefined;
  /** The run's row, written once: by the job once the file is read, or by the answer if it goes out first. */
  const record = (known: Partial<RunRows> = {}) =>
    (recorded ??= imports.insert({
      id,
      organization_id: actor.organizationId,
      user_id: actor.userId,
      format: known.format ?? source.format,
      file_name: source.fileName.slice(0, 255),
      mode: source.mode,
      status: "running",
      total: known.total ?? 0,
      headers: known.headers ? JSON.stringify(known.headers) : null,
      ...progress(emptyTally(source.labelsAsGroups)),
      heartbeat_at: createdAt,
      created_at: createdAt,
    }));
  let answered = false;
  let writing = false;
  let beating: NodeJS.Timeout | undefined;

  const job = deps.importQueue.run(async () => {
    let read: RunRows;
    try {
      read = await source.read(pacer());
    } catch (error) {
      if (!answered) throw error;
      await refuseAfterAnswer(deps, actor, id, record(), error);
      return;
    }
    if (recorded) {
      await recorded;
      await imports.update(id, { format: read.format, total: read.total, headers: read.headers ? JSON.stringify(read.headers) : null });
    } else await record(read);
    writing = true;
    clearInterval(beating);
    await runImport(deps, actor, id, source, read).catch((error: unknown) => {
      deps.log.error("import failed", { importId: id, error: String(error) });
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      // Set at once, so that a refusal from here on is recorded rather than answered.
      answered = true;
      resolve();
    }, WAIT_FOR_RUN_MS);
  });
  try {
    await Promise.race([job, deadline]);
  } finally {
    clearTimeout(timer);
  }
  if (answered) {
    await record();
    // While it waits its turn or its file is read, nothing else shows the run alive.
    if (!writing)
      beating = setInterval(() => void imports.update(id, { heartbeat_at: nowIso() }).catch(() => undefined), WAITING_HEARTBEAT_MS);
    void job.finally(() => clearInterval(beating)).catch(() => undefined);
  }
  return getImport(deps, actor, id);
}

/** A file found unreadable after the answer went out: the run ends failed with the reason the answer would have given. */
async function refuseAfterAnswer(deps: AppDeps, actor: OrgActor, id: string, recorded: Promise<void>, error: unknown) {
  if (!(error instanceof AppError)) deps.log.error("import failed", { importId: id, error: String(error) });
  const message = error instanceof AppError ? error.message : "Import failed";
  const tally = emptyTally();
  tally.errors.push({ row: "-", message });
  await recorded;
  await deps.repos.imports(actor.organizationId).update(id, { ...progress(tally), status: "failed", finished_at: nowIso() });
}
