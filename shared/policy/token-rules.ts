import { API_SCOPES, type ApiScope } from "../api-tokens.js";
import { ACTIONS, type Action } from "../permissions.js";
import type { Decision, TokenActor } from "./types.js";

/**
 * What each scope opens. Everything else (members, settings, the trash, merging, imports, the audit
 * log, API tokens themselves) no token reaches: those stay with people signed in.
 */
export const SCOPE_ACTIONS: Record<ApiScope, readonly Action[]> = {
  "contacts:read": ["contacts.view"],
  "contacts:write": ["contacts.create", "contacts.edit", "contacts.delete", "contacts.favorite"],
  "groups:read": ["groups.view"],
  "groups:write": ["groups.manage", "groups.members"],
  export: ["contacts.export"],
};

/** The scope that opens an action, if any does. */
export const scopeOf = (action: Action): ApiScope | undefined => API_SCOPES.find((scope) => SCOPE_ACTIONS[scope].includes(action));

const lower = (action: Action) => ACTIONS[action].charAt(0).toLowerCase() + ACTIONS[action].slice(1);

/** A token may do what one of its scopes opens, and nothing else. */
export function tokenRule(actor: TokenActor, action: Action): Decision {
  const scope = scopeOf(action);
  if (scope === undefined) return { allowed: false, message: `API tokens cannot ${lower(action)}. Sign in to the app to do this.` };
  if (actor.token.scopes.includes(scope)) return { allowed: true };
  return { allowed: false, message: `This API token cannot ${lower(action)}: it needs the "${scope}" scope.` };
}
