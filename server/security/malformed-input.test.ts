import { afterEach, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../http/json-depth.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { PASSWORD, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

const cursor = (value: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64url"));

// Malformed input is a 400 with a message, and changes nothing; a 500 is always a bug.
describe.each(engines)("malformed input (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function setup() {
    t = await createTestApp(engine);
    const owner = await buildUser(t, { email: "owner@example.com" });
    const org = await buildOrg(t, owner.id, "Clinic");
    const cookie = await signIn(t.app, owner.email, owner.password);
    const contact = (await send(t.app, "POST", `/api/orgs/${org}/contacts`, { cookie, body: { first_name: "Ann", phone: "6155550100" } }))
      .json.contact;
    const group = (await send(t.app, "POST", `/api/orgs/${org}/groups`, { cookie, body: { name: "Team" } })).json;
    return { org, cookie, contact, group };
  }

  it("refuses cursors of the wrong shape on every paged list", async () => {
    const { org, cookie, group } = await setup();
    // Each list with the number of values its cursor holds.
    const lists: [string, number][] = [
      [`/contacts?sort=last_name&cursor=`, 4],
      [`/contacts?sort=created&cursor=`, 2],
      [`/trash?cursor=`, 2],
      [`/groups?cursor=`, 2],
      [`/groups/${group.id}/members?cursor=`, 2],
      [`/groups/${group.id}/candidates?cursor=`, 3],
      [`/contacts?sort=first_name&cursor=`, 3],
      [`/members?cursor=`, 1],
      [`/invitations?cursor=`, 2],
      [`/contacts/duplicates?cursor=`, 2],
      [`/contacts?sort=birthday&cursor=`, 3],
    ];
    for (const [list, arity] of lists) {
      const bad = [
        cursor([]),
        cursor(Array(arity + 1).fill("a")),
        cursor(arity === 1 ? ["a", "b"] : ["a"]),
        cursor({ a: 1 }),
        cursor(Array(arity).fill(null)),
        cursor(Array(arity).fill([1])),
        "%%%",
        "bm90IGpzb24",
      ];
      for (const value of bad) {
        const res = await send(t.app, "GET", `/api/orgs/${org}${list}${value}`, { cookie });
        expect({ list, value, status: res.status }).toEqual({ list, value, status: 400 });
      }
    }
    // A date sort's cursor must hold a date; a string sort's cursor a string.
    const notDate = await send(t.app, "GET", `/api/orgs/${org}/contacts?sort=created&cursor=${cursor(["yesterday", "x"])}`, { cookie });
    expect(notDate.status).toBe(400);
    expect(notDate.json.error.message).toBe("Invalid cursor.");
    const trash = await send(t.app, "GET", `/api/orgs/${org}/trash?cursor=${cursor(["2026-13-45T99:00:00Z", "x"])}`, { cookie });
    expect(trash.status).toBe(400);
    const ok = await send(t.app, "GET", `/api/orgs/${org}/contacts?sort=created&cursor=${cursor(["2026-01-01T00:00:00.000Z", "x"])}`, {
      cookie,
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a NUL byte in a search, a text field, a path id, a token, and on the unauthenticated endpoints", async () => {
    const { org, cookie, contact } = await setup();
    const cases: [string, string, unknown][] = [
      ["GET", `/api/orgs/${org}/contacts?q=ab%00c`, undefined],
      ["GET", `/api/orgs/${org}/contacts/counts?q=%00`, undefined],
      ["GET", `/api/orgs/${org}/groups/x/candidates?q=a%00bc`, undefined],
      ["POST", `/api/orgs/${org}/contacts`, { first_name: "Nul\u0000Byte", phone: "6155550199" }],
      ["PATCH", `/api/orgs/${org}/contacts/${contact.id}`, { version: contact.version, notes: "a\u0000b" }],
      ["GET", `/api/orgs/${org}/contacts/abc%00def`, undefined],
      ["GET", `/api/orgs/${org}%00/contacts`, undefined],
      ["POST", `/api/orgs/${org}/groups`, { name: "G\u0000" }],
      ["POST", "/api/orgs", { name: "Org\u0000" }],
      ["PATCH", "/api/me/profile", { name: "Me\u0000" }],
      ["POST", "/api/account/password-reset/verify", { token: "abc\u0000" }],
      ["POST", "/api/account/password-reset/complete", { token: "abc\u0000", password: "Long#Enough#Secret42" }],
      ["POST", "/api/account/password-reset/request", { email: "owner@example.com\u0000" }],
      ["POST", "/api/account/verify-email", { token: "x\u0000" }],
      ["POST", "/api/auth/sign-in/password", { email: "owner@example.com", password: "pa\u0000ss" }],
      ["POST", "/api/auth/sign-in/password", { email: "own\u0000er@example.com", password: "x" }],
    ];
    for (const [method, path, body] of cases) {
      const res = await send(t.app, method, path, { cookie, body });
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
      expect(res.json.error.message).toBeTypeOf("string");
    }
    const names = await t.database.db.selectFrom("contacts").select("first_name").execute();
    expect(names).toEqual([{ first_name: "Ann" }]);
    expect(await t.database.db.selectFrom("organizations").select("name").execute()).toEqual([{ name: "Clinic" }]);
  });

  it("refuses dates that are no calendar day in the audit and usage filters (they answered 500), on both engines alike", async () => {
    const { org, cookie } = await setup();
    const audit = (query: string) => send(t.app, "GET", `/api/orgs/${org}/audit?${query}`, { cookie });
    for (const query of [
      "to=2026-99-99",
      "to=0000-00-00",
      "from=2026-02-30",
      "from=2026-13-01",
      "to=2025-02-29",
      "from=0999-12-31",
      "to=2026-1-1",
    ]) {
      const res = await audit(query);
      expect({ query, status: res.status, code: res.json.error.code }).toEqual({ query, status: 400, code: "VALIDATION" });
    }
    expect((await audit("to=2026-99-99")).json.error.message).toBe("2026-99-99 is not a date from 1000-01-01 to 9999-12-31");
    expect((await audit("to=2026-1-1")).json.error.message).toBe("A date is written YYYY-MM-DD");
    expect((await audit("from=2026-03-02&to=2026-03-01")).json.error.message).toBe("'from' must not be after 'to'");
    // Real days, the first and last a date can name included, are filters like any other.
    for (const query of ["from=2024-02-29", "to=9999-12-31", "from=1000-01-01&to=9999-12-31"]) {
      const res = await audit(query);
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
    }
    const day = (offset: number) => new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const [yesterday, today] = [day(-1), day(0)];
    expect((await send(t.app, "GET", `/api/orgs/${org}/export`, { cookie })).status).toBe(200);
    // Today's entries: the export, and the contacts this file created (their own audit entries).
    expect((await audit(`from=${today}&to=9999-12-31`)).json.items.map((e: any) => e.operation)).toContain("EXPORT_SUCCESS");
    expect((await audit(`from=1000-01-01&to=${yesterday}`)).json.items).toEqual([]);

    const usage = (query: string) => send(t.app, "GET", `/api/orgs/${org}/usage?${query}`, { cookie });
    for (const query of ["from=0000-01&to=0000-12", "to=0999-12", "from=2026-13"]) {
      expect({ query, status: (await usage(query)).status }).toEqual({ query, status: 400 });
    }
    const early = await usage("from=1000-01&to=1000-03");
    expect(early.json.months.map((m: any) => m.period)).toEqual(["1000-01", "1000-02", "1000-03"]);
    expect(t.log.lines.filter((l) => l.level === "error")).toEqual([]);
  });

  it("refuses JSON nested deeper than the limit before anything parses it, on signed-in and anonymous routes (it answered 500)", async () => {
    const { org, cookie, contact } = await setup();
    const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
    const raw = (path: string, body: string, headers: Record<string, string> = {}) =>
      t.app.request(path, { method: "POST", body, headers: { origin: APP_URL, "content-type": "application/json", ...headers } });
    const cases: [string, string, Record<string, string>][] = [
      [`/api/orgs/${org}/contacts`, `{"first_name":${nested(100_000)}}`, { cookie }],
      [`/api/orgs/${org}/imports/native`, `{"contacts":${nested(100_000)}}`, { cookie }],
      [`/api/orgs/${org}/groups`, `{"name":"x","description":${nested(100_000)}}`, { cookie }],
      ["/api/auth/sign-in/password", `{"email":${nested(100_000)},"password":"x"}`, {}],
      ["/api/auth/sign-in/password", nested(100_000), { "content-type": "text/plain" }],
      ["/api/account/password-reset/request", `{"email":${nested(100_000)}}`, {}],
      ["/api/client-log/not-found", `{"path":${nested(MAX_JSON_DEPTH)}}`, {}],
      // Brackets inside strings do not count; those outside do, however they are spaced.
      [`/api/orgs/${org}/contacts`, `{"first_name":"${"[".repeat(100)}", "notes": ${"[ ".repeat(40)}${"] ".repeat(40)}}`, { cookie }],
    ];
    for (const [path, body, headers] of cases) {
      const res = await raw(path, body, headers);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(await res.json()).toEqual({
        error: { code: "VALIDATION", message: `The request nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.` },
      });
    }
    // At the limit the request goes on to its route, which answers it as usual.
    const atLimit = await raw(`/api/orgs/${org}/contacts`, `{"first_name":"Deep","notes":${nested(MAX_JSON_DEPTH - 1)}}`, { cookie });
    expect(atLimit.status).toBe(400);
    expect(((await atLimit.json()) as { error: { message: string } }).error.message).not.toContain("nests");
    const strings = await send(t.app, "PATCH", `/api/orgs/${org}/contacts/${contact.id}`, {
      cookie,
      // A string ending in a backslash, then one holding an escaped quote: neither ends early.
      body: { version: contact.version, last_name: "Back\\", notes: '[[[[ {{{{ \\"[' + "[".repeat(100) },
    });
    expect(strings.status).toBe(200);
    expect((await signIn(t.app, "owner@example.com", PASSWORD)).length).toBeGreaterThan(0);
    expect(t.log.lines.filter((l) => l.level === "error")).toEqual([]);
    const names = await t.database.db.selectFrom("contacts").select("first_name").execute();
    expect(names).toEqual([{ first_name: "Ann" }]);
  });

  it("refuses a contact version no row can hold (PostgreSQL answered a vague 400, SQLite a 409)", async () => {
    const { org, cookie, contact } = await setup();
    for (const version of [2 ** 31 - 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 0, 1.5]) {
      const res = await send(t.app, "PATCH", `/api/orgs/${org}/contacts/${contact.id}`, { cookie, body: { version, notes: "x" } });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe("Contact version is not valid");
    }
    const stale = await send(t.app, "PATCH", `/api/orgs/${org}/contacts/${contact.id}`, {
      cookie,
      body: { version: 2 ** 31 - 2, notes: "x" },
    });
    expect(stale.status).toBe(409);
  });

  it("member e-mails must pass the shared e-mail rule on the server", async () => {
    const { org, cookie } = await setup();
    for (const email of ["<script>@example.com", "a@exa<mple.com", "x\u0000@example.com", "a b@example.com", '"q"@example.com']) {
      const res = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email, role: "staff" } });
      expect({ email, status: res.status }).toEqual({ email, status: 400 });
    }
    expect(await t.database.db.selectFrom("invitations").select("id").execute()).toEqual([]);
    expect(await t.database.db.selectFrom("users").select("email").execute()).toEqual([{ email: "owner@example.com" }]);
  });
});
