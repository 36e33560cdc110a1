import { matrixRole } from "./can.js";
import { tokenRule } from "./token-rules.js";
import type { Decision, OrgActor } from "./types.js";

/** Undoing an import is for the person who ran it, and for the organization's admins and owner. */
export function canUndoImport(actor: OrgActor, ranBy: string): Decision {
  if (actor.token) return tokenRule(actor, "contacts.import");
  if (actor.userId === ranBy || matrixRole(actor) !== "staff") return { allowed: true };
  return { allowed: false, message: "Only the person who ran the import, or an admin, can undo it" };
}
