import { createHmac } from "node:crypto";

/** RFC 4648 base32, as otpauth:// URIs and the key shown in Settings carry it (spaces dropped). */
function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/\s+/g, "").replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/**
 * An authenticator app for the key shown as text, written from RFC 6238 (HMAC-SHA-1, 6 digits, 30 s) as
 * in server/routes/two-factor.test.ts: what a person's app would compute, not the server's own library.
 */
export function authenticator(key: string) {
  const secret = base32Decode(key);
  const hotp = (counter: number) => {
    const message = Buffer.alloc(8);
    message.writeBigUInt64BE(BigInt(counter));
    const mac = createHmac("sha1", secret).update(message).digest();
    const offset = mac[mac.length - 1]! & 0x0f;
    return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
  };
  return {
    /** The code for now. */
    code: () => hotp(Math.floor(Date.now() / 1000 / 30)),
  };
}
