import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_SCOPES, type ApiScope } from "../../shared/api-tokens.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";

const RATE = 40;

// Organization API tokens (ADR 024): made by the owner and admins, used as `Authorization: Bearer`,
// within their scopes, on their own organization's routes only.
describe.each(engines)("API tokens (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let adminId: string;
  let adminCookie: string;
  let staffCookie: string;
  let outsiderCookie: string;
  let n = 0;
  const phone = () => `615556${String(10_000 + ++n).slice(1)}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { API_TOKEN_RATE_LIMIT: `${RATE}/60` });
    const admin = await buildUser(t, { name: "Ada Admin" });
    const staff = await buildUser(t, { name: "Sam Staff" });
    const outsider = await buildUser(t);
    adminId = admin.id;
    org = await buildOrg(t, admin.id, "Clinic");
    otherOrg = await buildOrg(t, outsider.id, "Other");
    await addMember(t, org, staff.id, "staff");
    adminCookie = await signIn(t.app, admin.email, admin.password);
    staffCookie = await signIn(t.app, staff.email, staff.password);
    outsiderCookie = await signIn(t.app, outsider.email, outsider.password);
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = adminCookie, orgId = org) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie, body });
  /** A request as an integration sends it: the token, no cookie, no Origin. */
  const bearer = async (token: string, method: string, path: string, body?: unknown, orgId = org) => {
    const res = await t.app.request(`/api/orgs/${orgId}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* a file (the export) */
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  const create = async (name: string, scopes: ApiScope[], expiresAt?: string) => {
    const res = await api("POST", "/api-tokens", { name, scopes, ...(expiresAt ? { expiresAt } : {}) });
    expect(res.status, res.text).toBe(201);
    return res.json as { token: string; apiToken: { id: string; name: string; scopes: string[] } };
  };

  it("shows the secret once, lists tokens without it, and revokes from the next request", async () => {
    const created = await create("Booking sync", ["contacts:read", "contacts:write"], "2099-01-31T23:59:59Z");
    expect(created.token).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toEqual({
      id: expect.any(String),
      name: "Booking sync",
      scopes: ["contacts:read", "contacts:write"],
      createdAt: expect.any(String),
      expiresAt: "2099-01-31T23:59:59.000Z",
      lastUsedAt: null,
      createdBy: { id: adminId, name: "Ada Admin" },
    });
    // Stored as a keyed hash only.
    const stored = await t.database.db
      .selectFrom("api_tokens")
      .select("token_hash")
      .where("id", "=", created.apiToken.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(created.token.slice(4));

    expect((await bearer(created.token, "GET", "/contacts")).status).toBe(200);
    const list = await api("GET", "/api-tokens");
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(created.token);
    expect(list.text).not.toContain(created.token.slice(4, 20));
    expect(list.text).not.toContain("hmac-sha256");
    const listed = list.json.items.find((i: any) => i.id === created.apiToken.id);
    expect(listed.lastUsedAt).not.toBeNull();

    expect((await api("DELETE", `/api-tokens/${created.apiToken.id}`)).status).toBe(204);
    const refused = await bearer(created.token, "GET", "/contacts");
    expect(refused.status).toBe(401);
    expect(refused.json.error.message).toBe("This API token was revoked.");
    expect((await api("GET", "/api-tokens")).json.items.some((i: any) => i.id === created.apiToken.id)).toBe(false);
    expect((await api("DELETE", `/api-tokens/${created.apiToken.id}`)).status).toBe(404);

    const audit = (await api("GET", "/audit?limit=200")).json.items as any[];
    const made = audit.find((e) => e.operation === "API_TOKEN_CREATED" && e.recordId === created.apiToken.id);
    expect(made.user.id).toBe(adminId);
    expect(made.newData).toMatchObject({ name: "Booking sync", scopes: ["contacts:read", "contacts:write"] });
    expect(audit.some((e) => e.operation === "API_TOKEN_REVOKED" && e.recordId === created.apiToken.id)).toBe(true);
  });

  it("is the owner's and admins': staff get 403, another organization's members 404", async () => {
    const { apiToken } = await create("Newsletter", ["contacts:read"]);
    for (const [method, path, body] of [
      ["GET", "/api-tokens"],
      ["POST", "/api-tokens", { name: "Mine", scopes: ["contacts:read"] }],
      ["DELETE", `/api-tokens/${apiToken.id}`],
    ] as const) {
      const asStaff = await api(method, path, body, staffCookie);
      expect(asStaff.status, `${method} ${path}`).toBe(403);
      expect(asStaff.json.error.message).toBe("Only the owner and admins can manage API tokens");
      expect((await api(method, path, body, outsiderCookie)).status, `${method} ${path}`).toBe(404);
    }
    // Another organization's token id is not found in this one.
    const theirs = await api("POST", "/api-tokens", { name: "Theirs", scopes: ["contacts:read"] }, outsiderCookie, otherOrg);
    expect(theirs.status).toBe(201);
    expect((await api("DELETE", `/api-tokens/${theirs.json.apiToken.id as string}`)).status).toBe(404);
  });

  it("refuses names, scopes and expiries that are not valid", async () => {
    for (const body of [
      { name: "", scopes: ["contacts:read"] },
      { name: "X", scopes: [] },
      { name: "X", scopes: ["contacts:admin"] },
      { name: "X", scopes: ["contacts:read", "contacts:read"] },
      { name: "X", scopes: ["contacts:read"], expiresAt: "2001-01-01T00:00:00Z" },
      { name: "X", scopes: ["contacts:read"], expiresAt: "tomorrow" },
    ]) {
      expect((await api("POST", "/api-tokens", body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("acts within its scopes: 403 with the scope it lacks, and never on members, settings or tokens", async () => {
    const { token } = await create("Reader", ["contacts:read"]);
    const write = await bearer(token, "POST", "/contacts", { first_name: "Nope", phone: phone() });
    expect(write.status).toBe(403);
    expect(write.json.error.message).toBe('This API token cannot create contacts: it needs the "contacts:write" scope.');
    expect((await bearer(token, "GET", "/groups")).status).toBe(403);

    const { token: all } = await create("Everything", [...API_SCOPES]);
    const closed: [string, string, unknown?][] = [
      ["GET", "/members"],
      ["POST", "/members", { email: "new@example.com", role: "staff" }],
      ["GET", "/invitations"],
      ["PATCH", "", { name: "Renamed" }],
      ["DELETE", ""],
      ["GET", "/api-tokens"],
      ["POST", "/api-tokens", { name: "Child", scopes: ["contacts:read"] }],
      ["GET", "/audit"],
      ["GET", "/usage"],
      ["GET", "/trash"],
      ["GET", "/imports"],
      ["GET", "/contacts/duplicates"],
      ["GET", "/events"],
    ];
    for (const [method, path, body] of closed) {
      const res = await bearer(all, method, path, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(403);
    }
    expect((await api("GET", "")).status).not.toBe(500);
  });

  it("opens no route beyond its scope (every organization route, a groups:read token)", async () => {
    const contact = (await api("POST", "/contacts", { first_name: "Sweep", phone: phone() })).json.contact;
    const group = (await api("POST", "/groups", { name: `Sweep ${++n}` })).json;
    const ids: Record<string, string> = { id: contact.id, groupId: group.id ?? group.group?.id, contactId: contact.id, version: "1" };
    const routes = t.app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/orgs/:orgId/"))
      .map((r) => ({ method: r.method, path: r.path.replace("/api/orgs/:orgId", "").replace(/:(\w+)/g, (_, k: string) => ids[k] ?? "x") }));
    // What groups:read may answer with success.
    const open = new Set(["GET /groups", `GET /groups/${ids.groupId}/members`, `GET /contacts/${contact.id}/groups`]);
    expect(routes.length).toBeGreaterThan(40);
    let token = "";
    let tokenId = "";
    for (const [i, route] of routes.entries()) {
      if (i % 20 === 0) {
        if (tokenId) await api("DELETE", `/api-tokens/${tokenId}`);
        ({
          token,
          apiToken: { id: tokenId },
        } = await create(`Sweep ${i}`, ["groups:read"]));
      }
      // The live stream would stay open: it is refused before it starts anyway (checked above).
      if (route.path === "/events") continue;
      const res = await bearer(token, route.method, route.path, route.method === "GET" || route.method === "DELETE" ? undefined : {});
      const key = `${route.method} ${route.path}`;
      expect(res.status, `${key}: ${res.text}`).toBeLessThan(500);
      if (!open.has(key)) expect(res.status >= 200 && res.status < 300, `${key} answered ${res.status}`).toBe(false);
    }
    await api("DELETE", `/api-tokens/${tokenId}`);
  });

  it("answers 404 for another organization, 401 when expired, unknown or its creator is no longer an admin", async () => {
    const { token, apiToken } = await create("Expiring", ["contacts:read"], "2099-01-01T00:00:00Z");
    const other = await bearer(token, "GET", "/contacts", undefined, otherOrg);
    expect(other.status).toBe(404);
    expect((await bearer(token, "GET", "/contacts", undefined, "no-such-org")).status).toBe(404);

    await t.database.db.updateTable("api_tokens").set({ expires_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", apiToken.id).execute();
    const expired = await bearer(token, "GET", "/contacts");
    expect(expired.status).toBe(401);
    expect(expired.json.error.message).toBe("This API token has expired.");

    for (const unknown of [`cbk_${"A".repeat(43)}`, "cbk_short", "not-a-token", ""]) {
      const res = await bearer(unknown, "GET", "/contacts");
      expect(res.status, unknown).toBe(401);
    }

    // A token made by an admin who is later demoted stops with their power.
    const second = await buildUser(t, { name: "Ann Second" });
    await addMember(t, org, second.id, "admin");
    const secondCookie = await signIn(t.app, second.email, second.password);
    const made = await api("POST", "/api-tokens", { name: "Ann's", scopes: ["contacts:read"] }, secondCookie);
    expect((await bearer(made.json.token, "GET", "/contacts")).status).toBe(200);
    await t.database.db
      .updateTable("memberships")
      .set({ role: "staff" })
      .where("user_id", "=", second.id)
      .where("organization_id", "=", org)
      .execute();
    const demoted = await bearer(made.json.token, "GET", "/contacts");
    expect(demoted.status).toBe(401);
    expect(demoted.json.error.message).toMatch(/no longer an owner or admin/);
  });

  it("is the request's only credential: no cookie set, no Origin needed, never the session's", async () => {
    const { token } = await create("No origin", ["contacts:read", "contacts:write"]);
    const created = await bearer(token, "POST", "/contacts", { first_name: "Origin", last_name: "Less", phone: phone() });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get("set-cookie")).toBeNull();

    // A cookie without Origin is still refused, as before.
    const cookieOnly = await t.app.request(`/api/orgs/${org}/contacts`, {
      method: "POST",
      headers: { cookie: adminCookie, "content-type": "application/json" },
      body: JSON.stringify({ first_name: "Cookie", phone: phone() }),
    });
    expect(cookieOnly.status).toBe(403);
    expect(((await cookieOnly.json()) as any).error.code).toBe("FORBIDDEN_ORIGIN");

    // A bad token beside a good cookie is refused: the cookie is never read.
    const mixed = await t.app.request(`/api/orgs/${org}/contacts`, {
      headers: { cookie: adminCookie, authorization: `Bearer cbk_${"B".repeat(43)}`, origin: APP_URL },
    });
    expect(mixed.status).toBe(401);
    // Outside an organization's routes a token is not a credential.
    const me = await t.app.request("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    const orgs = await t.app.request("/api/orgs", { method: "POST", headers: { authorization: `Bearer ${token}`, cookie: adminCookie } });
    expect(orgs.status).toBe(403);
  });

  it("names the token in the contact's history and the audit log", async () => {
    const { token, apiToken } = await create("Booking sync", ["contacts:read", "contacts:write"]);
    const created = await bearer(token, "POST", "/contacts", { first_name: "Booked", last_name: "Patient", phone: phone() });
    expect(created.status, created.text).toBe(201);
    const contact = created.json.contact;
    const edited = await bearer(token, "PATCH", `/contacts/${contact.id as string}`, { version: contact.version, job_title: "Patient" });
    expect(edited.status, edited.text).toBe(200);

    const history = (await api("GET", `/contacts/${contact.id as string}/history`)).json.items as any[];
    expect(history.map((h) => [h.action, h.source, h.actor, h.user?.name])).toEqual([
      ["update", "api", "Booking sync", "Ada Admin"],
      ["create", "api", "Booking sync", "Ada Admin"],
    ]);
    const audit = (await api("GET", "/audit?action=CONTACT_CREATED&limit=200")).json.items as any[];
    const entry = audit.find((e) => e.recordId === contact.id);
    expect(entry.apiToken).toEqual({ id: apiToken.id, name: "Booking sync" });
    expect(entry.user.id).toBe(adminId);
    // People's own entries name no token.
    const byHand = (await api("POST", "/contacts", { first_name: "By", last_name: "Hand", phone: phone() })).json.contact;
    const mine = ((await api("GET", "/audit?action=CONTACT_CREATED&limit=200")).json.items as any[]).find((e) => e.recordId === byHand.id);
    expect(mine.apiToken).toBeNull();
  });

  it("exports with the export scope, audited as the token", async () => {
    const { token, apiToken } = await create("Spreadsheet", ["export"]);
    const res = await bearer(token, "GET", "/export?format=csv");
    expect(res.status, res.text).toBe(200);
    expect(res.text).toContain("first_name,last_name");
    const entry = ((await api("GET", "/audit?action=EXPORT_SUCCESS&limit=200")).json.items as any[])[0];
    expect(entry.apiToken).toEqual({ id: apiToken.id, name: "Spreadsheet" });
    expect((await bearer(token, "GET", "/contacts")).status).toBe(403);
  });

  it(`is rate limited per token (${RATE} a minute here): 429 past it, other tokens unaffected`, async () => {
    const { token } = await create("Busy", ["contacts:read"]);
    const { token: calm } = await create("Calm", ["contacts:read"]);
    for (let i = 0; i < RATE; i++) expect((await bearer(token, "GET", "/contacts/counts")).status).toBe(200);
    const limited = await bearer(token, "GET", "/contacts/counts");
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe("RATE_LIMITED");
    expect((await bearer(calm, "GET", "/contacts/counts")).status).toBe(200);
  });
});
