import { createHmac } from "node:crypto";
import { expect } from "vitest";

/** RFC 4648 base32, as otpauth:// URIs carry the key. */
function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/**
 * The authenticator app, written here from RFC 6238 (HMAC-SHA-1, 6 digits, 30 s) rather than taken from
 * the plugin's own library: the URI must work in any app, not just agree with itself.
 */
export function authenticator(totpURI: string) {
  const uri = new URL(totpURI);
  expect(uri.searchParams.get("algorithm") ?? "SHA1").toMatch(/^SHA-?1$/);
  const key = base32Decode(uri.searchParams.get("secret")!);
  const hotp = (counter: number) => {
    const message = Buffer.alloc(8);
    message.writeBigUInt64BE(BigInt(counter));
    const mac = createHmac("sha1", key).update(message).digest();
    const offset = mac[mac.length - 1]! & 0x0f;
    return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
  };
  const counter = () => Math.floor(Date.now() / 1000 / 30);
  return {
    code: async () => hotp(counter()),
    /** A six-digit code no nearby time step accepts. */
    async wrongCode() {
      const near = new Set([-1, 0, 1].map((d) => hotp(counter() + d)));
      for (let n = 0; ; n++) {
        const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, "0");
        if (!near.has(candidate)) return candidate;
      }
    },
  };
}
