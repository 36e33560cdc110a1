import { createHash, randomBytes } from "node:crypto";
import type { AppDeps } from "../deps.js";
import type { TokenKind } from "../db/repositories/verifications.js";

export type { TokenKind };

const identifier = (kind: TokenKind, token: string) => `${kind}:${token}`;

/**
 * A new single-use link token for the user. Issuing one revokes the user's older tokens of the same
 * kind, so only the newest link mailed to a person works.
 */
export async function issueToken(deps: AppDeps, kind: TokenKind, userId: string, seconds: number): Promise<string> {
  const ctx = await deps.auth.$context;
  const token = randomBytes(24).toString("base64url");
  await deps.repos.tokens.revoke([userId], [kind]);
  await ctx.internalAdapter.createVerificationValue({
    identifier: identifier(kind, token),
    value: userId,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
  return token;
}

/** The user a token is live for (exists, unexpired, account still there), without using it up. */
export async function peekToken(deps: AppDeps, kind: TokenKind, token: string): Promise<string | null> {
  const ctx = await deps.auth.$context;
  const row = await ctx.internalAdapter.findVerificationValue(identifier(kind, token));
  if (!row || new Date(row.expiresAt) < new Date()) return null;
  return (await deps.repos.users.exists(row.value)) ? row.value : null;
}

/** Uses a token up (atomically: of two concurrent uses one gets null) and returns its live user. */
export async function consumeToken(deps: AppDeps, kind: TokenKind, token: string): Promise<string | null> {
  const ctx = await deps.auth.$context;
  const row = await ctx.internalAdapter.consumeVerificationValue(identifier(kind, token));
  if (!row || new Date(row.expiresAt) < new Date()) return null;
  return (await deps.repos.users.exists(row.value)) ? row.value : null;
}

/**
 * Every outstanding link and every app password (CardDAV) of the account stop working: after any
 * password change, and on deletion.
 */
export async function revokeAccountTokens(deps: AppDeps, userId: string): Promise<void> {
  await deps.repos.transaction(async (repos) => {
    await repos.tokens.revoke([userId]);
    await repos.appPasswords.revokeAll([userId]);
  });
}

/** The hash an invitation keeps of the set-password link mailed with it (never the token itself). */
export const linkTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
