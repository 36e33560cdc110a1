// Organization API tokens (ADR 024): made, listed and revoked by the owner and admins; a request
// bearing one acts as the token, within its scopes, for the organization that made it.
import { API_SCOPES, API_TOKENS_MAX, type ApiScope, type ApiTokenView } from "../../shared/api-tokens.js";
import type { ApiTokenCreateInput } from "../../shared/api-token-schemas.js";
import { matrixRole } from "../../shared/policy/can.js";
import type { TokenActor } from "../../shared/policy/types.js";
import { userDisplayName } from "../../shared/user-display.js";
import { apiTokenDigest, looksLikeApiToken, newApiTokenSecret } from "../auth/api-token-hash.js";
import type { AppDeps } from "../deps.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { apiTokenUseIsNews } from "../db/repositories/api-tokens.js";
import { AppError, notFound, rateLimited } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";

const scopesOf = (text: string): ApiScope[] => API_SCOPES.filter((scope) => text.split(" ").includes(scope));

interface ListedRow {
  id: string;
  name: string;
  scopes: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  created_by: string | null;
  email: string | null;
  creator_name: string | null;
}

const present = (row: ListedRow): ApiTokenView => ({
  id: row.id,
  name: row.name,
  scopes: scopesOf(row.scopes),
  createdAt: toIso(row.created_at)!,
  expiresAt: toIso(row.expires_at),
  lastUsedAt: toIso(row.last_used_at),
  createdBy: row.created_by && row.email ? { id: row.created_by, name: userDisplayName(row.creator_name, row.email) } : null,
});

/** A new token: the secret is answered this once and kept only as its keyed hash. */
export async function createApiToken(deps: AppDeps, actor: OrgActor, input: ApiTokenCreateInput) {
  authorize(actor, "apiTokens.manage");
  const organizationId = actor.organizationId;
  const token = newApiTokenSecret();
  const scopes = API_SCOPES.filter((scope) => input.scopes.includes(scope));
  const row = {
    id: newId(),
    organization_id: organizationId,
    name: input.name,
    scopes: scopes.join(" "),
    token_hash: apiTokenDigest(deps.config.authSecret, token),
    created_by: actor.userId,
    created_at: nowIso(),
    expires_at: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
  };
  await deps.repos.transaction(async (repos) => {
    if ((await repos.apiTokens.countActive(organizationId)) >= API_TOKENS_MAX) {
      throw new AppError(409, "TOO_MANY", `This organization has ${API_TOKENS_MAX} API tokens. Revoke one it no longer uses first.`);
    }
    await repos.apiTokens.insert(row);
    await repos.audit.write({
      organizationId,
      userId: actor.userId,
      tableName: "api_tokens",
      recordId: row.id,
      operation: "API_TOKEN_CREATED",
      newData: { name: row.name, scopes, expiresAt: row.expires_at },
    });
  });
  const created = await deps.repos.apiTokens.find(organizationId, row.id);
  if (!created) throw notFound("API token not found.");
  return { token, apiToken: present(created) };
}

/** The organization's tokens that still work or have expired, newest first; never their secrets. */
export async function listApiTokens(deps: AppDeps, actor: OrgActor): Promise<{ items: ApiTokenView[] }> {
  authorize(actor, "apiTokens.manage");
  return { items: (await deps.repos.apiTokens.listOfOrganization(actor.organizationId, API_TOKENS_MAX)).map(present) };
}

/** Revokes a token: its next request is refused (401). */
export async function revokeApiToken(deps: AppDeps, actor: OrgActor, id: string): Promise<void> {
  authorize(actor, "apiTokens.manage");
  await deps.repos.transaction(async (repos) => {
    const name = await repos.apiTokens.revoke(actor.organizationId, id, nowIso());
    if (name === undefined) throw notFound("API token not found.");
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "api_tokens",
      recordId: id,
      operation: "API_TOKEN_REVOKED",
      newData: { name },
    });
  });
}

const refused = (message: string) => new AppError(401, "INVALID_TOKEN", message);

/**
 * The actor a bearer token is on /api/orgs/:orgId: 401 unless it is a live token (known, not revoked,
 * not expired, its creator still the owner or an admin there), 404 when it belongs to another
 * organization, 429 past API_TOKEN_RATE_LIMIT. Read from the database on every request, so a
 * revocation or a creator's demotion counts from the next one.
 */
export async function authenticateApiToken(deps: AppDeps, token: string, organizationId: string): Promise<TokenActor> {
  if (!looksLikeApiToken(token)) throw refused("This API token is not valid.");
  const row = await deps.repos.apiTokens.findByHash(apiTokenDigest(deps.config.authSecret, token));
  if (!row) throw refused("This API token is not valid.");
  if (row.revoked_at !== null) throw refused("This API token was revoked.");
  const now = new Date();
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()) throw refused("This API token has expired.");
  if (row.organization_id !== organizationId) throw notFound("Organization not found.");
  const creator = row.created_by && row.role ? matrixRole({ role: row.role, isOwner: row.owner_id === row.created_by }) : null;
  if (creator !== "owner" && creator !== "admin") {
    throw refused("This API token's creator is no longer an owner or admin of this organization. Ask an admin for a new token.");
  }
  const rule = { name: "api-token", ...deps.config.apiTokenRateLimit };
  if (!(await deps.repos.rateLimits.consume(`${rule.name}|token:${row.id}`, rule))) {
    throw rateLimited(`This API token made more than ${rule.max} requests in ${rule.windowSeconds} seconds. Please slow down.`);
  }
  // Awaited (once a minute at most), so a list read right after a use shows it.
  if (apiTokenUseIsNews(row.last_used_at, now)) {
    await deps.repos.apiTokens
      .touch(row.id, now)
      .catch((error) => deps.log.warn("api token last use not recorded", { error: String(error) }));
  }
  return { userId: row.created_by!, organizationId, token: { id: row.id, name: row.name, scopes: scopesOf(row.scopes) } };
}
