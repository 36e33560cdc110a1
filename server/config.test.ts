import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), "contactbook-config-"));

  it("defaults to SQLite under ./data on port 3000", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe("sqlite:./data/contactbook.db");
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.trustProxy).toBe(false);
    expect(config.signInRateLimit).toEqual({ max: 10, windowSeconds: 60 });
  });

  it("generates AUTH_SECRET once and keeps it in the data folder", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(join(dir, "auth-secret"), "utf8").trim()).toBe(first.authSecret);
  });

  it.each([
    [{ PORT: "70000" }, /^Invalid configuration: PORT /],
    [{ PORT: "abc" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL must be sqlite:<path> or postgres/],
    [{ APP_URL: "not a url" }, /^Invalid configuration: APP_URL /],
    [{ AUTH_SECRET: "short" }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters/],
    [{ ADMIN_EMAIL: "nope" }, /^Invalid configuration: ADMIN_EMAIL /],
    [{ ADMIN_PASSWORD: "short" }, /^Invalid configuration: ADMIN_PASSWORD must be at least 12 characters with lowercase and uppercase/],
    // Long enough for the old rule of 8, but without a capital, a digit or a symbol: the app's rule refuses it.
    [{ ADMIN_PASSWORD: "longbutplain" }, /^Invalid configuration: ADMIN_PASSWORD must be at least 12 characters/],
    [{ ADMIN_PASSWORD: "Admin-Password-2026" }, /none of 123, abc, qwe, password, admin$/],
    [{ SMTP_URL: "http://mail" }, /^Invalid configuration: SMTP_URL must be smtp/],
    [{ TRUST_PROXY: "maybe" }, /^Invalid configuration: TRUST_PROXY must be true or false/],
    [{ SIGN_IN_RATE_LIMIT: "lots" }, /^Invalid configuration: SIGN_IN_RATE_LIMIT /],
    [{ WEB_CONCURRENCY: "0" }, /^Invalid configuration: WEB_CONCURRENCY must be at least 1/],
    [{ WEB_CONCURRENCY: "two" }, /^Invalid configuration: WEB_CONCURRENCY /],
    [{ SHUTDOWN_GRACE_SECONDS: "-1" }, /^Invalid configuration: SHUTDOWN_GRACE_SECONDS must be between 0 and 600 seconds/],
    [{ DATABASE_CONNECT_TIMEOUT: "soon" }, /^Invalid configuration: DATABASE_CONNECT_TIMEOUT /],
    [{ DATABASE_STATEMENT_TIMEOUT: "0" }, /^Invalid configuration: DATABASE_STATEMENT_TIMEOUT must be between/],
    [{ DATABASE_IDLE_TIMEOUT: "0.5" }, /^Invalid configuration: DATABASE_IDLE_TIMEOUT must be between/],
    [{ PASSWORD_HASH_THREADS: "0" }, /^Invalid configuration: PASSWORD_HASH_THREADS must be at least 1/],
    [{ LIVE_STREAMS_PER_SESSION: "0" }, /^Invalid configuration: LIVE_STREAMS_PER_SESSION must be at least 1/],
    [{ LIVE_STREAMS_PER_ACCOUNT: "many" }, /^Invalid configuration: LIVE_STREAMS_PER_ACCOUNT /],
  ])("stops on %o with a one-line message naming the variable", (env, message) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
    try {
      run();
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("takes an ADMIN_PASSWORD that meets the app's own password rule", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: "Office-Key-2026" }).adminPassword).toBe("Office-Key-2026");
  });

  it("defaults to one process, a 10 s shutdown grace and timeouts of 3 s (connect), 5 s (statement), 30 s (idle)", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.webConcurrency).toBe(1);
    expect(config.shutdownGraceMs).toBe(10_000);
    expect(config.databaseTimeouts).toEqual({ connectMs: 3000, statementMs: 5000, idleMs: 30_000 });
    expect(config.passwordHashThreads).toBe(1);
    expect(config.liveStreams).toEqual({ perSession: 10, perAccount: 30 });
    const set = loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: "4", SHUTDOWN_GRACE_SECONDS: "2.5", DATABASE_STATEMENT_TIMEOUT: "0.5" });
    expect([set.webConcurrency, set.shutdownGraceMs, set.databaseTimeouts.statementMs]).toEqual([4, 2500, 500]);
  });

  it("reads the PostgreSQL URL, https APP_URL and TRUST_PROXY", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u:p@db:5432/contacts",
      APP_URL: "https://contacts.example.org/",
      TRUST_PROXY: "true",
    });
    expect(config.databaseUrl).toBe("postgres://u:p@db:5432/contacts");
    expect(config.appUrl).toBe("https://contacts.example.org");
    expect(config.trustProxy).toBe(true);
  });
});
