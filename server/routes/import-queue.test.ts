import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { watchLiveness } from "../test/liveness.js";
import { send, signIn } from "../test/requests.js";
import { csvOf, timedUpload, upload } from "../test/uploads.js";

/** What POST /imports promises (docs/api.md): the run, within 1.5 s. */
const ANSWER_WITHIN_MS = 1500;
/** Room for a busy machine above the promise; the answers themselves come after about 1.2 s. */
const MARGIN_MS = 1000;
const LIVENESS_MS = 1000;

describe.each(engines)("the import queue (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    org = await buildOrg(t, user.id);
    cookie = await signIn(t.app, user.email, user.password);
  });
  afterAll(() => t?.close());

  const importFile = (bytes: Uint8Array | string, name: string) => upload(t.app, `/api/orgs/${org}/imports`, { bytes, name }, {}, cookie);
  const runOf = async (id: string) => (await send(t.app, "GET", `/api/orgs/${org}/imports/${id}`, { cookie })).json;
  const contacts = async () => (await send(t.app, "GET", `/api/orgs/${org}/contacts/counts`, { cookie })).json.all as number;
  async function finished(id: string) {
    for (;;) {
      const run = await runOf(id);
      if (run.status !== "running") return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A 10 MB export: 20 people, each written 100 times with a photo as text (a column the import leaves out). */
  function tenMegabytes(file: number): Uint8Array {
    const rows = ["Name,Phone,Photo"];
    const photo = Buffer.alloc(3600, file).toString("base64");
    for (let i = 0; i < 2000; i++)
      rows.push(`Queued ${file}-${i % 20},+1 917 555 ${String(file * 100 + (i % 20)).padStart(4, "0")},${photo}`);
    return new TextEncoder().encode(`${rows.join("\r\n")}\r\n`);
  }

  it("answers ten 10 MB imports sent at once within the promised 1.5 s, then runs them all to the end", async () => {
    const files = Array.from({ length: 10 }, (_, i) => tenMegabytes(i));
    expect(files.every((bytes) => bytes.length > 9_000_000 && bytes.length < 10 * 1024 * 1024)).toBe(true);
    const before = await contacts();
    const { result: runs, longestWaitMs } = await watchLiveness(t.app, async () => {
      const answers = await Promise.all(
        files.map((bytes, i) => timedUpload(t.app, `/api/orgs/${org}/imports`, { bytes, name: `export-${i}.csv` }, cookie)),
      );
      for (const res of answers) {
        expect(res.status, res.text).toBe(201);
        expect(["running", "done"]).toContain(res.json.status);
        expect(res.afterUploadMs).toBeLessThan(ANSWER_WITHIN_MS + MARGIN_MS);
      }
      return Promise.all(answers.map((res) => finished(res.json.id)));
    });
    expect(longestWaitMs).toBeLessThan(LIVENESS_MS);
    for (const run of runs) expect(run).toMatchObject({ status: "done", total: 2000, imported: 20, merged: 1980, failed: 0 });
    expect(await contacts()).toBe(before + 200);
  }, 180_000);

  it("keeps a run waiting its turn 'running' and alive, and ends it 'failed' with the reason when its file is refused after the answer", async () => {
    const before = await contacts();
    // Two long imports hold both places of the queue until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = [t.deps.importQueue.run(() => held), t.deps.importQueue.run(() => held)];

    const wide = csvOf(
      Array.from({ length: 600 }, (_, i) => `Column ${i}`),
      [{ "Column 0": "Ada" }],
    );
    const good = csvOf(["name", "phone"], [{ name: "Waiting Wendy", phone: "+1 917 555 9001" }]);
    const started = performance.now();
    const [refused, waiting] = await Promise.all([importFile(wide, "wide.csv"), importFile(good, "good.csv")]);
    expect(performance.now() - started).toBeLessThan(ANSWER_WITHIN_MS + MARGIN_MS);
    for (const res of [refused, waiting]) {
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ status: "running", processed: 0, imported: 0, errors: [] });
    }

    // While it waits, its heartbeat goes on (a run whose heartbeat stops shows as interrupted after 20 s).
    const heartbeat = async () =>
      (await t.database.db.selectFrom("imports").select("heartbeat_at").where("id", "=", refused.json.id).executeTakeFirstOrThrow())
        .heartbeat_at;
    const first = String(await heartbeat());
    for (let i = 0; String(await heartbeat()) === first; i++) {
      expect(i, "the heartbeat of a waiting run moves").toBeLessThan(150);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await runOf(refused.json.id)).status).toBe("running");

    release();
    await Promise.all(holders);
    expect(await finished(refused.json.id)).toMatchObject({
      status: "failed",
      processed: 0,
      imported: 0,
      errors: [{ row: "-", message: "Row 1 has more than 500 columns" }],
    });
    expect(await finished(waiting.json.id)).toMatchObject({ status: "done", format: "csv", total: 1, imported: 1 });
    expect(await contacts()).toBe(before + 1);
    const listed = (await send(t.app, "GET", `/api/orgs/${org}/imports`, { cookie })).json.items;
    expect(listed.find((r: { id: string }) => r.id === refused.json.id)).toMatchObject({ status: "failed", fileName: "wide.csv" });
  });

  it("refuses an import with 429 while 20 wait their turn, recording nothing for it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = [t.deps.importQueue.run(() => held), t.deps.importQueue.run(() => held)];
    const runs = async () => (await send(t.app, "GET", `/api/orgs/${org}/imports?limit=100`, { cookie })).json.items.length as number;
    const before = { runs: await runs(), contacts: await contacts() };
    const file = (i: number) => csvOf(["name", "phone"], [{ name: `Patient ${i}`, phone: `+1 917 555 ${String(8000 + i)}` }]);
    const waiting = await Promise.all(Array.from({ length: 20 }, (_, i) => importFile(file(i), `wait-${i}.csv`)));
    expect(waiting.map((res) => [res.status, res.json.status])).toEqual(Array(20).fill([201, "running"]));

    const refused = await importFile(file(20), "one-too-many.csv");
    expect(refused.status).toBe(429);
    expect(refused.json.error).toEqual({
      code: "IMPORTS_BUSY",
      message: "Too many imports are waiting their turn on the server. Please try again in a few minutes.",
    });
    expect(await runs()).toBe(before.runs + 20);

    release();
    await Promise.all(holders);
    for (const res of waiting) expect(await finished(res.json.id)).toMatchObject({ status: "done", imported: 1 });
    expect(await contacts()).toBe(before.contacts + 20);
  });
});
