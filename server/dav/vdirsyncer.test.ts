import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { createAppPassword } from "../test/dav-client.js";
import { send } from "../test/requests.js";

// A real client: Debian's vdirsyncer syncing a local folder with the server over HTTP, both ways.
// The test fails (never skips) where vdirsyncer is missing: CI installs it (.ci/run).
function requireVdirsyncer() {
  try {
    execFileSync("vdirsyncer", ["--version"], { stdio: "pipe" });
  } catch {
    throw new Error("vdirsyncer is not installed: run `apt-get install -y vdirsyncer` (the CI script .ci/run installs it).");
  }
}

function vdirsyncer(config: string, ...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = execFile("vdirsyncer", ["-c", config, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
    // discover asks before creating the local folder for a book it found on the server: yes.
    child.stdin?.end("y\n");
  });
}

const card = (uid: string, lines: string[]) => ["BEGIN:VCARD", "VERSION:3.0", `UID:${uid}`, ...lines, "END:VCARD", ""].join("\r\n");

describe.each(engines)("vdirsyncer against the CardDAV server (%s)", (engine) => {
  let t: TestApp;
  let server: ServerType;
  let dir: string;
  let config: string;
  let port: number;
  let localBook: string;
  let org: string;
  let cookie: string;

  const api = (method: string, path: string, body?: unknown) => send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
  const find = async (q: string) => (await api("GET", `/contacts?q=${encodeURIComponent(q)}`)).json.items as Record<string, any>[];
  const localFiles = () => readdirSync(localBook).filter((f) => f.endsWith(".vcf"));
  const localTexts = () => localFiles().map((f) => readFileSync(join(localBook, f), "utf8"));
  const sync = () => vdirsyncer(config, "sync");

  beforeAll(async () => {
    requireVdirsyncer();
    t = await createTestApp(engine);
    const user = await buildUser(t);
    org = await buildOrg(t, user.id, "Riverside Clinic");
    const device = await createAppPassword(t.app, user.email, user.password, "vdirsyncer");
    cookie = device.cookie;
    for (const [first, phone] of [
      ["Alma", "555-010-0001"],
      ["Bruno", "555-010-0002"],
      ["Chioma", "555-010-0003"],
    ] as const) {
      expect((await api("POST", "/contacts", { first_name: first, last_name: "Seed", phone })).status).toBe(201);
    }
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    port = (server.address() as AddressInfo).port;
    dir = mkdtempSync(join(tmpdir(), "contactbook-vdirsyncer-"));
    config = writeConfig("owner", user.email, device.password);
    localBook = join(dir, "owner", "local", org);
  }, 60_000);

  /** A vdirsyncer set-up of its own for one account: from the server's root, as a phone discovers. */
  function writeConfig(name: string, email: string, password: string): string {
    const root = join(dir, name);
    mkdirSync(join(root, "local"), { recursive: true });
    const file = join(root, "config");
    writeFileSync(
      file,
      [
        "[general]",
        `status_path = "${join(root, "status")}/"`,
        "",
        "[pair contacts]",
        'a = "contacts_local"',
        'b = "contacts_remote"',
        'collections = ["from b"]',
        "",
        "[storage contacts_local]",
        'type = "filesystem"',
        `path = "${join(root, "local")}/"`,
        'fileext = ".vcf"',
        "",
        "[storage contacts_remote]",
        'type = "carddav"',
        `url = "http://127.0.0.1:${port}/"`,
        `username = "${email}"`,
        `password = "${password}"`,
        'auth = "basic"',
        "",
      ].join("\n"),
    );
    return file;
  }

  afterAll(async () => {
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it("discovers the organization's book and brings the whole book down", async () => {
    const discovered = await vdirsyncer(config, "discover");
    expect(discovered.code, discovered.output).toBe(0);
    const first = await sync();
    expect(first.code, first.output).toBe(0);
    expect(localFiles()).toHaveLength(3);
    for (const name of ["Alma Seed", "Bruno Seed", "Chioma Seed"])
      expect(localTexts().some((text) => text.includes(`FN:${name}`))).toBe(true);
  }, 60_000);

  it("sends a card created, edited and deleted locally to the app (and to its trash)", async () => {
    const path = join(localBook, "local-dana.vcf");
    writeFileSync(path, card("local-dana", ["N:Local;Dana;;;", "FN:Dana Local", "TEL;TYPE=CELL:555-020-0001", "BDAY:1990-01-02"]));
    const created = await sync();
    expect(created.code, created.output).toBe(0);
    const [dana] = await find("dana");
    expect(dana).toMatchObject({ first_name: "Dana", last_name: "Local", phone: "555-020-0001" });

    // Written again locally with a note: vdirsyncer sends it with the ETag it was given.
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(
      path,
      card("local-dana", [
        "N:Local;Dana;;;",
        "FN:Dana Local",
        "TEL;TYPE=CELL:555-020-0001",
        "BDAY:1990-01-02",
        "NOTE:edited on the laptop",
      ]),
    );
    const edited = await sync();
    expect(edited.code, edited.output).toBe(0);
    expect((await find("dana"))[0]).toMatchObject({ notes: "edited on the laptop" });
    // The birthday the app has no field for survived the trip: it comes back down unchanged.
    const again = await sync();
    expect(again.code, again.output).toBe(0);
    expect(readFileSync(path, "utf8")).toContain("BDAY:1990-01-02");

    unlinkSync(path);
    const deleted = await sync();
    expect(deleted.code, deleted.output).toBe(0);
    expect(await find("dana")).toEqual([]);
    const trash = await api("GET", "/trash");
    expect(trash.json.items.map((c: { id: string }) => c.id)).toContain(dana!.id);
  }, 60_000);

  it("brings a change made in the app down on the next sync", async () => {
    const [bruno] = await find("bruno");
    expect((await api("PATCH", `/contacts/${bruno!.id}`, { version: bruno!.version, company: "Bruno & Sons" })).status).toBe(200);
    const result = await sync();
    expect(result.code, result.output).toBe(0);
    expect(localTexts().find((text) => text.includes("FN:Bruno Seed"))).toContain("ORG:Bruno & Sons");
  }, 60_000);

  it("offers a staff member's device no book while the organization keeps sync to owners and admins, and the book once it is opened", async () => {
    const staff = await buildUser(t);
    await addMember(t, org, staff.id, "staff");
    const phone = await createAppPassword(t.app, staff.email, staff.password, "Staff's vdirsyncer");
    const staffConfig = writeConfig("staff", staff.email, phone.password);
    const staffBook = join(dir, "staff", "local", org);
    const closed = await vdirsyncer(staffConfig, "discover");
    expect(closed.code, closed.output).toBe(0);
    const nothing = await vdirsyncer(staffConfig, "sync");
    expect(nothing.code, nothing.output).toBe(0);
    expect(existsSync(staffBook)).toBe(false);

    expect((await send(t.app, "PATCH", `/api/orgs/${org}`, { cookie, body: { staffCardDav: true } })).status).toBe(200);
    const opened = await vdirsyncer(staffConfig, "discover");
    expect(opened.code, opened.output).toBe(0);
    const synced = await vdirsyncer(staffConfig, "sync");
    expect(synced.code, synced.output).toBe(0);
    expect(readdirSync(staffBook).filter((f) => f.endsWith(".vcf"))).toHaveLength(localFiles().length);
  }, 60_000);

  it("detects an edit made on both sides instead of losing one", async () => {
    const [alma] = await find("alma");
    const file = localFiles().find((f) => readFileSync(join(localBook, f), "utf8").includes("FN:Alma Seed"))!;
    const text = readFileSync(join(localBook, file), "utf8");
    writeFileSync(join(localBook, file), text.replace("END:VCARD", "NOTE:laptop's version\r\nEND:VCARD"));
    expect((await api("PATCH", `/contacts/${alma!.id}`, { version: alma!.version, notes: "the app's version" })).status).toBe(200);
    const result = await sync();
    expect(result.code).not.toBe(0);
    expect(result.output.toLowerCase()).toContain("conflict");
    // Neither side was overwritten.
    expect((await find("alma"))[0]).toMatchObject({ notes: "the app's version" });
    expect(readFileSync(join(localBook, file), "utf8")).toContain("NOTE:laptop's version");
  }, 60_000);
});
