import { type Action, roleAllows } from "../permissions.js";
import { can, matrixRole } from "./can.js";
import type { MemberTarget, OrgActor } from "./types.js";

/**
 * One entry of a member row's menu. `show: false` hides it (the role may not do this at all, or it is
 * the actor's own row); a refusal with `show: true` is displayed disabled with its reason.
 */
export type Ability = { allowed: true } | { allowed: false; show: boolean; reason: string };

export const MEMBER_ACTIONS = {
  edit: "members.edit",
  role: "members.role",
  resetPassword: "members.resetPassword",
  sendResetEmail: "members.sendResetEmail",
  remove: "members.remove",
  deleteAccount: "members.deleteAccount",
} as const satisfies Record<string, Action>;

export type MemberAbilities = Record<keyof typeof MEMBER_ACTIONS, Ability>;

/** What `actor` may do to `target`: sent with every member row, so screens never re-derive the rules. */
export function memberAbilities(actor: OrgActor, target: MemberTarget): MemberAbilities {
  const self = actor.userId === target.userId;
  const entries = Object.entries(MEMBER_ACTIONS).map(([key, action]): [string, Ability] => {
    const decision = can(actor, action, target);
    if (decision.allowed) return [key, { allowed: true }];
    const show = !self && !actor.token && roleAllows(matrixRole(actor), action);
    return [key, { allowed: false, show, reason: decision.message }];
  });
  return Object.fromEntries(entries) as MemberAbilities;
}
