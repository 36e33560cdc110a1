import type { Member } from "../api";

/** The one dialog open on the User Management screen, with the member it is about. */
export type MemberDialog =
  | { kind: "add" }
  | { kind: "search" }
  | { kind: "duplicates" }
  | { kind: "edit"; member: Member }
  | { kind: "remove"; member: Member }
  | { kind: "reset"; member: Member }
  | null;

/** Row actions offered by the actions menu; "role" and "resetEmail" act without a dialog. */
export type MemberAction = "edit" | "role" | "reset" | "resetEmail" | "remove";
