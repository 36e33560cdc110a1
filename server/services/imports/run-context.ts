import type { ImportMode } from "../../../shared/import-schemas.js";
import type { RunGroups } from "./groups.js";

/** A contact's names and their words, as a run read them (match.ts compares them). */
export interface HolderNames {
  /** Its name as the summary says it. */
  display: string;
  /** Its nameKey. */
  words: string;
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
   * The names of the contacts holding the keys the run looked up, by id (null: not active), read once a
   * run: an office line's holders come back with every batch that has the number. A contact renamed
   * meanwhile is read whole before anything merges into it, and compared by its present names then.
   */
  names: Map<string, HolderNames | null>;
  /**
   * The holders of every key the run looked up (`phone:...` -> contact ids), with what its own batches
   * wrote since: an office line's ten holders are read once a run, not once a batch. They hold while
   * only the run writes to the book: each write checks that the book's change number moved by the
   * run's batches alone since `anchor` (batch-apply.ts), and the run forgets them all when it did not.
   */
  holders: Map<string, string[]>;
  /** The change number since which `holders` is exact; null when it holds nothing. */
  anchor: number | null;
}

export const runContext = (run: Omit<RunContext, "names" | "holders" | "anchor">): RunContext => ({
  ...run,
  names: new Map(),
  holders: new Map(),
  anchor: null,
});

/** Forgets the holders the run knew (someone else wrote to the book meanwhile). */
export function forgetHolders(run: RunContext) {
  run.holders = new Map();
  run.anchor = null;
}
