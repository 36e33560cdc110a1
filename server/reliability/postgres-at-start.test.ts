import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startApp, stopApp, waitReady } from "./support/app-process.js";
import { Client } from "./support/client.js";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const retryLine = (seconds: number) =>
  new RegExp(`WARN database unavailable at start, retrying in ${seconds} s \\{"cause":"PostgreSQL unreachable: ECONNREFUSED"`);
const logged = (app: AppProcess, line: RegExp) => until(() => line.test(app.output()), 30_000, `the log line ${line}\n${app.output()}`);

describe("PostgreSQL down when the app starts (a private cluster)", () => {
  let cluster: PrivatePostgres;
  beforeAll(async () => {
    cluster = await startPrivatePostgres();
  });
  afterAll(() => cluster?.destroy());

  it.each([1, 2])(
    "with WEB_CONCURRENCY=%i: waits with backoff, answers health meanwhile, then serves without a restart",
    async (workers) => {
      const url = await cluster.createDatabase(`late_${workers}`);
      await cluster.stop();
      const app = await startApp({ DATABASE_URL: url, WEB_CONCURRENCY: String(workers) }, { waitReady: false });
      try {
        await logged(app, retryLine(1));
        const client = new Client(app.baseUrl);
        await until(async () => (await client.request("GET", "/api/health/live")).status === 200, 10_000, "liveness while waiting");
        const health = await client.request("GET", "/api/health");
        expect(health.status).toBe(503);
        expect(health.json).toMatchObject({ status: "unavailable", kind: "unavailable", reason: "The database is unavailable." });
        const signIn = await client.request("POST", "/api/auth/sign-in/password", { email: "a@example.com", password: "whatever-it-is" });
        expect(signIn.status).toBe(503);
        expect(signIn.json.error).toMatchObject({
          code: "DATABASE_UNAVAILABLE",
          message: "The database is unavailable. Please try again.",
        });

        // PostgreSQL comes up some seconds after the app (the third try has failed by then).
        await logged(app, retryLine(4));
        await cluster.start();
        await waitReady(app, 30_000);
        expect(app.child.exitCode).toBeNull();
        expect(await client.signInAdmin()).toMatch(/.+/);

        const log = app.output();
        expect(log).toMatch(retryLine(2));
        expect(log.indexOf("retrying in 1 s")).toBeLessThan(log.indexOf("retrying in 2 s"));
        expect(log).toMatch(/migrations applied/);
        expect(log).toMatch(/Contactbook listening/);
        expect(log).not.toMatch(/\n\s+at /);
      } finally {
        await stopApp(app);
      }
      expect((await app.exited).code).toBe(0);
    },
  );

  it("exits 0 at once on SIGTERM while it waits", async () => {
    const url = await cluster.createDatabase("never");
    await cluster.stop();
    const app = await startApp({ DATABASE_URL: url }, { waitReady: false });
    await logged(app, retryLine(1));
    const sent = Date.now();
    const exit = await stopApp(app);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - sent).toBeLessThan(2000);
    expect(app.output()).toMatch(/INFO stopped before serving \{"signal":"SIGTERM"\}/);
    await cluster.start();
  });

  it("stops with one line saying what to run when the database does not exist", async () => {
    const app = await startApp({ DATABASE_URL: cluster.url("missing") }, { waitReady: false });
    const exit = await app.exited;
    expect(exit.code).toBe(1);
    expect(app.output().trim()).toBe(
      `Contactbook failed to start: The PostgreSQL database missing on 127.0.0.1:${cluster.port} does not exist. ` +
        `Create it first: createdb -h 127.0.0.1 -p ${cluster.port} -U postgres missing, then start again.`,
    );
  });
});
