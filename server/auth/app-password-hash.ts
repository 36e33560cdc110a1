import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

// App passwords are ~100 random bits, so a slow hash buys nothing against guessing offline: one
// HMAC-SHA-256 under a key derived from the server secret (AUTH_SECRET) makes a stolen table useless
// without the secret, and makes a sign-in cost the same for every account (ADR 013).

/** How a stored keyed hash begins; anything else in `app_passwords.password_hash` is an older scrypt hash. */
export const KEYED_HASH_PREFIX = "hmac-sha256$";

const keys = new Map<string, Buffer>();

function keyOf(serverSecret: string): Buffer {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", serverSecret, "", "contactbook app passwords", 32));
    keys.set(serverSecret, key);
  }
  return key;
}

/** An object, so a test can count the hashes a sign-in costs. */
export const appPasswordHash = {
  /** The stored form of an app password (already normalised: trimmed, lower case). */
  digest(serverSecret: string, password: string): string {
    return KEYED_HASH_PREFIX + createHmac("sha256", keyOf(serverSecret)).update(password, "utf8").digest("hex");
  },
};

/** Whether a stored hash is this digest, compared in constant time. */
export function sameKeyedHash(stored: string, digest: string): boolean {
  const a = Buffer.from(stored, "utf8");
  const b = Buffer.from(digest, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const isKeyedHash = (stored: string) => stored.startsWith(KEYED_HASH_PREFIX);
