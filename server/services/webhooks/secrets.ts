import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "whsec_";
const STORED_VERSION = "v1";

/** A new signing secret, as the endpoint's owner copies it once: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => PREFIX + randomBytes(24).toString("base64");

/** The key that encrypts stored secrets, derived from AUTH_SECRET (rotating AUTH_SECRET means new webhook secrets). */
const keyOf = (authSecret: string) => Buffer.from(hkdfSync("sha256", authSecret, "contactbook", "webhook signing secrets", 32));

/** The secret as stored: AES-256-GCM under a key derived from AUTH_SECRET (ADR 025). */
export function sealSecret(secret: string, authSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${STORED_VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
}

export function openSecret(stored: string, authSecret: string): string {
  const raw = Buffer.from(stored.slice(STORED_VERSION.length + 1), "base64");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(authSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/** The Standard Webhooks signature header: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signPayload(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}
