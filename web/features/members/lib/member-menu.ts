import type { Ability, MemberAbilities } from "@shared/policy/member-abilities";

/** Whether an ability's entry appears at all (allowed, or refused with a reason worth showing). */
export const visible = (ability: Ability) => ability.allowed || ability.show;

/** True when the actions menu has at least one entry for this member. */
export function hasMemberActions(abilities: MemberAbilities): boolean {
  return [abilities.edit, abilities.role, abilities.resetPassword, abilities.sendResetEmail, abilities.remove].some(visible);
}

// Spec section 2 words the disabled Remove entry its own way; the server's refusal says the same thing.
const REMOVE_LABELS: Record<string, string> = {
  "Cannot remove organization owner": "Organization owner cannot be removed",
  "Cannot remove admin users from the organization": "Admin users cannot be removed",
};

export const removeLabel = (ability: Ability) => (ability.allowed ? "Remove User" : (REMOVE_LABELS[ability.reason] ?? ability.reason));
