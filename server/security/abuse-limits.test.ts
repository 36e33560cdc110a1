import { afterEach, describe, expect, it } from "vitest";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { useSmtpSink } from "../test/smtp-sink.js";
import { type SseReader, readSse } from "../test/sse.js";
import { sweepInvitations } from "../services/invitations.js";
import { ownOrganization, twoTenants } from "./support.js";

describe.each(engines)("mass account creation and invitation spam (%s)", (engine) => {
  let t: TestApp;
  const sink = useSmtpSink();
  afterEach(() => t?.close());

  const users = (email: string) => t.database.db.selectFrom("users").select("id").where("email", "=", email).execute();

  it("one person cannot send 40 invitations in a burst: the default allowance stops them at 30 an hour", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const w = await twoTenants(t);
    const { cookie, org } = await ownOrganization(t, w.attacker, "Totally Legit Bank");
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await send(t.app, "POST", `/api/orgs/${org}/members`, {
        cookie,
        body: { email: `target${i}@spam.example`, role: "staff" },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // A refused invitation writes nothing and mails nobody.
    expect(await users("target35@spam.example")).toEqual([]);
    await sink.waitFor("target29@spam.example");
    expect(sink.mails.some((m) => m.to.includes("target35@spam.example"))).toBe(false);
  });

  it("limits invitations per organization across its admins, and organization creation per person", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url, INVITE_ORG_RATE_LIMIT: "3/3600", ORG_CREATE_RATE_LIMIT: "2/3600" });
    const w = await twoTenants(t);
    const admin = await signIn(t.app, w.victimAdmin.email, w.victimAdmin.password);
    const invite = (cookie: string, email: string) =>
      send(t.app, "POST", `/api/orgs/${w.victimOrg}/members`, { cookie, body: { email, role: "staff" } });
    expect((await invite(admin, "a@new.example")).status).toBe(201);
    expect((await invite(admin, "b@new.example")).status).toBe(201);
    expect((await invite(w.ownerCookie, "c@new.example")).status).toBe(201);
    const over = await invite(w.ownerCookie, "d@new.example");
    expect(over.status).toBe(429);
    expect(over.json.error.message).toBe("Too many invitations. Please wait before inviting more people.");

    const cookie = await signIn(t.app, w.attacker.email, w.attacker.password);
    const create = () => send(t.app, "POST", "/api/orgs", { cookie, body: { name: "Spam Org" } });
    expect([(await create()).status, (await create()).status, (await create()).status]).toEqual([201, 201, 429]);
    const count = await t.database.db.selectFrom("organizations").select("id").where("name", "=", "Spam Org").execute();
    expect(count).toHaveLength(2);
  });

  it("an invited account that never signed in goes when its last invitation is withdrawn, expires or its organization is deleted", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const w = await twoTenants(t);
    const { cookie, org } = await ownOrganization(t, w.attacker, "Short Lived");
    const invite = (email: string, inOrg = org) =>
      send(t.app, "POST", `/api/orgs/${inOrg}/members`, { cookie, body: { email, role: "staff" } });

    // Withdrawn: the account the invitation created goes with it.
    const withdrawn = await invite("withdrawn@new.example");
    expect(await users("withdrawn@new.example")).toHaveLength(1);
    await send(t.app, "DELETE", `/api/orgs/${org}/invitations/${withdrawn.json.invitation.id}`, { cookie });
    expect(await users("withdrawn@new.example")).toEqual([]);

    // Two organizations invited one address: it stays until the last invitation goes.
    const second = await ownOrganization(t, w.attacker, "Second");
    await invite("twice@new.example");
    const other = await send(t.app, "POST", `/api/orgs/${second.org}/members`, {
      cookie,
      body: { email: "twice@new.example", role: "staff" },
    });
    await send(t.app, "DELETE", `/api/orgs/${second.org}/invitations/${other.json.invitation.id}`, { cookie });
    expect(await users("twice@new.example")).toHaveLength(1);

    // Expired: the hourly sweep deletes the invitation and the account nobody took up.
    await invite("expired@new.example");
    await t.database.db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", "expired@new.example")
      .execute();
    expect((await send(t.app, "GET", `/api/orgs/${org}/invitations`, { cookie })).json.items.map((i: any) => i.email)).not.toContain(
      "expired@new.example",
    );
    await sweepInvitations(t.deps);
    expect(await users("expired@new.example")).toEqual([]);

    // The organization deleted: its pending accounts go; accounts with a password never do.
    await invite("orphaned@new.example");
    await invite(w.victimStaff.email);
    expect((await send(t.app, "DELETE", `/api/orgs/${org}`, { cookie })).status).toBe(204);
    expect(await users("orphaned@new.example")).toEqual([]);
    expect(await users("twice@new.example")).toEqual([]);
    expect(await users(w.victimStaff.email)).toHaveLength(1);
  });

  it("a person may still decline, and the account they hold is never removed by withdrawal", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const w = await twoTenants(t);
    const lonely = await buildUser(t, { email: "lonely@example.com" });
    const { cookie, org } = await ownOrganization(t, w.attacker, "Club");
    const theirs = await signIn(t.app, lonely.email, lonely.password);
    const pending = async () => (await send(t.app, "GET", "/api/me/invitations", { cookie: theirs })).json.items.map((i: any) => i.id);

    const first = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: lonely.email, role: "staff" } });
    expect(await pending()).toEqual([first.json.invitation.id]);
    expect((await send(t.app, "POST", `/api/me/invitations/${first.json.invitation.id}/decline`, { cookie: theirs })).status).toBe(204);
    expect(await pending()).toEqual([]);

    const second = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: lonely.email, role: "staff" } });
    expect((await send(t.app, "DELETE", `/api/orgs/${org}/invitations/${second.json.invitation.id}`, { cookie })).status).toBe(204);
    expect(await pending()).toEqual([]);
    expect(await users(lonely.email)).toHaveLength(1);
    // Their password still signs them in, and another organization can still take them in.
    await signIn(t.app, lonely.email, lonely.password);
    await addMember(t, w.victimOrg, lonely.id, "staff");
    const orgs = (await send(t.app, "GET", "/api/me", { cookie: theirs })).json;
    expect(JSON.stringify(orgs)).toContain(w.victimOrg);
  });
});

describe.each(engines)("live streams one person may hold open (%s)", (engine) => {
  let t: TestApp;
  const readers: SseReader[] = [];
  afterEach(async () => {
    for (const reader of readers.splice(0)) await reader.cancel();
    await t?.close();
  });

  const open = (cookie: string, org: string) => t.app.request(`/api/orgs/${org}/events`, { headers: { origin: APP_URL, cookie } });
  /** Opens a stream and waits until it is live. */
  const stream = async (cookie: string, org: string) => {
    const res = await open(cookie, org);
    expect(res.status).toBe(200);
    const reader = readSse(res);
    readers.push(reader);
    await reader.next((f) => f.event === "ready");
    return reader;
  };
  const refusal = async (res: Response) => ({ status: res.status, body: await res.json() });

  it("a burst of streams from one session stops at its limit (10) with a 429; closing one frees its place", async () => {
    t = await createTestApp(engine);
    const { perSession } = t.config.liveStreams;
    expect(perSession).toBe(10);
    const w = await twoTenants(t);
    const cookie = await signIn(t.app, w.victimStaff.email, w.victimStaff.password);
    const burst = await Promise.all(Array.from({ length: perSession + 5 }, () => open(cookie, w.victimOrg)));
    const opened = burst.filter((res) => res.status === 200);
    expect(opened).toHaveLength(perSession);
    for (const res of opened) {
      const reader = readSse(res);
      readers.push(reader);
      await reader.next((f) => f.event === "ready");
    }
    for (const res of burst.filter((r) => r.status !== 200)) {
      expect(await refusal(res)).toEqual({
        status: 429,
        body: {
          error: {
            code: "TOO_MANY_STREAMS",
            message: `Too many live connections for this session (at most ${perSession}). Close another tab or window and try again.`,
          },
        },
      });
    }
    // The streams that are open still work.
    await send(t.app, "POST", `/api/orgs/${w.victimOrg}/contacts`, { cookie, body: { first_name: "Still", phone: "6155550142" } });
    await readers[0]!.event("contact.created");

    await readers.shift()!.cancel();
    await stream(cookie, w.victimOrg);
    expect((await open(cookie, w.victimOrg)).status).toBe(429);
  });

  it("one account holds at most 30 streams across its sessions and organizations", async () => {
    t = await createTestApp(engine);
    const { perSession, perAccount } = t.config.liveStreams;
    expect(perAccount).toBe(30);
    const w = await twoTenants(t);
    const { cookie: first, org: own } = await ownOrganization(t, w.victimStaff, "Own");
    const sessions = [first];
    while (sessions.length * perSession < perAccount) {
      sessions.push(await signIn(t.app, w.victimStaff.email, w.victimStaff.password));
    }
    for (const [i, cookie] of sessions.entries()) {
      for (let n = 0; n < perSession; n++) await stream(cookie, (i + n) % 2 ? own : w.victimOrg);
    }
    const fresh = await signIn(t.app, w.victimStaff.email, w.victimStaff.password);
    expect(await refusal(await open(fresh, w.victimOrg))).toEqual({
      status: 429,
      body: {
        error: {
          code: "TOO_MANY_STREAMS",
          message: `Too many live connections for this account (at most ${perAccount}, across its sessions). Close another tab or window and try again.`,
        },
      },
    });
    // Another person is not affected.
    await stream(await signIn(t.app, w.victimAdmin.email, w.victimAdmin.password), w.victimOrg);

    await readers.shift()!.cancel();
    await stream(fresh, own);
  });
});
