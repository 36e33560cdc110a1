// The contact's history on the wire (ADR 016): the server's presenter returns these and the History tab
// reads them.
import type { FieldChange } from "./contact-model/diff.js";

/** Where a change came from: the app, a device over CardDAV, an import run, an API token (ADR 024). */
export const HISTORY_SOURCES = ["app", "carddav", "import", "api"] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

/** What was done; 'restore' is an earlier version's values put back, 'undelete' a contact taken out of the trash. */
export const HISTORY_ACTIONS = {
  create: "Created",
  update: "Edited",
  merge: "Merged",
  delete: "Moved to trash",
  undelete: "Restored from trash",
  purge: "Deleted permanently",
  restore: "Restored an earlier version",
  undo: "Import undone",
  unmerge: "Merge undone",
} as const;
export type HistoryAction = keyof typeof HISTORY_ACTIONS;

export interface HistoryItem {
  version: number;
  at: string;
  /** The person (null once their account is gone). */
  user: { id: string; name: string } | null;
  source: HistorySource;
  /** The device (CardDAV: its app password's name), the import's file name or the API token's name. */
  actor: string | null;
  action: HistoryAction;
  changes: FieldChange[];
}

export interface HistoryPage {
  items: HistoryItem[];
  nextCursor: string | null;
}
