import type { Group } from "../types";

/** The one dialog open on the Groups screen, with the group it is about (the "selection"). */
export type GroupDialog =
  | { kind: "form"; group: Group | null }
  | { kind: "delete"; group: Group }
  | { kind: "add-members"; group: Group }
  | { kind: "members"; group: Group }
  | null;

/** What a row's buttons and menu can ask for. */
export type GroupAction = "edit" | "add-members" | "members" | "delete";
