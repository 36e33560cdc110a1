import { passkey } from "@better-auth/passkey";

/** The plugin's endpoints the browser reaches through our allow-list (routes/auth.ts, ADR 022 "Passkeys"). */
export const PASSKEY_REGISTER_OPTIONS_PATH = "/passkey/generate-register-options";
export const PASSKEY_REGISTER_VERIFY_PATH = "/passkey/verify-registration";
export const PASSKEY_SIGN_IN_OPTIONS_PATH = "/passkey/generate-authenticate-options";
export const PASSKEY_SIGN_IN_VERIFY_PATH = "/passkey/verify-authentication";

/**
 * Better Auth's passkey plugin. The relying party is the app's own address (config.appUrl): its
 * host is the rpID and its origin the only origin a ceremony may come from, whatever Origin header
 * a request carries. Listing, renaming and removing go through our /api/me/passkeys routes; the
 * plugin's own endpoints for those stay closed.
 */
export function passkeysFor(appName: string, appUrl: string) {
  const url = new URL(appUrl);
  return passkey({
    rpName: appName,
    rpID: url.hostname,
    origin: url.origin,
    // Discoverable credentials, so 'Sign in with a passkey' needs no e-mail.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    schema: { passkey: { modelName: "passkeys" } },
  });
}
