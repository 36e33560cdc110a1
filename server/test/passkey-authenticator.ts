import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";

/**
 * A software WebAuthn authenticator for server tests: one ES256 discoverable credential, "none"
 * attestation, user verified. Enough for the plugin's real checks (challenge, origin, rpID hash,
 * signature, counter); the browser test uses Chromium's virtual authenticator instead.
 */
export function softAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle = "";

  const rpIdHash = createHash("sha256").update(rpId).digest();
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  /** The PublicKeyCredential shape (JSON, base64url) both ceremonies answer with. */
  const asCredential = <R>(response: R) => ({
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
    response,
  });

  return {
    id: b64url(credentialId),
    /** The answer to `navigator.credentials.create` for registration options. */
    register(options: { challenge: string; user: { id: string } }) {
      userHandle = options.user.id;
      const jwk = publicKey.export({ format: "jwk" });
      const coseKey = cbor(
        new Map<number, number | Buffer>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, "base64url")],
          [-3, Buffer.from(jwk.y!, "base64url")],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      // Flags: user present, user verified, attested credential data.
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x45]), uint32(counter), Buffer.alloc(16), length, credentialId, coseKey]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return asCredential({
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      });
    },
    /** The answer to `navigator.credentials.get` for authentication options (no e-mail: discoverable). */
    authenticate(options: { challenge: string }) {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), uint32(counter)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]), privateKey);
      return asCredential({
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle,
      });
    },
  };
}

const b64url = (bytes: Buffer) => bytes.toString("base64url");

function uint32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** The little CBOR the attestation needs: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}
