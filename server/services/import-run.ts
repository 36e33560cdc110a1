import { setImmediate } from "node:timers/promises";
import { contactDisplayName } from "../../shared/contact-display.js";
import type { ImportMode } from "../../shared/import-schemas.js";
import type { CountryCode } from "../../shared/phone.js";
import type { AppDeps } from "../deps.js";
import { newId, nowIso } from "../db/ids.js";
import type { Repositories } from "../db/repositories/index.js";
import type { ContactRow } from "../db/schema.js";
import type { PreparedRow } from "../import/read-file.js";
import { candidateToFields } from "../import/to-fields.js";
import { derivedKeys } from "./contact-keys.js";
import { MERGEABLE, rowValues } from "./contacts.js";

type RowValues = ReturnType<typeof rowValues>;
type RowKeys = ReturnType<typeof derivedKeys>;

/**
 * Rows written per transaction: a crash keeps every batch committed before it. Larger batches write
 * faster (fewer commits, fewer full-text segments) but hold SQLite's write lock longer: 2,000 rows is
 * about 0.1-0.2 s, which other writers wait out.
 */
export const IMPORT_BATCH = 2000;
/**
 * A batch ends sooner once its rows hold this much text: SQLite's write runs on the request thread, and
 * every character of a note enters the trigram index. 2,000 rows of 5,000-character notes held the
 * thread for over a second; 2,000 rows of a usual export are about 300 KB.
 */
export const IMPORT_BATCH_CHARS = 512 * 1024;
const KEEP_ERRORS = 1000;
const KEEP_NOTICES = 1000;
const KEEP_FAILED_ROWS = 10_000;

export interface RunTally {
  processed: number;
  imported: number;
  merged: number;
  skipped: number;
  failed: number;
  errors: { row: string; message: string }[];
  notices: { row: string; message: string }[];
  /** CSV records, or the lines of vCards, as written. */
  failedRows: string[][];
}

export const emptyTally = (): RunTally => ({
  processed: 0,
  imported: 0,
  merged: 0,
  skipped: 0,
  failed: 0,
  errors: [],
  notices: [],
  failedRows: [],
});

/** Fields a run with mode 'update' overwrites with the file's non-empty values. */
const UPDATABLE = [...MERGEABLE, "phone_type", "phone2_type"] as const;
type Field = (typeof UPDATABLE)[number];

/** A contact this batch writes: new (inserted at the end), or existing with the fields changed so far. */
interface Target {
  row: ContactRow;
  isNew: boolean;
  /** An earlier batch of this run created it: undo trashes it anyway, so no previous values are kept. */
  ownedByRun: boolean;
  previous: Partial<Record<Field, unknown>>;
  /** Some field changed in this batch. */
  dirty: boolean;
}

function fail(tally: RunTally, row: PreparedRow, message: string) {
  tally.failed++;
  if (tally.errors.length < KEEP_ERRORS) tally.errors.push({ row: row.label, message: `${row.label}: ${message}` });
  if (tally.failedRows.length < KEEP_FAILED_ROWS) tally.failedRows.push(row.raw);
}

function notice(tally: RunTally, row: PreparedRow, message: string) {
  if (tally.notices.length < KEEP_NOTICES) tally.notices.push({ row: row.label, message: `${row.label}: ${message}` });
}

/** A row ready to write: its columns, derived ones included. */
interface ReadyRow {
  row: PreparedRow;
  values: RowValues;
  keys: RowKeys;
}

/** A row after validation: refused with its reason, or ready (with the warnings it earned). */
export type RowOutcome = { row: PreparedRow; message: string } | (ReadyRow & { warnings: string[] });

/**
 * The CPU-bound half of a batch (parsing phones above all), apart from its write so that on PostgreSQL
 * it can run while the previous batch's write waits on the database.
 */
export function prepareBatch(rows: PreparedRow[], country: CountryCode): RowOutcome[] {
  return rows.map((row) => {
    const outcome = candidateToFields(row.candidate);
    if (!outcome.ok) return { row, message: outcome.message };
    const values = rowValues(outcome.fields);
    return { row, values, keys: derivedKeys(values, country), warnings: outcome.warnings };
  });
}

const PREPARE_SLICE = 100;

/**
 * prepareBatch a hundred rows at a time (about 5 ms each) with a turn of the event loop after each, so
 * a write waiting on PostgreSQL sends its next statement as soon as the one before answers.
 */
export async function prepareBatchInSlices(rows: PreparedRow[], country: CountryCode): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (let i = 0; i < rows.length; i += PREPARE_SLICE) {
    outcomes.push(...prepareBatch(rows.slice(i, i + PREPARE_SLICE), country));
    await setImmediate();
  }
  return outcomes;
}

/**
 * Writes one batch in one transaction, every row through create-or-merge: a row whose normalised phone
 * belongs to an active contact (or to a row before it in the file) merges into that contact by `mode`;
 * the others are created. The previous values of every existing contact it changes are recorded.
 */
export async function writeBatch(
  deps: AppDeps,
  organizationId: string,
  importId: string,
  mode: ImportMode,
  outcomes: RowOutcome[],
  tally: RunTally,
) {
  const prepared: ReadyRow[] = [];
  for (const outcome of outcomes) {
    if ("message" in outcome) fail(tally, outcome.row, outcome.message);
    else {
      for (const warning of outcome.warnings) notice(tally, outcome.row, warning);
      prepared.push(outcome);
    }
  }
  tally.processed += outcomes.length - prepared.length;
  if (prepared.length === 0) return;

  await deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(organizationId);
    const digits = [...new Set(prepared.map((p) => p.keys.phone_digits))];
    await contacts.lockPhones(digits);
    const targets = new Map<string, Target>();
    for (const row of await contacts.findByPhones(digits)) {
      if (!targets.has(row.phone_digits))
        targets.set(row.phone_digits, { row, isNew: false, ownedByRun: row.import_id === importId, previous: {}, dirty: false });
    }
    const now = nowIso();
    for (const { row, values, keys } of prepared) {
      tally.processed++;
      const target = targets.get(keys.phone_digits);
      if (!target) {
        const created: ContactRow = {
          id: newId(),
          organization_id: organizationId,
          ...values,
          ...keys,
          created_at: now,
          updated_at: now,
          version: 1,
          last_accessed: null,
          accessed_key: "",
          deleted_at: null,
          deleted_by: null,
          import_id: importId,
          change_seq: 0,
          // A card's UID and the properties without a field stay with the contact (CardDAV and export write them back).
          vcard_uid: row.extras?.uid ?? null,
          dav_name: null,
          vcard_extra: row.extras?.extraLines.length ? row.extras.extraLines.join("\n") : null,
          photo_etag: null,
        };
        targets.set(keys.phone_digits, { row: created, isNew: true, ownedByRun: true, previous: {}, dirty: false });
        tally.imported++;
        continue;
      }
      if (mode === "skip") {
        tally.skipped++;
        notice(tally, row, `skipped: the number belongs to ${contactDisplayName(target.row)}`);
        continue;
      }
      const fields: readonly Field[] = mode === "update" ? UPDATABLE : MERGEABLE;
      for (const field of fields) {
        const incoming = values[field];
        const current = target.row[field];
        const change = mode === "update" ? Boolean(incoming) && incoming !== current : Boolean(incoming) && !current;
        if (!change) continue;
        if (!target.isNew && !target.ownedByRun && !(field in target.previous)) target.previous[field] = current;
        (target.row as Record<Field, unknown>)[field] = incoming;
        target.dirty = true;
      }
      tally.merged++;
      const into = contactDisplayName(target.row);
      if (into.toLowerCase() !== contactDisplayName(values).toLowerCase()) notice(tally, row, `merged into ${into}`);
    }

    // change_seq is the database's to set (migration 0050). The keys were derived with the row; only a row
    // a later line of the file merged into needs them again (parsing phones is the dearest step here).
    const inserts = [...targets.values()]
      .filter((t) => t.isNew)
      .map(({ row: { change_seq: _seq, ...row }, dirty }) => (dirty ? { ...row, ...derivedKeys(row, deps.config.defaultCountry) } : row));
    await contacts.insertMany(inserts);
    await contacts.counter.adjust(inserts.length);
    const changes: { contactId: string; previous: Record<string, unknown>; versionAfter: number }[] = [];
    for (const target of targets.values()) {
      if (target.isNew || !target.dirty) continue;
      const changed = Object.keys(target.previous) as Field[];
      const set = Object.fromEntries(UPDATABLE.map((f) => [f, target.row[f]]));
      const written = await contacts.update(
        target.row.id,
        { ...set, ...derivedKeys(target.row, deps.config.defaultCountry), updated_at: now, version: target.row.version + 1 },
        target.row.version,
      );
      if (!written) {
        // Edited by someone between our read and this write (the row lock of PostgreSQL aside): leave it.
        tally.merged--;
        tally.failed++;
        if (tally.errors.length < KEEP_ERRORS)
          tally.errors.push({
            row: "-",
            message: `${contactDisplayName(target.row)} was being edited and was not merged; import the file again`,
          });
        continue;
      }
      if (changed.length) changes.push({ contactId: target.row.id, previous: target.previous, versionAfter: target.row.version + 1 });
    }
    await repos.imports(organizationId).recordChanges(importId, changes);
    await repos.imports(organizationId).update(importId, progress(tally));
  });
}

/** The record's columns for a tally. */
export function progress(tally: RunTally) {
  return {
    processed: tally.processed,
    imported: tally.imported,
    merged: tally.merged,
    skipped: tally.skipped,
    failed: tally.failed,
    errors: JSON.stringify(tally.errors),
    notices: JSON.stringify(tally.notices),
    failed_rows: JSON.stringify(tally.failedRows),
    heartbeat_at: nowIso(),
  };
}

/** Restores what a run changed on existing contacts, unless they were edited since (those are listed). */
export async function undoChanges(repos: Repositories, organizationId: string, importId: string, now: string, country: CountryCode) {
  const restored: string[] = [];
  const editedSince: { id: string; name: string }[] = [];
  let after = "";
  for (;;) {
    const batch = await repos.imports(organizationId).changes(importId, after, 500);
    if (batch.length === 0) break;
    after = batch.at(-1)!.contact_id;
    await repos.transaction(async (trx) => {
      const contacts = trx.contacts(organizationId);
      for (const change of batch) {
        const current = await contacts.find(change.contact_id);
        if (!current || current.import_id === importId) continue;
        if (current.version !== change.version_after) {
          editedSince.push({ id: current.id, name: contactDisplayName(current) });
          continue;
        }
        const previous = JSON.parse(change.previous) as Partial<Pick<ContactRow, Field>>;
        const merged = { ...current, ...previous };
        await contacts.update(
          current.id,
          { ...previous, ...derivedKeys(merged, country), updated_at: now, version: current.version + 1 },
          current.version,
        );
        restored.push(current.id);
      }
    });
  }
  return { restored: restored.length, editedSince };
}
