import { createHash, randomInt } from "node:crypto";
import { APP_PASSWORDS_MAX, type AppPasswordSummary } from "../../shared/app-password-schemas.js";
import type { Actor, AppDeps } from "../deps.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { AppError, notFound, rateLimited } from "../errors.js";

// No 0/o, 1/l/i: read off one screen and typed on another.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUPS = 4;
const GROUP_LENGTH = 5;

/** 20 characters of 31: about 99 bits, in groups of five ("k3rt9-..."), so a phone keyboard copes. */
function generateSecret(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = "";
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

const present = (row: { id: string; name: string; created_at: Date | string; last_used_at: Date | string | null }): AppPasswordSummary => ({
  id: row.id,
  name: row.name,
  created_at: toIso(row.created_at)!,
  last_used_at: toIso(row.last_used_at),
});

/** A new app password for the signed-in account: the secret is answered this once and stored hashed. */
export async function createAppPassword(deps: AppDeps, actor: Actor, name: string) {
  const existing = await deps.repos.appPasswords.listOfUser(actor.userId);
  if (existing.length >= APP_PASSWORDS_MAX) {
    throw new AppError(409, "TOO_MANY", `You have ${APP_PASSWORDS_MAX} app passwords. Revoke one you no longer use first.`);
  }
  const password = generateSecret();
  // The same scrypt (and hashing threads) as account passwords.
  const hash = await (await deps.auth.$context).password.hash(password);
  const row = { id: newId(), user_id: actor.userId, name, password_hash: hash, created_at: nowIso() };
  await deps.repos.appPasswords.insert(row);
  return { appPassword: present({ ...row, last_used_at: null }), password };
}

export async function listAppPasswords(deps: AppDeps, actor: Actor): Promise<AppPasswordSummary[]> {
  return (await deps.repos.appPasswords.listOfUser(actor.userId)).map(present);
}

export async function revokeAppPassword(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deps.repos.appPasswords.delete(actor.userId, id))) throw notFound("App password not found.");
}

/**
 * Proven (row, secret) pairs, so a client that authenticates every request costs one scrypt per
 * password, not per request. Only the match is remembered: revocation and membership are read from
 * the database on every request, so they still apply at once.
 */
const proven = new Map<string, true>();
const PROVEN_MAX = 10_000;
const provenKey = (rowId: string, hash: string, secret: string) =>
  createHash("sha256").update(`${rowId}\0${hash}\0${secret}`).digest("base64");

/**
 * The account an e-mail and app password belong to, or null. Failed attempts count per client address
 * with sign-in's allowance (SIGN_IN_RATE_LIMIT); once it is used up, every attempt is refused (429)
 * until the window ends, so passwords cannot be guessed through CardDAV either.
 */
export async function authenticateAppPassword(deps: AppDeps, email: string, secret: string, clientIp: string) {
  const rule = { name: "dav-auth", ...deps.config.signInRateLimit };
  const key = `${rule.name}|ip:${clientIp}`;
  if (await deps.repos.rateLimits.exhausted(key, rule)) throw rateLimited();
  const normalized = secret.trim().toLowerCase();
  const candidates = email && normalized ? await deps.repos.appPasswords.candidatesByEmail(email) : [];
  let match: (typeof candidates)[number] | undefined;
  for (const row of candidates) {
    const cacheKey = provenKey(row.id, row.password_hash, normalized);
    if (proven.has(cacheKey)) {
      match = row;
      break;
    }
    if (await (await deps.auth.$context).password.verify({ hash: row.password_hash, password: normalized })) {
      if (proven.size >= PROVEN_MAX) proven.clear();
      proven.set(cacheKey, true);
      match = row;
      break;
    }
  }
  if (!match) {
    await deps.repos.rateLimits.consume(key, rule);
    return null;
  }
  await deps.repos.appPasswords.touch(match.id, new Date());
  return { userId: match.user_id, email: match.email };
}
