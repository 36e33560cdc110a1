import { nowIso } from "../../db/ids.js";
import type { SentRow } from "./prepare.js";

// What a run counts and keeps as it goes (its summary), and the record's columns for it.

export const KEEP_ERRORS = 1000;
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
  /** Values the written rows held that were left out, by source (column or property). */
  leftOut: Map<string, number>;
  /** With labels as groups: the groups the run created and the memberships it added; else null. */
  groups: { created: number; added: number } | null;
}

export const emptyTally = (labelsAsGroups = false): RunTally => ({
  processed: 0,
  imported: 0,
  merged: 0,
  skipped: 0,
  failed: 0,
  errors: [],
  notices: [],
  failedRows: [],
  leftOut: new Map(),
  groups: labelsAsGroups ? { created: 0, added: 0 } : null,
});

export function fail(tally: RunTally, row: SentRow, message: string) {
  tally.failed++;
  if (tally.errors.length < KEEP_ERRORS) tally.errors.push({ row: row.label, message: `${row.label}: ${message}` });
  if (tally.failedRows.length < KEEP_FAILED_ROWS) tally.failedRows.push(row.raw);
}

export function notice(tally: RunTally, row: SentRow, message: string) {
  if (tally.notices.length < KEEP_NOTICES) tally.notices.push({ row: row.label, message: `${row.label}: ${message}` });
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
    left_out: JSON.stringify([...tally.leftOut].map(([source, values]) => ({ source, values }))),
    groups: tally.groups ? JSON.stringify(tally.groups) : null,
    heartbeat_at: nowIso(),
  };
}

/** Adds a batch's tally to the run's (the run's kept lists stay within their bounds). */
export function mergeTally(into: RunTally, from: RunTally): RunTally {
  into.processed += from.processed;
  into.imported += from.imported;
  into.merged += from.merged;
  into.skipped += from.skipped;
  into.failed += from.failed;
  into.errors.push(...from.errors.slice(0, Math.max(0, KEEP_ERRORS - into.errors.length)));
  into.notices.push(...from.notices.slice(0, Math.max(0, KEEP_NOTICES - into.notices.length)));
  into.failedRows.push(...from.failedRows.slice(0, Math.max(0, KEEP_FAILED_ROWS - into.failedRows.length)));
  for (const [source, values] of from.leftOut) into.leftOut.set(source, (into.leftOut.get(source) ?? 0) + values);
  if (into.groups && from.groups) {
    into.groups.created += from.groups.created;
    into.groups.added += from.groups.added;
  }
  return into;
}

/** A copy of a tally, its lists and map copied too. */
export const copyTally = (tally: RunTally): RunTally => mergeTally(emptyTally(tally.groups !== null), tally);
