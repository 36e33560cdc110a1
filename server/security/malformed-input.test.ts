import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildOrg, buildUser } from "../test/factories.js";
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
      [`/contacts/duplicates?cursor=`, 1],
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
