import { betterAuth } from "better-auth";
import type { Config } from "../config.js";
import type { AppDatabase } from "../db/database.js";
import { classifyDatabaseError } from "../db/failures.js";
import { passwordHasher } from "./password-hashing.js";
import { originMatchesHost } from "./same-host.js";
import { PASSKEY_SIGN_IN_VERIFY_PATH, passkeysFor } from "./passkeys.js";
import { passwordSignIn } from "./password-sign-in.js";
import { VERIFY_BACKUP_CODE_PATH, VERIFY_TOTP_PATH, twoFactorForPasswordSignIn } from "./two-factor.js";

/** Reset links work once and for one hour. */
export const RESET_TOKEN_SECONDS = 60 * 60;

/** How long a session lives without use. */
export const SESSION_SECONDS = 60 * 60 * 24 * 7;

/** Header our server sets from the resolved client address; incoming copies are stripped. */
export const CLIENT_IP_HEADER = "x-contactbook-client-ip";

/** Builds the Better Auth instance: e-mail and password (with two-factor) and passkeys only, sign-up closed, sessions in our database. */
export function createAuth(config: Config, database: AppDatabase) {
  const secure = config.appUrl.startsWith("https://");
  const hasher = passwordHasher(config.passwordHashThreads);
  return betterAuth({
    appName: "Contactbook",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    // APP_URL's origin, and the page's own when it names the host the request was sent to (the app
    // reached by its IP address): the same rule as our origin check (server/http/security.ts).
    trustedOrigins: (request) => {
      const origin = request?.headers.get("origin");
      return [new URL(config.appUrl).origin, request && originMatchesHost(origin, request.url) ? origin : null];
    },
    database: { db: database.db, type: database.engine },
    user: { modelName: "users" },
    session: {
      modelName: "sessions",
      expiresIn: SESSION_SECONDS,
      updateAge: 60 * 60 * 24,
      // Every request reads the session row, so a removed account or revoked session ends at once.
      cookieCache: { enabled: false },
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    plugins: [passwordSignIn(), twoFactorForPasswordSignIn("Contactbook"), passkeysFor("Contactbook", config.appUrl)],
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      password: { hash: (password) => hasher.hash(password), verify: ({ hash, password }) => hasher.verify(hash, password) },
    },
    rateLimit: {
      // On in every mode, in the database so several instances share one count.
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/password": { window: config.signInRateLimit.windowSeconds, max: config.signInRateLimit.max },
        // The second step of a sign-in, per address; the plugin also locks the account after 10 wrong codes.
        [VERIFY_TOTP_PATH]: { window: config.signInRateLimit.windowSeconds, max: config.signInRateLimit.max },
        [VERIFY_BACKUP_CODE_PATH]: { window: config.signInRateLimit.windowSeconds, max: config.signInRateLimit.max },
        // Signing in with a passkey, per address, like a password.
        [PASSKEY_SIGN_IN_VERIFY_PATH]: { window: config.signInRateLimit.windowSeconds, max: config.signInRateLimit.max },
      },
    },
    advanced: {
      // Better Auth skips its origin check when NODE_ENV is test; on in every mode, the tests meet the
      // check production has (the trusted origins above).
      disableOriginCheck: false,
      cookiePrefix: "contactbook",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // Thrown on to Hono's onError, which answers 503 for a database failure and 500 for the rest.
    onAPIError: { throw: true },
    logger: {
      level: config.production ? "warn" : "error",
      // A database outage is logged once per episode by the availability tracker, not per request.
      log: (level, message, ...args) => {
        const failure = args.map((arg) => classifyDatabaseError(arg)).find(Boolean);
        if (failure) return database.availability.failed(failure);
        const details = args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : arg));
        (level === "error" ? console.error : console.warn)(
          `${new Date().toISOString()} ${level.toUpperCase()} Better Auth: ${message}`,
          ...details,
        );
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
