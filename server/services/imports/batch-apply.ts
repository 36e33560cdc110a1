import type { Repositories } from "../../db/repositories/index.js";
import { recordImportHistory } from "../contact-history.js";
import type { BatchPlan } from "./batch-plan.js";
import { heldPrint, lockNames } from "./batch-plan.js";
import { type BatchGroups, addToLabelledGroups, runGroups } from "./groups.js";
import { KEEP_ERRORS, type progress } from "./tally.js";

// The second half of an import batch: its statements, in the caller's transaction. It runs on the
// request thread, or on a writing thread of its own for a large SQLite import (writer-thread.ts), so
// it takes nothing but the plan and plain values.

export interface ApplyInput {
  organizationId: string;
  importId: string;
  plan: BatchPlan;
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
  // The same locks a create of the number takes.
  await contacts.lockPhones(lockNames(plan.keys));
  const numbers = repos.davCards(organizationId);
  const from = await numbers.currentSeq();
  // Nobody but the run changed a contact of the book since the plan's holders were read: it stands.
  // Else the holders of its keys are read again; only a change among them makes it stale.
  const untouched = from === input.expect;
  if (input.check && !untouched) {
    if (heldPrint(await contacts.keyContacts(plan.keys), new Set(plan.pendingIds)) !== plan.held) return { stale: true };
  }
  await contacts.insertPacked(plan.inserts, plan.insertKeys);
  for (const { id, photo } of plan.photos) await repos.contactPhotos(organizationId).put(id, photo, plan.now);
  await contacts.counter.adjust(plan.inserts.count);
  const notMerged = new Set<string>();
  const changes: { contactId: string; previous: Record<string, unknown>; versionAfter: number }[] = [];
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
export const notMergedMessage = (display: string) => `${display} was being edited and was not merged; import the file again`;

/** The run record's columns with what only the write learnt: contacts not merged into, groups made. */
function counted(columns: ApplyInput["progress"], plan: BatchPlan, notMerged: ReadonlySet<string>, groups: BatchGroups | null) {
  const result = { ...columns };
  if (notMerged.size) {
    result.merged -= notMerged.size;
    result.failed += notMerged.size;
    const errors = JSON.parse(result.errors) as { row: string; message: string }[];
    for (const u of plan.updates)
      if (notMerged.has(u.id) && errors.length < KEEP_ERRORS) errors.push({ row: "-", message: notMergedMessage(u.display) });
    result.errors = JSON.stringify(errors);
  }
  if (groups && result.groups) {
    const count = JSON.parse(result.groups) as { created: number; added: number };
    result.groups = JSON.stringify({ created: count.created + groups.created.length, added: count.added + groups.added });
  }
  return result;
}
