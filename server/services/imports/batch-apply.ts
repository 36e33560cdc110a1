import type { Repositories } from "../../db/repositories/index.js";
import { recordImportHistory } from "../contact-history.js";
import type { BatchPlan } from "./batch-plan.js";
import { heldPrint } from "./holders.js";
import { type BatchGroups, addToLabelledGroups, runGroups } from "./groups.js";
import { KEEP_ERRORS, type progress } from "./tally.js";
import type { ImportChange } from "../../db/repositories/imports.js";

// The second half of an import batch: its statements, in the caller's transaction. It runs on the
// request thread, or on a writing thread of its own for a large SQLite import (writer-thread.ts), so
// it takes nothing but the plan and plain values.

/** What of a plan its write reads: the rest (what later batches and the summary learn) stays on the planning thread. */
export type WritePlan = Omit<BatchPlan, "pending" | "names" | "tally" | "tooLong">;

/** A plan without what its write does not read: less to copy to the writing thread and back into objects there. */
export const writePlan = ({ pending: _p, names: _n, tally: _t, tooLong: _l, ...plan }: BatchPlan): WritePlan => plan;

export interface ApplyInput {
  organizationId: string;
  importId: string;
  plan: WritePlan;
  /** The run record's columns once this batch is counted. */
  progress: ReturnType<typeof progress>;
  /** The run's groups found so far (label key -> group id), with labels as groups; else null. */
  groupIds: Map<string, string> | null;
  /** The plan was made outside this transaction: its holders are read again under their locks first. */
  check: boolean;
  /** The book's change number if nobody but the run wrote since the plan's holders were read; else null. */
  expect: number | null;
}

/** The book's last change number before a batch's statements and after them. */
export interface ChangeSpan {
  from: number;
  to: number;
}

export type ApplyResult =
  /** Someone else gave or took one of the batch's numbers or e-mails since the plan: plan again. */
  | { stale: true }
  | {
      stale: false;
      /** Contacts edited by someone since the plan was read: left as they are. */
      notMerged: string[];
      groups: BatchGroups | null;
      span: ChangeSpan;
    };

/** Writes a planned batch; answers what it could not write, or that the plan is stale (nothing written). */
export async function applyPlan(repos: Repositories, input: ApplyInput): Promise<ApplyResult> {
  const { organizationId, importId, plan } = input;
  const contacts = repos.contacts(organizationId);
  // The same locks a create of the number takes, with the merged contacts' keys: all in one order now,
  // none later by the key counts' trigger (key-locks.ts).
  await contacts.lockKeys([...plan.keys, ...plan.updates.flatMap((u) => u.keys)]);
  const numbers = repos.davCards(organizationId);
  const from = await numbers.currentSeq();
  // Nobody but the run changed a contact of the book since the plan's holders were read: it stands.
  // Else the holders of its keys are read again; only a change among them makes it stale.
  const untouched = from === input.expect;
  if (input.check && !untouched) {
    if (heldPrint(await contacts.keyContacts(plan.keys), new Set(plan.pendingIds)) !== plan.held) return { stale: true };
  }
  await contacts.insertPacked(plan.inserts, plan.insertKeys, plan.unsharedKeys);
  for (const { id, photo } of plan.photos) await repos.contactPhotos(organizationId).put(id, photo, plan.now);
  await contacts.counter.adjust(plan.inserts.count);
  const notMerged = new Set<string>();
  const changes: ImportChange[] = [];
  for (const update of plan.updates) {
    // Edited by someone between our read and this write (the row lock of PostgreSQL aside): leave it.
    if (!(await contacts.update(update.id, update.columns, update.version))) {
      notMerged.add(update.id);
      continue;
    }
    await contacts.replaceKeys(update.id, update.keys);
    if (Object.keys(update.previous).length)
      changes.push({ contactId: update.id, previous: update.previous, versionAfter: update.version + 1 });
  }
  await repos.imports(organizationId).recordChanges(importId, changes);
  await recordImportHistory(
    repos,
    organizationId,
    importId,
    plan.updates.filter((u) => !notMerged.has(u.id)).map((u) => u.history),
  );
  let groups: BatchGroups | null = null;
  if (input.groupIds) {
    const labelled = plan.labelled.filter((c) => !notMerged.has(c.id));
    groups = await addToLabelledGroups(repos, organizationId, importId, labelled, { ...runGroups(), ids: input.groupIds }, plan.now);
  }
  await repos.imports(organizationId).update(importId, counted(input.progress, plan, notMerged, groups));
  return { stale: false, notMerged: [...notMerged], groups, span: { from, to: await numbers.currentSeq() } };
}

/** What the summary says of a contact a batch could not merge into. */
const notMergedMessage = (display: string) => `${display} was being edited and was not merged; import the file again`;

/** The counts a write changes: the run's tally, or the run record's columns read back. */
interface Counts {
  merged: number;
  failed: number;
  errors: { row: string; message: string }[];
  groups: { created: number; added: number } | null;
}

/**
 * Counts what only the write learnt: a contact edited meanwhile was not merged into (its row failed,
 * and the summary says why), and the groups the batch made or filled. The run's tally (pipeline.ts) and
 * the run record written with the batch both count by this.
 */
export function countWritten(into: Counts, plan: Pick<BatchPlan, "updates">, notMerged: ReadonlySet<string>, groups: BatchGroups | null) {
  for (const u of plan.updates) {
    if (!notMerged.has(u.id)) continue;
    into.merged--;
    into.failed++;
    if (into.errors.length < KEEP_ERRORS) into.errors.push({ row: "-", message: notMergedMessage(u.display) });
  }
  if (into.groups && groups) {
    into.groups.created += groups.created.length;
    into.groups.added += groups.added;
  }
}

/** The run record's columns with what only the write learnt (countWritten). */
function counted(columns: ApplyInput["progress"], plan: WritePlan, notMerged: ReadonlySet<string>, groups: BatchGroups | null) {
  if (!notMerged.size && !groups) return columns;
  const counts: Counts = {
    merged: columns.merged,
    failed: columns.failed,
    errors: JSON.parse(columns.errors) as Counts["errors"],
    groups: columns.groups ? (JSON.parse(columns.groups) as Counts["groups"]) : null,
  };
  countWritten(counts, plan, notMerged, groups);
  return {
    ...columns,
    merged: counts.merged,
    failed: counts.failed,
    errors: JSON.stringify(counts.errors),
    groups: counts.groups ? JSON.stringify(counts.groups) : null,
  };
}
