import type { ImportMode } from "../../../shared/import-schemas.js";
import type { RunGroups } from "./groups.js";
import type { Named } from "./match.js";

/** A contact's names and their words, as a run read them (match.ts compares them). */
export interface HolderNames extends Named {
  /** Its name as the summary says it. */
  display: string;
}

/** What a run's batches share: who and how it imports, and the names of the contacts it has met. */
export interface RunContext {
  organizationId: string;
  importId: string;
  mode: ImportMode;
  /** The run's groups, with labels as groups. */
  labels: RunGroups | null;
  /** Rows the person left out in the preview, by their labels. */
  excluded: ReadonlySet<string>;
  /** Who runs the import: the stamps of the fields it writes name them (ADR 017). */
  by: string | null;
  /**
   * The contacts holding the keys the run looked up, by id: one record each, shared by the lists of all
   * its keys, with its names read once a run (an office line's holders come back with every batch that
   * has the number). A contact renamed meanwhile is read whole before anything merges into it, and
   * compared by its present names then.
   */
  people: Map<string, Holder>;
  /**
   * The holders of the keys the run looked up that someone held (`phone:...` -> contacts), with what its
   * own batches wrote since: an office line's ten holders are read once a run, not once a batch. A key
   * nobody held is not kept (holders.ts rememberHolders). They hold while
   * only the run writes to the book: each write checks that the book's change number moved by the
   * run's batches alone since `anchor` (batch-apply.ts), and the run forgets them all when it did not.
   */
  holders: Map<string, Holder[]>;
  /** The change number since which `holders` is exact; null when it holds nothing. */
  anchor: number | null;
}

/**
 * A contact the run met as a key's holder. The lists hold these records rather than ids: a batch walks
 * an office line's twenty holders for each of its rows, and a lookup by id for each was most of the
 * planning's time.
 */
export interface Holder {
  id: string;
  /** Its id's hash, for the holders' fingerprint (holders.ts). */
  hash: number;
  /** Its names; null: not active; undefined: not read yet. */
  names?: HolderNames | null;
}

/** FNV-1a of a text (32 bits). */
export function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The run's record of a contact, made on first meeting. */
export function holderOf(run: Pick<RunContext, "people">, id: string): Holder {
  let holder = run.people.get(id);
  if (!holder) run.people.set(id, (holder = { id, hash: textHash(id) }));
  return holder;
}

export const runContext = (run: Omit<RunContext, "people" | "holders" | "anchor">): RunContext => ({
  ...run,
  people: new Map(),
  holders: new Map(),
  anchor: null,
});

/** Forgets the holders the run knew (someone else wrote to the book meanwhile). */
export function forgetHolders(run: RunContext) {
  run.holders = new Map();
  run.anchor = null;
}
