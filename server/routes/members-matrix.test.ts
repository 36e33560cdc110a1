import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, nowIso } from "../db/ids.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildBareUser, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

type Who = "signedOut" | "outsider" | "staff" | "admin" | "owner";
const WHO: Who[] = ["signedOut", "outsider", "staff", "admin", "owner"];

interface Case {
  name: string;
  request: (org: string, target: string, invitation: string) => { method: string; path: string; body?: unknown };
  expect: Record<Who, number>;
}

const DENY = { signedOut: 401, outsider: 404, staff: 403 };
let seq = 0;
const CASES: Case[] = [
  {
    name: "list members",
    request: (o) => ({ method: "GET", path: `/api/orgs/${o}/members` }),
    expect: { ...DENY, staff: 200, admin: 200, owner: 200 },
  },
  {
    name: "add a member",
    request: (o) => ({ method: "POST", path: `/api/orgs/${o}/members`, body: { email: `new-${++seq}@example.com`, role: "staff" } }),
    expect: { ...DENY, admin: 201, owner: 201 },
  },
  {
    name: "rename a member",
    request: (o, t) => ({ method: "PATCH", path: `/api/orgs/${o}/members/${t}`, body: { name: "Renamed" } }),
    expect: { ...DENY, admin: 200, owner: 200 },
  },
  {
    name: "change a role",
    request: (o, t) => ({ method: "PATCH", path: `/api/orgs/${o}/members/${t}`, body: { role: "admin" } }),
    expect: { ...DENY, admin: 200, owner: 200 },
  },
  {
    name: "remove a member",
    request: (o, t) => ({ method: "DELETE", path: `/api/orgs/${o}/members/${t}` }),
    expect: { ...DENY, admin: 204, owner: 204 },
  },
  {
    name: "delete an account",
    request: (o, t) => ({ method: "DELETE", path: `/api/orgs/${o}/members/${t}/account` }),
    expect: { ...DENY, admin: 204, owner: 204 },
  },
  {
    name: "reset a password",
    request: (o, t) => ({ method: "POST", path: `/api/orgs/${o}/members/${t}/reset-password` }),
    expect: { ...DENY, admin: 200, owner: 200 },
  },
  {
    name: "search users",
    request: (o) => ({ method: "GET", path: `/api/orgs/${o}/users/search?q=bare` }),
    expect: { ...DENY, admin: 200, owner: 200 },
  },
  {
    name: "send a reset e-mail",
    request: (o, t) => ({ method: "POST", path: `/api/orgs/${o}/members/${t}/password-reset-email` }),
    expect: { ...DENY, admin: 200, owner: 200 },
  },
  {
    name: "list invitations",
    request: (o) => ({ method: "GET", path: `/api/orgs/${o}/invitations` }),
    expect: { ...DENY, staff: 200, admin: 200, owner: 200 },
  },
  {
    name: "withdraw an invitation",
    request: (o, _t, i) => ({ method: "DELETE", path: `/api/orgs/${o}/invitations/${i}` }),
    expect: { ...DENY, admin: 204, owner: 204 },
  },
  {
    name: "delete the organization",
    request: (o) => ({ method: "DELETE", path: `/api/orgs/${o}` }),
    expect: { ...DENY, admin: 403, owner: 204 },
  },
];

describe.each(engines)("organization routes: every action x every kind of caller (%s)", (engine) => {
  let t: TestApp;
  const cookies = {} as Record<Who, string | undefined>;
  const ids = {} as Record<"owner" | "admin" | "staff" | "outsider", string>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const who of ["owner", "admin", "staff", "outsider"] as const) {
      const user = await buildUser(t, { email: `${who}@example.com` });
      ids[who] = user.id;
      cookies[who] = await signIn(t.app, user.email, user.password);
      // Everyone has a home organization of their own, so the owner may delete the one under test.
      await buildOrg(t, user.id, `${who}'s home`);
    }
    cookies.signedOut = undefined;
  });
  afterAll(() => t?.close());

  /** A fresh organization per call: owner, admin, staff, and a staff target with a password credential. */
  async function world() {
    const org = await buildOrg(t, ids.owner, "Under test");
    await addMember(t, org, ids.admin, "admin");
    await addMember(t, org, ids.staff, "staff");
    const target = await buildBareUser(t);
    await t.database.db
      .insertInto("accounts")
      .values({
        id: newId(),
        accountId: target.id,
        providerId: "credential",
        userId: target.id,
        password: "x",
        createdAt: nowIso(),
        updatedAt: nowIso(),
        accessToken: null,
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        scope: null,
      })
      .execute();
    await addMember(t, org, target.id, "staff");
    const invitee = await buildBareUser(t);
    const invitation = newId();
    await t.database.db
      .insertInto("invitations")
      .values({
        id: invitation,
        organization_id: org,
        user_id: invitee.id,
        email: invitee.email,
        role: "staff",
        invited_by: ids.owner,
        token_hash: null,
        created_at: nowIso(),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .execute();
    return { org, target: target.id, invitation };
  }

  const rows = CASES.flatMap((c) => WHO.map((who) => [c.name, who, c.expect[who], c] as const));
  it.each(rows)("%s as %s -> %i", async (_name, who, status, c) => {
    const { org, target, invitation } = await world();
    const req = c.request(org, target, invitation);
    const res = await send(t.app, req.method, req.path, { cookie: cookies[who], body: req.body });
    expect(res.status).toBe(status);
    if (status >= 400) {
      expect(res.json.error.code).toBeTypeOf("string");
      // A refused request changes nothing: the organization and the target are as they were.
      const member = await t.database.db
        .selectFrom("memberships")
        .select("role")
        .where("organization_id", "=", org)
        .where("user_id", "=", target)
        .executeTakeFirst();
      expect(member?.role).toBe("staff");
      const profile = await t.database.db.selectFrom("profiles").select("name").where("user_id", "=", target).executeTakeFirst();
      expect(profile?.name).not.toBe("Renamed");
      const open = await t.database.db.selectFrom("invitations").select("id").where("id", "=", invitation).execute();
      expect(open).toHaveLength(1);
    }
    if (who === "outsider") expect(res.json.error.message).not.toContain("Under test");
  });

  it("answers 404 for a member of another organization reached through one's own organization", async () => {
    const { org } = await world();
    const other = await world();
    for (const [method, path] of [
      ["PATCH", `/api/orgs/${org}/members/${other.target}`],
      ["DELETE", `/api/orgs/${org}/members/${other.target}`],
      ["DELETE", `/api/orgs/${org}/members/${other.target}/account`],
      ["POST", `/api/orgs/${org}/members/${other.target}/reset-password`],
      ["POST", `/api/orgs/${org}/members/${other.target}/password-reset-email`],
      ["DELETE", `/api/orgs/${org}/invitations/${other.invitation}`],
    ] as const) {
      const res = await send(t.app, method, path, { cookie: cookies.admin, body: method === "PATCH" ? { role: "admin" } : undefined });
      expect(res.status).toBe(404);
    }
    const still = await t.database.db.selectFrom("memberships").select("role").where("user_id", "=", other.target).execute();
    expect(still).toEqual([{ role: "staff" }]);
    expect(await t.database.db.selectFrom("invitations").select("id").where("id", "=", other.invitation).execute()).toHaveLength(1);
  });

  it("answers 404 for an organization id that does not exist", async () => {
    const res = await send(t.app, "GET", `/api/orgs/${newId()}/members`, { cookie: cookies.owner });
    expect(res.status).toBe(404);
  });
});
