import { randomInt } from "node:crypto";
import { APP_PASSWORDS_MAX, type AppPasswordSummary } from "../../shared/app-password-schemas.js";
import { appPasswordHash, isKeyedHash, sameKeyedHash } from "../auth/app-password-hash.js";
import type { Actor, AppDeps } from "../deps.js";
import { isUniqueViolation } from "../db/constraint-errors.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { AppError, notFound, rateLimited } from "../errors.js";

// No 0/o, 1/l/i: read off one screen and typed on another.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUP_LENGTH = 5;
const SECRET_GROUPS = 4;

const group = () => {
  let text = "";
  for (let i = 0; i < GROUP_LENGTH; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
};

/**
 * `<key id>-<secret>`: five groups of five ("k3rt9-..."), so a phone keyboard copes. The first group
 * is the key id that finds the row (unique per account); the other four are the secret, about 99 bits.
 */
const generatePassword = (keyId: string) => [keyId, ...Array.from({ length: SECRET_GROUPS }, group)].join("-");

const GROUP = `[${ALPHABET}]{${GROUP_LENGTH}}`;
/** A password with a key id (normalised: trimmed, lower case). */
const KEYED_PASSWORD = new RegExp(`^(${GROUP})(?:-${GROUP}){${SECRET_GROUPS}}$`);
/** A password made before key ids (migration 0060): four groups. */
const OLDER_PASSWORD = new RegExp(`^${GROUP}(?:-${GROUP}){${SECRET_GROUPS - 1}}$`);

const present = (row: { id: string; name: string; created_at: Date | string; last_used_at: Date | string | null }): AppPasswordSummary => ({
  id: row.id,
  name: row.name,
  created_at: toIso(row.created_at)!,
  last_used_at: toIso(row.last_used_at),
});

/** A new app password for the signed-in account: the secret is answered this once and stored as a keyed hash. */
export async function createAppPassword(deps: AppDeps, actor: Actor, name: string) {
  const existing = await deps.repos.appPasswords.listOfUser(actor.userId);
  if (existing.length >= APP_PASSWORDS_MAX) {
    throw new AppError(409, "TOO_MANY", `You have ${APP_PASSWORDS_MAX} app passwords. Revoke one you no longer use first.`);
  }
  // A key id is unique per account; two of 28 million meeting is rare, so drawing again is enough.
  for (let attempt = 0; ; attempt++) {
    const keyId = group();
    const password = generatePassword(keyId);
    const row = {
      id: newId(),
      user_id: actor.userId,
      name,
      key_id: keyId,
      password_hash: appPasswordHash.digest(deps.config.authSecret, password),
      created_at: nowIso(),
    };
    try {
      await deps.repos.appPasswords.insert(row);
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
    return { appPassword: present({ ...row, last_used_at: null }), password };
  }
}

export async function listAppPasswords(deps: AppDeps, actor: Actor): Promise<AppPasswordSummary[]> {
  return (await deps.repos.appPasswords.listOfUser(actor.userId)).map(present);
}

export async function revokeAppPassword(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deps.repos.appPasswords.delete(actor.userId, id))) throw notFound("App password not found.");
}

/**
 * The account an e-mail and app password belong to, or null. Every attempt is counted per client
 * address against sign-in's allowance (SIGN_IN_RATE_LIMIT) *before* it is checked, and a right one
 * gives its count back: attempts sent at once are limited like attempts sent in turn, and once the
 * allowance is used up every attempt is refused (429) until the window ends.
 */
export async function authenticateAppPassword(deps: AppDeps, email: string, secret: string, clientIp: string) {
  const rule = { name: "dav-auth", ...deps.config.signInRateLimit };
  const key = `${rule.name}|ip:${clientIp}`;
  if (!(await deps.repos.rateLimits.consume(key, rule))) throw rateLimited();
  const match = await findAppPassword(deps, email, secret);
  if (!match) return null;
  await deps.repos.rateLimits.release(key, rule);
  await deps.repos.appPasswords.touch(match.id, new Date());
  return { userId: match.user_id, email: match.email, appPasswordId: match.id, appPasswordName: match.name };
}

/**
 * One keyed hash and one lookup by (e-mail, key id) per attempt, whether the address is unknown, has
 * no app passwords or has fifty: the answer's timing says nothing about who uses CardDAV.
 */
async function findAppPassword(deps: AppDeps, email: string, secret: string) {
  const password = secret.trim().toLowerCase();
  const digest = appPasswordHash.digest(deps.config.authSecret, password);
  const keyId = KEYED_PASSWORD.exec(password)?.[1];
  if (keyId) {
    const row = await deps.repos.appPasswords.findByKey(email, keyId);
    return row && sameKeyedHash(row.password_hash, digest) ? row : undefined;
  }
  return OLDER_PASSWORD.test(password) ? findOlderPassword(deps, email, password, digest) : undefined;
}

/**
 * A password made before key ids (migration 0060) is found among the account's older ones: by its
 * keyed hash once it has been used, else by scrypt, after which its hash becomes the keyed one. So
 * each older password costs scrypt until its first use after the upgrade, and never again.
 */
async function findOlderPassword(deps: AppDeps, email: string, password: string, digest: string) {
  const rows = await deps.repos.appPasswords.withoutKeyOfEmail(email);
  const rehashed = rows.find((row) => sameKeyedHash(row.password_hash, digest));
  if (rehashed) return rehashed;
  const hasher = (await deps.auth.$context).password;
  for (const row of rows) {
    if (isKeyedHash(row.password_hash)) continue;
    if (await hasher.verify({ hash: row.password_hash, password })) {
      await deps.repos.appPasswords.rehash(row.id, row.password_hash, digest);
      return row;
    }
  }
  return undefined;
}
