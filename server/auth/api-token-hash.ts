import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { API_TOKEN_PREFIX } from "../../shared/api-tokens.js";

// API tokens are 256 random bits, so a slow hash buys nothing against guessing offline: one HMAC-SHA-256
// under a key derived from the server secret (AUTH_SECRET) makes a stolen table useless without the
// secret, and costs microseconds per request (ADR 024, as app passwords do in ADR 013).

const SECRET_BYTES = 32;
/** `cbk_` and 32 bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^cbk_[A-Za-z0-9_-]{43}$/;

const keys = new Map<string, Buffer>();

function keyOf(serverSecret: string): Buffer {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", serverSecret, "", "contactbook api tokens", 32));
    keys.set(serverSecret, key);
  }
  return key;
}

/** A new secret: the prefix secret scanners look for, then 256 random bits. */
export const newApiTokenSecret = (): string => API_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString("base64url");

/** Whether a string has a token's shape (anything else is refused before the database is asked). */
export const looksLikeApiToken = (value: string): boolean => TOKEN_SHAPE.test(value);

/** The stored form of a secret: it finds the row by equality, so no comparison of secrets is timed. */
export const apiTokenDigest = (serverSecret: string, token: string): string =>
  "hmac-sha256$" + createHmac("sha256", keyOf(serverSecret)).update(token, "utf8").digest("hex");
