// Organization API tokens (ADR 024), without zod: the Integrations screen and the policy read these.

/** What a token may be granted; each opens a fixed set of actions (shared/policy/token-rules.ts). */
export const API_SCOPES = ["contacts:read", "contacts:write", "groups:read", "groups:write", "export"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "contacts:read": "Read contacts",
  "contacts:write": "Create, edit and delete contacts",
  "groups:read": "Read groups",
  "groups:write": "Create, edit and delete groups and their members",
  export: "Export the book (CSV, vCard)",
};

/** How every secret begins, so secret scanners can recognise a leaked one. */
export const API_TOKEN_PREFIX = "cbk_";

export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** More would be forgotten integrations; revoking one makes room. */
export const API_TOKENS_MAX = 50;

/** A token as the list shows it: never its secret. */
export interface ApiTokenView {
  id: string;
  name: string;
  scopes: ApiScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  /** Who made it (null once their account is gone). */
  createdBy: { id: string; name: string } | null;
}
