import { setImmediate } from "node:timers/promises";
import Papa from "papaparse";
import type { ColumnMapping, ImportMatch, ImportMode } from "../../shared/import-schemas.js";
import { canUndoImport } from "../../shared/policy/import-rules.js";
import type { CountryCode } from "../../shared/phone.js";
import type { AppDeps } from "../deps.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import type { ImportRow } from "../db/repositories/imports.js";
import { AppError, conflict, forbidden, notFound } from "../errors.js";
import { contactRules } from "./contacts.js";
import { type ContactRules, DEFAULT_CONTACT_RULES, type ValidContactData } from "../../shared/contact-model/data-schema.js";
import { type ContactCandidate, type LeftOut, emptyCandidate } from "../import/candidate.js";
import { candidateToData } from "../import/to-fields.js";
import { type Pacer, pacer } from "../import/pacing.js";
import {
  type CsvLayout,
  type ImportFile,
  type PreparedRow,
  csvLayout,
  formatByName,
  preparedRows,
  type ReadOptions,
  readImportFile,
  rowCount,
} from "../import/read-file.js";
import { type OrgActor, authorize } from "../policies/can.js";
import { csvCell } from "../import/csv-cell.js";
import { garbageCollector } from "./heap.js";
import { noticeImportFinished } from "./notices.js";
import { emptyTally, prepareBatchInSlices, progress, runContext, undoChanges, withPhotos, writeBatch } from "./import-run.js";
import { type RowOutcome, batcher } from "./import-prepare.js";
import { type KeyIndex, fileUnderKeys, matchRow } from "./import-match.js";
import { contactDisplayName } from "../../shared/contact-display.js";
import { nameKey } from "../../shared/contact-model/same-person.js";
import { OFF_THREAD_ROWS, batchesOffThread } from "./import-prepare-thread.js";
import { runGroups } from "./import-groups.js";
import { distinctGroups } from "../import/category-groups.js";

/** A run whose heartbeat is older than this stopped without finishing (a crash or a restart). */
const STALE_MS = 20_000;
/** An import can be undone for a week. */
const UNDO_DAYS = 7;
/** A request answers within this long: the run when done, else its progress (the screens poll from there). */
const ANSWER_WITHIN_MS = 1500;
/**
 * How long of that it waits for the run (its turn in the queue and the reading of its file included);
 * the rest is room for the step of work under way when the wait ends, recording the run and answering.
 */
const WAIT_FOR_RUN_MS = ANSWER_WITHIN_MS - 300;
/** How often a run that waits its turn, or whose file is being read, shows it is alive (well within STALE_MS). */
const WAITING_HEARTBEAT_MS = 5000;
/** Runs this large are followed by VACUUM (ANALYZE) / PRAGMA optimize. */
const MAINTENANCE_ROWS = 5000;
/** A long import collects its garbage each time its heap has grown this much (server/services/heap.ts). */
const GC_GROWTH_BYTES = 32 * 1024 * 1024;

const parseJson = <T>(text: string | null, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);

/** An import run as the screens see it; `interrupted` is a run that stopped without finishing. */
export function presentImport(row: ImportRow, actor: OrgActor) {
  const stale = row.status === "running" && Date.now() - new Date(toIso(row.heartbeat_at)!).getTime() > STALE_MS;
  const finished = row.status !== "running" || stale;
  const fresh = Date.now() - new Date(toIso(row.created_at)!).getTime() < UNDO_DAYS * 24 * 3600 * 1000;
  return {
    id: row.id,
    status: stale ? ("interrupted" as const) : row.status,
    format: row.format,
    fileName: row.file_name,
    mode: row.mode,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    merged: row.merged,
    skipped: row.skipped,
    failed: row.failed,
    errors: parseJson<{ row: string; message: string }[]>(row.errors, []),
    notices: parseJson<{ row: string; message: string }[]>(row.notices, []),
    /** What the file held that no field took and was left out, by column or property, with how many values. */
    leftOut: parseJson<{ source: string; values: number }[]>(row.left_out, []),
    /** With the file's labels as groups: the groups it created and the memberships it added; null without. */
    groups: parseJson<{ created: number; added: number } | null>(row.groups, null),
    createdAt: toIso(row.created_at)!,
    finishedAt: toIso(row.finished_at),
    undoneAt: toIso(row.undone_at),
    undoReport: parseJson<{
      trashed: number;
      restored: number;
      editedSince: { id: string; name: string }[];
      /** Memberships the run had given contacts that existed before it, taken away (runs with labels as groups). */
      leftGroups?: number;
    } | null>(row.undo_report, null),
    canUndo: finished && fresh && row.undone_at === null && row.imported + row.merged > 0 && canUndoImport(actor, row.user_id).allowed,
  };
}

export type ImportView = ReturnType<typeof presentImport>;

/** How many rows the preview shows as they will be stored. */
const PREVIEW_CONTACTS = 5;
/** How many rows the preview reads for the labels they carry, and how many distinct ones it names. */
const PREVIEW_LABEL_ROWS = 200;
const PREVIEW_LABELS = 20;

/** A row of the preview: the contact as it will be stored, or why the row will not be imported. */
export interface PreviewContact {
  row: string;
  data: ValidContactData | null;
  error: string | null;
  warnings: string[];
  /** Values of columns the person chose to leave out. */
  leftOut: LeftOut[];
}

/**
 * The first rows through the import's own rules (the same candidate, the same checks), and the labels
 * of the first rows as the groups they would make (so the screen offers them only when there are some).
 */
async function previewContacts(rows: AsyncIterable<PreparedRow>, rules: ContactRules) {
  const contacts: PreviewContact[] = [];
  const labels: string[] = [];
  let read = 0;
  for await (const { label, candidate } of rows) {
    labels.push(...candidate.categories);
    if (contacts.length < PREVIEW_CONTACTS) {
      const outcome = candidateToData(candidate, rules);
      contacts.push(
        outcome.ok
          ? { row: label, data: outcome.data, error: null, warnings: outcome.warnings, leftOut: candidate.leftOut }
          : { row: label, data: null, error: outcome.message, warnings: [], leftOut: candidate.leftOut },
      );
    }
    if (++read === PREVIEW_LABEL_ROWS) break;
  }
  return { contacts, categories: distinctGroups(labels, PREVIEW_LABELS) };
}

/**
 * What an uploaded file holds, before anything is written: format, encoding, layout (every column with
 * its mapping: the person's when given, else guessed), the first records as written, and the first rows
 * as the contacts they will be stored as.
 */
export async function previewImport(
  actor: OrgActor,
  bytes: Uint8Array,
  fileName: string,
  read: ReadOptions = {},
  chosen: { hasHeader?: boolean | undefined; mapping?: ColumnMapping[] | undefined } = {},
  /** The organization's rules (its phone rule): the preview shows contacts as they will be stored. */
  rules: ContactRules = DEFAULT_CONTACT_RULES,
  /** The book the rows' matches are looked for in (without it, none are). */
  deps?: AppDeps,
  /** The request's: a preview nobody waits for any more (the mapping changed, the page closed) stops reading. */
  signal?: AbortSignal,
) {
  authorize(actor, "contacts.import");
  const pace = pacer();
  const file = await readImportFile(bytes, fileName, read, pace);
  const matchesOf = (layout?: CsvLayout) =>
    deps
      ? previewMatches(
          deps,
          actor.organizationId,
          { rows: preparedRows(file, layout, pace), file: { file, layout }, total: rowCount(file, layout) },
          rules,
          signal,
        )
      : { matches: [], matchCount: 0 };
  if (file.format === "vcard") {
    const { contacts, categories } = await previewContacts(preparedRows(file, undefined, pace), rules);
    return {
      format: "vcard" as const,
      encoding: file.encoding,
      delimiter: null,
      hasHeader: false,
      firstRow: 1,
      headers: ["Name", "Phone", "E-mail"],
      mapping: [] as ColumnMapping[],
      sample: contacts.map(sampleCells),
      contacts,
      categories,
      estimatedRows: rowCount(file),
      ...(await matchesOf()),
    };
  }
  const guessed = csvLayout(file.head, chosen.hasHeader);
  // A mapping for other columns than the file has (a stale screen) is not the person's for this file.
  const mapping = chosen.mapping && chosen.mapping.length >= guessed.headers.length ? chosen.mapping : undefined;
  const layout = mapping ? csvLayout(file.head, chosen.hasHeader, mapping) : guessed;
  const { contacts, categories } = await previewContacts(preparedRows(file, layout, pace), rules);
  return {
    format: "csv" as const,
    encoding: file.encoding,
    delimiter: file.csv.delimiter,
    hasHeader: layout.hasHeader,
    // Rows above the table (a title, notes) are left out; the screen names the row the table starts at.
    firstRow: file.firstRow,
    headers: layout.headers,
    mapping: layout.mapping,
    // The first records as written, header included, so the screen can re-read them without it.
    sample: file.head.slice(0, 6),
    contacts,
    /** The groups the first rows' labels name (up to 20): the screen offers to add contacts to them. */
    categories,
    estimatedRows: rowCount(file, layout),
    ...(await matchesOf(layout)),
  };
}

/** The matches the preview lists (the count covers the whole file). */
const PREVIEW_MATCHES = 200;

/**
 * The rows of the whole file that would update or fill an existing contact (import-match.ts: a shared
 * phone or e-mail, and names that agree), read as the import will read them, batch by batch against
 * the book. Rows matching only a row before them in the file are not listed: they create one contact.
 */
async function previewMatches(
  deps: AppDeps,
  organizationId: string,
  source: Pick<RunRows, "rows" | "file" | "total">,
  rules: ContactRules,
  signal?: AbortSignal,
): Promise<{ matches: ImportMatch[]; matchCount: number }> {
  const contacts = deps.repos.contacts(organizationId);
  const matches: ImportMatch[] = [];
  let matchCount = 0;
  type Holder = { id: string; name: string; words: string };
  const known = new Map<string, Holder | null>();
  for await (const batch of outcomeBatches(source, deps.config.defaultCountry, rules)) {
    // Leaving the loop ends the generator, and with it the preparing thread of a large file.
    if (signal?.aborted) break;
    const ready = batch.filter((o): o is Exclude<RowOutcome, { message: string }> => !("message" in o));
    const held = await contacts.keyContacts(ready.flatMap((o) => o.written.keys));
    const unknown = [...new Set(held.map((h) => h.contact_id))].filter((id) => !known.has(id));
    for (const id of unknown) known.set(id, null);
    for (const n of await contacts.namesOf(unknown)) known.set(n.id, { id: n.id, name: contactDisplayName(n), words: nameKey(n) });
    const index: KeyIndex<Holder> = new Map();
    for (const h of held) {
      const holder = known.get(h.contact_id);
      if (holder) fileUnderKeys(index, [h], holder);
    }
    for (const { row, words, written } of ready) {
      const match = matchRow(words, written.keys, index);
      if (!match.target) continue;
      matchCount++;
      if (matches.length < PREVIEW_MATCHES)
        matches.push({ row: row.label, contactId: match.target.id, contactName: match.target.name, by: match.by.kind });
    }
  }
  return { matches, matchCount };
}

/** A card's name, first phone and first e-mail, as the vCard preview's table shows them. */
function sampleCells({ data }: PreviewContact): string[] {
  if (!data) return ["", "", ""];
  const name = [data.first_name, data.last_name].filter(Boolean).join(" ") || data.company || "";
  return [name, data.phones[0]?.value ?? "", data.emails[0]?.value ?? ""];
}

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
  return run(deps, actor, {
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
  return run(deps, actor, {
    format: "native",
    fileName: "Phone contacts",
    mode,
    read: async () => ({ format: "native", total: rows.length, headers: null, rows }),
  });
}

type RunFormat = "csv" | "vcard" | "native";

/** What a run writes, once its file is read. */
interface RunRows {
  format: RunFormat;
  total: number;
  /** A CSV file's header row, for the failed-rows download. */
  headers: string[] | null;
  rows: AsyncIterable<PreparedRow> | Iterable<PreparedRow>;
  /** The file the rows are read from (a file's import): a large one is read again on a thread of its own. */
  file?: { file: ImportFile; layout?: CsvLayout | undefined };
}

interface RunSource {
  /** The format as far as it is known before the file is read (its name's). */
  format: RunFormat;
  fileName: string;
  mode: ImportMode;
  /** Contacts join the groups their labels name. */
  labelsAsGroups?: boolean;
  /** Rows the person left out in the preview, by label. */
  exclude?: string[];
  /** Reads the file, refusing one that cannot be imported (an AppError: nothing is written). */
  read(pace: Pacer): Promise<RunRows>;
}

/**
 * Runs an import in the process's queue (server/services/import-queue.ts) and answers within
 * ANSWER_WITHIN_MS, queue and reading included: with the finished run, with a refusal (a 4xx, and no run
 * recorded) when the file was found unreadable by then, else with the run still 'running' (processed 0
 * while it waits its turn or its file is read). A file refused after that answer ends the run as
 * 'failed' with the reason; nothing of it is written.
 */
async function run(deps: AppDeps, actor: OrgActor, source: RunSource) {
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
    await process(deps, actor, id, source, read).catch((error: unknown) => {
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

/** Writes every row, batch by batch, then records the outcome (audit, usage statistics, maintenance). */
async function process(
  deps: AppDeps,
  actor: OrgActor,
  importId: string,
  { fileName, mode, labelsAsGroups = false, exclude = [] }: Pick<RunSource, "fileName" | "mode" | "labelsAsGroups" | "exclude">,
  read: RunRows,
) {
  const imports = deps.repos.imports(actor.organizationId);
  const tally = emptyTally(labelsAsGroups);
  const labels = labelsAsGroups ? runGroups() : null;
  try {
    const rules = await contactRules(deps, actor.organizationId);
    const country = deps.config.defaultCountry;
    const collect = garbageCollector(GC_GROWTH_BYTES);
    const run = runContext({
      organizationId: actor.organizationId,
      importId,
      mode,
      labels,
      excluded: new Set(exclude),
      by: actor.userId,
    });
    const write = async (prepared: RowOutcome[]) => {
      const groups = await writeBatch(deps, run, prepared, tally);
      bulkChanged(deps, actor);
      // Once a batch: the groups screens reload their lists.
      if (groups?.created.length) deps.events.changed(actor.organizationId, actor.userId, "group.created", { ids: groups.created });
      if (groups?.touched.length) deps.events.changed(actor.organizationId, actor.userId, "group.members_added", { ids: groups.touched });
      collect();
      // Without a turn of the event loop between batches, a large SQLite import held the process to
      // the end (no answer after ANSWER_WITHIN_MS, no progress polls, no other request served).
      await setImmediate();
    };
    for await (const prepared of outcomeBatches(read, country, rules)) {
      await withPhotos(prepared);
      await write(prepared);
    }
    const finishedAt = nowIso();
    await deps.repos.transaction(async (repos) => {
      // Every row was read: the count taken before (lines that begin a card) gives way to the real one.
      await repos
        .imports(actor.organizationId)
        .update(importId, { ...progress(tally), total: tally.processed, status: "done", finished_at: finishedAt });
      await repos.usage.add(actor.organizationId, actor.userId, finishedAt.slice(0, 7), { imports: tally.imported + tally.merged });
      await repos.audit.write({
        organizationId: actor.organizationId,
        userId: actor.userId,
        tableName: "imports",
        recordId: importId,
        operation: "IMPORT_COMPLETED",
        newData: {
          fileName,
          imported: tally.imported,
          merged: tally.merged,
          skipped: tally.skipped,
          failed: tally.failed,
          ...(tally.groups ? { groupsCreated: tally.groups.created, groupMembershipsAdded: tally.groups.added } : {}),
        },
      });
    });
    noticeImportFinished(deps, actor.organizationId, actor.userId, fileName, tally);
    if (tally.imported + tally.merged >= MAINTENANCE_ROWS) {
      void deps.repos.maintenance
        .afterBulkWrite()
        .catch((error) => deps.log.warn("maintenance after import failed", { error: String(error) }));
    }
  } catch (error) {
    tally.errors.push({ row: "-", message: "Import failed" });
    await imports.update(importId, { ...progress(tally), status: "failed", finished_at: nowIso() }).catch(() => undefined);
    throw error;
  }
}

/**
 * The file for the preparing thread, which gets a copy of its own: the run lets go of its text here (a
 * 100,000-row file is tens of megabytes of string that every garbage collection would mark again).
 */
function handOver(source: Pick<RunRows, "rows" | "file">, country: CountryCode, rules: ContactRules) {
  const job = { ...source.file!, country, rules };
  source.file = undefined;
  source.rows = [];
  return job;
}

/**
 * A run's rows as prepared batches: a large file's from a thread of its own (read and prepared batches
 * ahead of the caller's writes), a small one's here, a hundred rows at a time with a turn of the event
 * loop in between (2,000 rows of phone parsing held the thread for a tenth of a second or more).
 */
async function* outcomeBatches(
  source: Pick<RunRows, "rows" | "file" | "total">,
  country: CountryCode,
  rules: ContactRules,
): AsyncGenerator<RowOutcome[]> {
  if (source.file && source.total >= OFF_THREAD_ROWS) {
    yield* batchesOffThread(() => handOver(source, country, rules));
    return;
  }
  const { rows } = source;
  const batches = batcher();
  for await (const row of rows) {
    const full = batches.add(row);
    if (full) yield await prepareBatchInSlices(full, country, rules);
  }
  const rest = batches.rest();
  if (rest.length) yield await prepareBatchInSlices(rest, country, rules);
}

/** Many contacts changed at once (a committed batch, an undo): screens reload what they show. */
function bulkChanged(deps: AppDeps, actor: OrgActor) {
  deps.events.changed(actor.organizationId, actor.userId, "contacts.bulk", { ids: [] });
}

async function findRun(deps: AppDeps, actor: OrgActor, id: string) {
  const row = await deps.repos.imports(actor.organizationId).find(id);
  if (!row) throw notFound("Import not found.");
  return row;
}

export async function getImport(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.import");
  return presentImport(await findRun(deps, actor, id), actor);
}

/** The organization's import runs, newest first. */
export async function listImports(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "contacts.import");
  const after = cursor ? (decodeKeyset(cursor, ["date", "string"]) as [string, string]) : undefined;
  const rows = await deps.repos.imports(actor.organizationId).page(after, limit + 1);
  return toPage(
    rows,
    limit,
    (row) => presentImport(row, actor),
    (last) => [toIso(last.created_at), last.id],
  );
}

/** The rows that failed, as a CSV to fix and import again: the file's own columns plus the reason. */
export async function failedRowsCsv(deps: AppDeps, actor: OrgActor, id: string): Promise<{ fileName: string; csv: string }> {
  authorize(actor, "contacts.import");
  const row = await findRun(deps, actor, id);
  const failed = parseJson<string[][]>(row.failed_rows, []);
  const errors = parseJson<{ row: string; message: string }[]>(row.errors, []).filter((e) => e.row !== "-");
  const reason = (i: number) => errors[i]?.message ?? "";
  let table: string[][];
  if (row.format === "csv") {
    const headers = parseJson<string[] | null>(row.headers, null);
    const width = Math.max(headers?.length ?? 0, ...failed.map((r) => r.length));
    const head = headers ?? Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
    table = [[...head, "Error"], ...failed.map((r, i) => [...r, ...Array(Math.max(0, width - r.length)).fill(""), reason(i)])];
  } else {
    table = [["Contact", "Error"], ...failed.map((lines, i) => [lines.join("\n"), reason(i)])];
  }
  const base = row.file_name.replace(/\.[^.]+$/, "") || "import";
  return {
    fileName: `${base}-failed-rows.csv`,
    csv: Papa.unparse(
      table.map((r) => r.map(csvCell)),
      { newline: "\r\n" },
    ),
  };
}

/**
 * Undoes a run: the contacts it created go to the trash (restorable from there), the fields it changed on
 * existing contacts get their previous values back, except on contacts edited since (listed).
 */
export async function undoImport(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.import");
  const row = await findRun(deps, actor, id);
  const decision = canUndoImport(actor, row.user_id);
  if (!decision.allowed) throw forbidden(decision.message);
  const view = presentImport(row, actor);
  const alreadyUndone = () => conflict("This import was already undone", "ALREADY_UNDONE");
  if (row.undone_at) throw alreadyUndone();
  if (view.status === "running") throw conflict("The import is still running", "IMPORT_RUNNING");
  if (!view.canUndo) throw conflict(`An import can be undone for ${UNDO_DAYS} days`, "UNDO_EXPIRED");
  const now = nowIso();
  const removed = await deps.repos.transaction(async (repos) => {
    // The claim, with the first change: of several undos at once, only the one that marks the run goes on.
    if (!(await repos.imports(actor.organizationId).claimUndo(id, now))) throw alreadyUndone();
    const contacts = repos.contacts(actor.organizationId);
    const count = await contacts.trashImported(id, now);
    await contacts.counter.adjust(-count);
    // Memberships it gave contacts that were there before it; its own contacts keep theirs in the trash.
    const leftGroups = await repos.imports(actor.organizationId).removeGroupLinks(id);
    return { count, leftGroups };
  });
  const trashed = removed.count;
  const { restored, editedSince } = await undoChanges(
    deps.repos,
    actor.organizationId,
    id,
    now,
    deps.config.defaultCountry,
    actor.userId,
  ).catch(async (error: unknown) => {
    // Changes are restored in batches of their own: a failure lets go of the claim, so the undo can be tried again.
    await deps.repos
      .imports(actor.organizationId)
      .update(id, { undone_at: null })
      .catch(() => undefined);
    throw error;
  });
  bulkChanged(deps, actor);
  if (removed.leftGroups) deps.events.changed(actor.organizationId, actor.userId, "group.member_removed", { ids: [] });
  const report = { trashed, restored, editedSince, ...(row.groups ? { leftGroups: removed.leftGroups } : {}) };
  await deps.repos.transaction(async (repos) => {
    await repos.imports(actor.organizationId).update(id, { undo_report: JSON.stringify(report) });
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "imports",
      recordId: id,
      operation: "IMPORT_UNDONE",
      newData: { fileName: row.file_name, trashed, restored, editedSince: editedSince.length },
    });
  });
  return getImport(deps, actor, id);
}
