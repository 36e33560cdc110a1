import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { evaluateResetPassword, RESET_PASSWORD_RULE } from "../shared/password.js";
import { type CountryCode, FALLBACK_COUNTRY, isCountryCode } from "../shared/phone.js";

/** Every environment variable the server reads, parsed in one place. */
export interface Config {
  port: number;
  databaseUrl: string;
  /** Folder for the SQLite file, the generated secret and the local outbox. */
  dataDir: string;
  appUrl: string;
  authSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  /** Sign-in attempts allowed per client address per window. */
  signInRateLimit: RateSpec;
  /** Invitations one person may send, across all their organizations. */
  inviteRateLimit: RateSpec;
  /** Invitations one organization may send. */
  inviteOrgRateLimit: RateSpec;
  /** Organizations one person may create. */
  orgCreateRateLimit: RateSpec;
  /** Requests one API token may make per window (ADR 024). */
  apiTokenRateLimit: RateSpec;
  /** The largest file an import takes. */
  importMaxBytes: number;
  /** Live streams one session, and one account across its sessions, may hold open in one process. */
  liveStreams: { perSession: number; perAccount: number };
  webDir: string;
  production: boolean;
  /** Worker processes serving HTTP (node:cluster); 1 serves from the main process. */
  webConcurrency: number;
  /** How long a SIGTERM waits for in-flight requests before cutting them. */
  shutdownGraceMs: number;
  /** Bounds on every database call, so a dead or hung database fails requests quickly. */
  databaseTimeouts: DatabaseTimeouts;
  /** Threads hashing passwords at once (scrypt, at low CPU priority). */
  passwordHashThreads: number;
  /** The country of phone numbers typed without a country code (ISO 3166 alpha-2). */
  defaultCountry: CountryCode;
  /** Days a contact's history is kept (ADR 016); older entries are pruned in the background. */
  historyDays: number;
  webhooks: WebhookSettings;
}

/** How webhooks are delivered (server/services/webhooks/, ADR 025). */
export interface WebhookSettings {
  /** WEBHOOK_ALLOW_PRIVATE: endpoints may be on loopback and private networks (tests, all-internal networks). */
  allowPrivate: boolean;
  /** The pauses before each retry of a failed delivery (ms); after the last, the delivery is given up. */
  retryScheduleMs: number[];
  /** An endpoint whose deliveries have failed for this long is turned off and its owner told. */
  disableAfterMs: number;
  /** How often the worker looks for due deliveries when nothing woke it. */
  pollMs: number;
  /** Time allowed for one attempt. */
  timeoutMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 5 s, 30 s, 2 min, 15 min, 1 h, 6 h, 12 h, 12 h: a day and a half in all, so a day of failures is seen. */
const WEBHOOK_RETRIES_MS = [5000, 30_000, 2 * MINUTE, 15 * MINUTE, HOUR, 6 * HOUR, 12 * HOUR, 12 * HOUR];

export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleMs: number;
}

export interface RateSpec {
  max: number;
  windowSeconds: number;
}

export class ConfigError extends Error {}

const rateSpec = (fallback: string) =>
  z
    .string()
    .regex(/^\d+\/\d+$/, "must look like 10/60 (attempts/seconds)")
    .default(fallback)
    .transform((v) => {
      const [max, windowSeconds] = v.split("/").map(Number) as [number, number];
      return { max, windowSeconds };
    })
    .refine((v) => v.max >= 1 && v.windowSeconds >= 1, "must be positive");

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["1", "0", "true", "false", "yes", "no", ""].includes(v), "must be true or false")
  .transform((v) => ["1", "true", "yes"].includes(v));

/** A duration in seconds (decimals allowed), kept within [min, max]. */
function seconds(min: number, max: number) {
  return z.coerce
    .number({ error: "must be a number of seconds" })
    .refine((v) => Number.isFinite(v) && v >= min && v <= max, `must be between ${min} and ${max} seconds`);
}

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .default("sqlite:./data/contactbook.db")
    .refine((v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v), "must be sqlite:<path> or postgres://..."),
  DATA_DIR: z.string().trim().min(1).optional(),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_EMAIL: z.email().max(254).optional(),
  // The first administrator's password follows the app's own rule (the reset page's), so it is one
  // the app would accept when changed later.
  ADMIN_PASSWORD: z
    .string()
    .max(128, "must be at most 128 characters")
    .refine((v) => evaluateResetPassword(v).valid, `must be ${RESET_PASSWORD_RULE}`)
    .optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/.+/.test(v), "must be smtp://... or smtps://...")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Contactbook <no-reply@localhost>"),
  TRUST_PROXY: bool.default(false),
  SIGN_IN_RATE_LIMIT: rateSpec("10/60"),
  INVITE_RATE_LIMIT: rateSpec("30/3600"),
  INVITE_ORG_RATE_LIMIT: rateSpec("100/86400"),
  ORG_CREATE_RATE_LIMIT: rateSpec("5/3600"),
  API_TOKEN_RATE_LIMIT: rateSpec("600/60"),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024, "must be at least 1024")
    .max(1024 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1, "must be at least 1").max(100_000).default(10),
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1, "must be at least 1").max(100_000).default(30),
  WEB_DIR: z.string().optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1, "must be at least 1").max(64, "must be at most 64").default(1),
  SHUTDOWN_GRACE_SECONDS: seconds(0, 600).default(10),
  DATABASE_CONNECT_TIMEOUT: seconds(0.1, 600).default(3),
  DATABASE_STATEMENT_TIMEOUT: seconds(0.1, 3600).default(5),
  DATABASE_IDLE_TIMEOUT: seconds(1, 86400).default(30),
  PASSWORD_HASH_THREADS: z.coerce.number().int().min(1, "must be at least 1").max(64, "must be at most 64").default(1),
  DEFAULT_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, "must be a two-letter country code such as US, GB or DE")
    .default(FALLBACK_COUNTRY),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  HISTORY_DAYS: z.coerce.number().int().min(1, "must be at least 1").max(36_500).default(365),
  NODE_ENV: z.string().optional(),
});

function parseEnv(env: NodeJS.ProcessEnv) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  return parsed.data;
}

/** Parses the environment; throws ConfigError with a one-line message naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const dataDir = resolve(e.DATA_DIR ?? defaultDataDir(e.DATABASE_URL));
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    inviteRateLimit: e.INVITE_RATE_LIMIT,
    inviteOrgRateLimit: e.INVITE_ORG_RATE_LIMIT,
    orgCreateRateLimit: e.ORG_CREATE_RATE_LIMIT,
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    liveStreams: { perSession: e.LIVE_STREAMS_PER_SESSION, perAccount: e.LIVE_STREAMS_PER_ACCOUNT },
    webDir: resolve(e.WEB_DIR ?? "dist/web"),
    production: e.NODE_ENV !== "development" && e.NODE_ENV !== "test",
    webConcurrency: e.WEB_CONCURRENCY,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    databaseTimeouts: {
      connectMs: Math.round(e.DATABASE_CONNECT_TIMEOUT * 1000),
      statementMs: Math.round(e.DATABASE_STATEMENT_TIMEOUT * 1000),
      idleMs: Math.round(e.DATABASE_IDLE_TIMEOUT * 1000),
    },
    passwordHashThreads: e.PASSWORD_HASH_THREADS,
    defaultCountry: e.DEFAULT_COUNTRY as CountryCode,
    historyDays: e.HISTORY_DAYS,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      retryScheduleMs: WEBHOOK_RETRIES_MS,
      disableAfterMs: 24 * HOUR,
      pollMs: 1000,
      timeoutMs: 10_000,
    },
  };
}

function defaultDataDir(databaseUrl: string): string {
  if (databaseUrl.startsWith("sqlite:")) {
    const path = databaseUrl.slice("sqlite:".length);
    if (path !== ":memory:") return dirname(path);
  }
  return "./data";
}

export interface StorageConfig {
  databaseUrl: string;
  /** Where the app keeps (or would make) its generated secret. */
  secretFile: string;
  /** False when the app would make a new secret on its next start: AUTH_SECRET unset and no file. */
  authSecretKept: boolean;
}

/** What the backup and restore commands need; unlike loadConfig it never writes a secret. */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const e = parseEnv(env);
  const secretFile = secretPath(resolve(e.DATA_DIR ?? defaultDataDir(e.DATABASE_URL)));
  return { databaseUrl: e.DATABASE_URL, secretFile, authSecretKept: e.AUTH_SECRET !== undefined || existsSync(secretFile) };
}

const secretPath = (dataDir: string) => join(dataDir, "auth-secret");

/**
 * A secret generated once and kept beside the data, so sessions survive restarts without set-up. It
 * signs the session cookies only: a new one signs everyone out and leaves links and app passwords be.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = secretPath(dataDir);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/**
 * DEFAULT_COUNTRY for tools that run without the whole config (the import benchmark), with the same rule.
 * The migrations are given the config's (server/db/migrate.ts).
 */
export function defaultCountryFromEnv(env: NodeJS.ProcessEnv = process.env): CountryCode {
  const value = (env.DEFAULT_COUNTRY ?? "").trim().toUpperCase();
  return isCountryCode(value) ? value : FALLBACK_COUNTRY;
}
