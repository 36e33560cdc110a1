import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { type SseReader, readSse } from "../test/sse.js";

describe.each(engines)("live events stream (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let adminId: string;
  let adminName: string;
  let staffId: string;
  let admin: string;
  let staff: string;
  let outsider: string;
  let n = 0;
  const open: SseReader[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t);
    const s = await buildUser(t);
    const o = await buildUser(t);
    adminId = a.id;
    adminName = a.name;
    staffId = s.id;
    org = await buildOrg(t, a.id);
    otherOrg = await buildOrg(t, o.id, "Other");
    await addMember(t, org, s.id, "staff");
    admin = await signIn(t.app, a.email, a.password);
    staff = await signIn(t.app, s.email, s.password);
    outsider = await signIn(t.app, o.email, o.password);
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.cancel();
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = admin, orgId = org) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie, body });
  const request = (cookie: string | undefined, orgId = org, headers: Record<string, string> = {}, query = "") =>
    t.app.request(`/api/orgs/${orgId}/events${query}`, { headers: { origin: APP_URL, ...(cookie ? { cookie } : {}), ...headers } });
  /** Opens a stream and waits until the server says every change from now on reaches it. */
  const stream = async (cookie: string, orgId = org, headers: Record<string, string> = {}, query = "") => {
    const res = await request(cookie, orgId, headers, query);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = readSse(res);
    open.push(reader);
    await reader.next((f) => f.event === "ready");
    return reader;
  };
  const contact = async (first: string, cookie = admin) =>
    (await api("POST", "/contacts", { first_name: first, phone: `5552${String(100000 + ++n)}` }, cookie)).json.contact;

  it("answers 401 signed out and 404 to a non-member, as any other organization call", async () => {
    expect((await request(undefined)).status).toBe(401);
    const res = await request(outsider);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Organization not found." } });
    expect((await request(admin, "no-such-org")).status).toBe(404);
  });

  it("carries every contact change with its id, type, ids, new version and actor, and nothing else", async () => {
    const s = await stream(staff);
    const created = await contact("Ada");
    expect(await s.event("contact.created")).toEqual({
      id: expect.any(String),
      type: "contact.created",
      ids: [created.id],
      version: 1,
      actorId: adminId,
      actorName: adminName,
      at: expect.any(String),
    });
    await api("PATCH", `/contacts/${created.id}`, { version: 1, last_name: "Lovelace" });
    expect(await s.event("contact.updated")).toMatchObject({ ids: [created.id], version: 2, actorId: adminId });
    // A create that merges into the existing contact of that phone number.
    await api("POST", "/contacts", { first_name: "Ada", phone: created.phone, email: "ada@example.com" }, staff);
    expect(await s.event("contact.merged")).toMatchObject({ ids: [created.id], version: 3, actorId: staffId });
    await api("POST", `/contacts/${created.id}/favorite`, { is_favorite: true });
    expect(await s.event("contact.favorite")).toMatchObject({ ids: [created.id] });
    await api("DELETE", `/contacts/${created.id}`);
    expect(await s.event("contact.trashed")).toMatchObject({ ids: [created.id] });
    const restored = (await api("POST", `/trash/${created.id}/restore`)).json;
    expect(await s.event("contact.restored")).toMatchObject({ ids: [created.id], version: restored.version });
    const frames = s.events().map((e) => e.type);
    expect(frames).toEqual([
      "contact.created",
      "contact.updated",
      "contact.merged",
      "contact.favorite",
      "contact.trashed",
      "contact.restored",
    ]);
    // The event names, never the data.
    expect(JSON.stringify(s.events())).not.toContain("Lovelace");
  });

  it("sends a purge only to those who may see the trash (staff may not)", async () => {
    const s = await stream(staff);
    const a = await stream(admin);
    const c = await contact("Temp");
    await api("DELETE", `/contacts/${c.id}`);
    await api("DELETE", `/trash/${c.id}`);
    expect(await a.event("contact.purged")).toMatchObject({ ids: [c.id] });
    // The staff stream got the trash event, then a later change, and no purge in between.
    await contact("After");
    await s.event("contact.trashed");
    await s.event("contact.created");
    expect(s.events().map((e) => e.type)).not.toContain("contact.purged");
  });

  it("carries groups, group membership and member changes", async () => {
    const s = await stream(staff);
    const g = (await api("POST", "/groups", { name: "Choir" })).json;
    expect(await s.event("group.created")).toMatchObject({ ids: [g.id] });
    await api("PATCH", `/groups/${g.id}`, { name: "Choir 2" });
    expect(await s.event("group.updated")).toMatchObject({ ids: [g.id] });
    const c = await contact("Singer");
    await api("POST", `/groups/${g.id}/members`, { contact_ids: [c.id] });
    expect(await s.event("group.members_added")).toMatchObject({ groupId: g.id, ids: [c.id] });
    await api("DELETE", `/groups/${g.id}/members/${c.id}`);
    expect(await s.event("group.member_removed")).toMatchObject({ groupId: g.id, ids: [c.id] });
    await api("DELETE", `/groups/${g.id}`);
    expect(await s.event("group.deleted")).toMatchObject({ ids: [g.id] });

    const invited = await api("POST", "/members", { email: `new-${n++}@example.com`, role: "staff" });
    expect(await s.event("invitation.created")).toMatchObject({ ids: [invited.json.invitation.id], actorId: adminId });
    await api("DELETE", `/invitations/${invited.json.invitation.id}`);
    expect(await s.event("invitation.withdrawn")).toMatchObject({ ids: [invited.json.invitation.id] });
  });

  it("keeps organizations apart: a stream of another organization receives nothing", async () => {
    const other = await stream(outsider, otherOrg);
    const mine = await stream(admin);
    await contact("Secret");
    await mine.event("contact.created");
    await api("POST", "/contacts", { first_name: "Theirs", phone: "5553000001" }, outsider, otherOrg);
    await other.event("contact.created");
    expect(other.events()).toHaveLength(1);
    expect(mine.events()).toHaveLength(1);
  });

  it("resumes after Last-Event-ID without losing events, and asks for a refetch when it cannot", async () => {
    const first = await stream(admin);
    await contact("One");
    const seen = await first.event("contact.created");
    await first.cancel();
    const two = await contact("Two");
    const three = await contact("Three");
    const resumed = await stream(admin, org, { "Last-Event-ID": seen.id });
    const a = await resumed.event("contact.created");
    const b = await resumed.event("contact.created");
    expect([a.ids, b.ids]).toEqual([[two.id], [three.id]]);
    // The same through the query string (a new EventSource cannot set the header).
    const viaQuery = await stream(admin, org, {}, `?lastEventId=${encodeURIComponent(seen.id)}`);
    expect((await viaQuery.event("contact.created")).ids).toEqual([two.id]);

    const unknown = await stream(admin, org, { "Last-Event-ID": "0190aaaa-0000-7000-8000-000000000000" });
    const refetch = await unknown.next((f) => f.event === "refetch");
    expect(JSON.parse(refetch.data)).toEqual({ reason: "resume-unavailable" });
  });

  it("replays to a stream that has seen no event what arrived since its client read the screens, and asks a view too old to refetch", async () => {
    const watcher = await stream(admin);
    await contact("Earlier");
    await watcher.event("contact.created");
    // Time enough past the server's one-second margin that 'Earlier' is before the view was read.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const readAt = Date.now();
    const later = await contact("Later");
    await watcher.event("contact.created");
    const opened = await stream(admin, org, {}, `?viewAge=${Date.now() - readAt}`);
    expect((await opened.event("contact.created")).ids).toEqual([later.id]);

    for (const age of [String(6 * 60_000), "soon"]) {
      const old = await stream(admin, org, {}, `?viewAge=${age}`);
      expect(JSON.parse((await old.next((f) => f.event === "refetch")).data)).toEqual({ reason: "resume-unavailable" });
    }
  });

  it("closes a removed member's stream at once, and the stream of a session that ends", async () => {
    const temp = await buildUser(t);
    await addMember(t, org, temp.id, "staff");
    const cookie = await signIn(t.app, temp.email, temp.password);
    const s = await stream(cookie);
    await api("DELETE", `/members/${temp.id}`);
    const closed = await s.next((f) => f.event === "closed");
    expect(JSON.parse(closed.data)).toEqual({ reason: "removed" });
    await s.closed();
    expect((await request(cookie)).status).toBe(404);

    const leaving = await buildUser(t);
    await addMember(t, org, leaving.id, "staff");
    const leavingCookie = await signIn(t.app, leaving.email, leaving.password);
    const s2 = await stream(leavingCookie);
    const other = await stream(admin);
    expect((await send(t.app, "POST", "/api/auth/sign-out", { cookie: leavingCookie, body: {} })).status).toBe(200);
    expect(JSON.parse((await s2.next((f) => f.event === "closed")).data)).toEqual({ reason: "signed-out" });
    await s2.closed();
    // The admin's stream stays.
    await contact("Still here");
    await other.event("contact.created");
  });

  it("applies a role change to the open stream: a member made admin starts receiving purges", async () => {
    const temp = await buildUser(t);
    await addMember(t, org, temp.id, "staff");
    const s = await stream(await signIn(t.app, temp.email, temp.password));
    await api("PATCH", `/members/${temp.id}`, { role: "admin" });
    await s.event("member.role_changed");
    const c = await contact("Purge me");
    await api("DELETE", `/contacts/${c.id}`);
    await api("DELETE", `/trash/${c.id}`);
    expect(await s.event("contact.purged")).toMatchObject({ ids: [c.id] });
  });

  it("tells every member's stream the organization's new name; staff may not rename, another organization is 404", async () => {
    const s = await stream(staff);
    const renamed = await api("PATCH", "", { name: "  Renamed Desk " });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ id: org, name: "Renamed Desk", staffCardDav: false, requirePhone: true, requireTwoFactor: false });
    expect(await s.event("organization.renamed")).toMatchObject({ ids: [org] });
    const listed = await send(t.app, "GET", "/api/orgs", { cookie: staff });
    expect(listed.json.items.find((o: { id: string }) => o.id === org).name).toBe("Renamed Desk");
    const refused = await send(t.app, "PATCH", `/api/orgs/${org}`, { cookie: staff, body: { name: "Mine now" } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Only admins can rename the organization");
    expect((await send(t.app, "PATCH", `/api/orgs/${otherOrg}`, { cookie: admin, body: { name: "Theirs" } })).status).toBe(404);
    expect((await api("PATCH", "", { name: "" })).status).toBe(400);
    const audit = await api("GET", "/audit?action=ORGANIZATION_RENAMED");
    expect(audit.json.items[0]).toMatchObject({ operation: "ORGANIZATION_RENAMED" });
  });

  it("tells every member's stream when the organization's settings change", async () => {
    const s = await stream(staff);
    expect((await api("PATCH", "", { staffCardDav: true })).status).toBe(200);
    expect(await s.event("organization.updated")).toMatchObject({ ids: [org], actorId: adminId });
    expect((await api("PATCH", "", { staffCardDav: false })).status).toBe(200);
  });

  it("tells every stream the organization is gone and closes them", async () => {
    const o = await buildUser(t);
    const own = await buildOrg(t, o.id, "Doomed");
    await buildOrg(t, o.id, "Kept");
    const cookie = await signIn(t.app, o.email, o.password);
    const s = await stream(cookie, own);
    expect((await send(t.app, "DELETE", `/api/orgs/${own}`, { cookie })).status).toBe(204);
    expect(await s.event("organization.deleted")).toMatchObject({ ids: [own] });
    expect(JSON.parse((await s.next((f) => f.event === "closed")).data)).toEqual({ reason: "organization-deleted" });
    await s.closed();
  });
});
