import type { MatchKey } from "../../db/repositories/contacts.js";
import { type Named, keyOf } from "./match.js";
import { type Holder, type RunContext, holderOf, textHash } from "./run-context.js";

// The holders of the keys a run meets (an office line's colleagues): what a plan reads of them, what the
// run keeps of them between batches, and the fingerprint a write checks them by (batch-plan.ts,
// batch-apply.ts).

/** A contact an earlier batch still being written creates or changes: later batches see it as it will be. */
export interface PendingContact extends Named {
  id: string;
  display: string;
  /** Its keys after the write. */
  keys: MatchKey[];
  /** The keys it held before (a merge in 'update' mode may drop one): a row with one waits too. */
  was: MatchKey[];
}

/** One (key, holder) pair of the holders' fingerprint, from the hashes of both (textHash). */
function pairHash(key: number, id: number): number {
  // murmur3's finalizer: the pairs are summed, so each must spread over all 32 bits.
  let h = (key + Math.imul(id, 0x9e3779b1)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The holders of a batch's keys in a few bytes, whatever order they are read in: their count and the sum of their pairHash. */
function printOf(hashes: Iterable<number>): string {
  let count = 0;
  let sum = 0;
  for (const hash of hashes) {
    sum = (sum + hash) % 0x100000000;
    count++;
  }
  return `${count}:${sum}`;
}

/** heldPrint of holders as the database answers them (key, contact id), contacts being written left out. */
export function heldPrint(held: readonly (MatchKey & { contact_id: string })[], pendingIds: ReadonlySet<string>): string {
  return printOf(held.filter((h) => !pendingIds.has(h.contact_id)).map((h) => pairHash(textHash(keyOf(h)), textHash(h.contact_id))));
}

/** heldPrint of the holders a plan read, contacts being written left out (the plan knows them as they will be). */
export function planPrint(heldBy: ReadonlyMap<string, readonly Holder[]>, pending: ReadonlySet<Holder>): string {
  const hashes: number[] = [];
  for (const [key, holders] of heldBy) {
    if (holders.length === 0) continue;
    const keyHash = textHash(key);
    for (const h of holders) if (!pending.has(h)) hashes.push(pairHash(keyHash, h.hash));
  }
  return printOf(hashes);
}

export const NOBODY: readonly Holder[] = Object.freeze([]);

/**
 * Keeps the holders of keys a plan read for the run's later batches, with the contacts of the batch
 * still being written that will hold them (its new keys only). Only keys someone holds are kept (an
 * office line): a key nobody held is read again if a later row has it, and a run's hundred thousand
 * new numbers and e-mails would otherwise be live data every garbage collection marks again.
 */
export function rememberHolders(
  run: RunContext,
  unread: ReadonlyMap<string, MatchKey>,
  read: readonly (MatchKey & { contact_id: string })[],
  pending: ReadonlyMap<string, PendingContact>,
) {
  const lists = new Map<string, Holder[]>();
  for (const h of read) {
    if (pending.has(h.contact_id)) continue;
    const key = keyOf(h);
    const holder = holderOf(run, h.contact_id);
    const list = lists.get(key);
    if (list) list.push(holder);
    else lists.set(key, [holder]);
  }
  for (const contact of pending.values())
    for (const k of contact.keys) {
      const key = keyOf(k);
      if (!unread.has(key)) continue;
      const holder = holderOf(run, contact.id);
      const list = lists.get(key);
      if (!list) lists.set(key, [holder]);
      else if (!list.includes(holder)) list.push(holder);
    }
  for (const [key, list] of lists) run.holders.set(key, list);
}

/** Tells the run's holders what a committed batch wrote: its new contacts' keys, and its merges' keys as they are now. */
export function holdersAfter(run: RunContext, written: readonly PendingContact[]) {
  for (const contact of written) {
    const holder = holderOf(run, contact.id);
    for (const k of contact.was) {
      const id = keyOf(k);
      const list = run.holders.get(id);
      if (list?.includes(holder))
        run.holders.set(
          id,
          list.filter((h) => h !== holder),
        );
    }
    for (const k of contact.keys) {
      const id = keyOf(k);
      const list = run.holders.get(id);
      if (list && !list.includes(holder)) run.holders.set(id, [...list, holder]);
    }
  }
}
