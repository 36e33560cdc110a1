import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { useSmtpSink } from "../test/smtp-sink.js";
import { type SseReader, readSse } from "../test/sse.js";
import { csvOf, upload } from "../test/uploads.js";
import { eventually } from "../test/eventually.js";

describe.each(engines)("notifications (%s)", (engine) => {
  const sink = useSmtpSink();
  let t: TestApp;
  let org: string;
  let admin: { id: string; email: string; cookie: string };
  let staff: { id: string; email: string; cookie: string };
  const streams: SseReader[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const a = await buildUser(t, { name: "Alice Admin" });
    const s = await buildUser(t, { name: "Sam Staff" });
    org = await buildOrg(t, a.id, "Acme");
    await addMember(t, org, s.id, "staff");
    admin = { id: a.id, email: a.email, cookie: await signIn(t.app, a.email, a.password) };
    staff = { id: s.id, email: s.email, cookie: await signIn(t.app, s.email, s.password) };
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) await s.cancel();
    for (const who of [admin, staff]) {
      await me("POST", "/notifications/read-all", who.cookie);
      await me("PATCH", "/notification-settings", who.cookie, { new_users: true, import_completion: true });
    }
  });
  afterAll(() => t?.close());

  const me = (method: string, path: string, cookie: string, body?: unknown) => send(t.app, method, `/api/me${path}`, { cookie, body });
  const unread = async (cookie: string) => (await me("GET", "/notifications/unread-count", cookie)).json.unread as number;
  const list = async (cookie: string) => (await me("GET", "/notifications", cookie)).json.items as any[];
  const importCsv = (cookie: string) =>
    upload(
      t.app,
      `/api/orgs/${org}/imports`,
      { bytes: csvOf(["Name", "Phone"], [{ Name: "Ian Import", Phone: "5556000001" }]), name: "people.csv" },
      {},
      cookie,
    );

  it("tells the importer their import finished, with its summary, on the bell and live on their stream", async () => {
    const res = await t.app.request(`/api/orgs/${org}/events`, { headers: { origin: APP_URL, cookie: staff.cookie } });
    const stream = readSse(res);
    streams.push(stream);
    await stream.next((f) => f.event === "ready");
    expect((await importCsv(staff.cookie)).status).toBe(201);
    const live = await stream.event("notification.created");
    const items = await eventually(
      () => list(staff.cookie),
      (l) => l.length > 0 && !l[0].read,
    );
    expect(items[0]).toMatchObject({
      id: live.ids[0],
      kind: "import",
      title: "Import finished",
      body: "people.csv: 1 imported, 0 merged, 0 skipped, 0 failed.",
      link: "/import",
      organization_id: org,
      read: false,
    });
    expect(await unread(staff.cookie)).toBe(1);
    // Nobody else hears of it.
    expect(await unread(admin.cookie)).toBe(0);
  });

  it("marks one or all read, refuses another person's notification, and pages newest first", async () => {
    await importCsv(staff.cookie);
    await importCsv(staff.cookie);
    await importCsv(staff.cookie);
    const items = await eventually(
      () => list(staff.cookie),
      (l) => l.filter((n) => !n.read).length === 3,
    );
    expect(await unread(staff.cookie)).toBe(3);
    expect((await me("POST", `/notifications/${items[0].id}/read`, staff.cookie)).json).toEqual({ unread: 2 });
    expect((await me("POST", `/notifications/${items[1].id}/read`, admin.cookie)).status).toBe(404);
    const page1 = (await me("GET", "/notifications?limit=2", staff.cookie)).json;
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0].read).toBe(true);
    const page2 = (await me("GET", `/notifications?limit=2&cursor=${page1.nextCursor}`, staff.cookie)).json;
    expect(page2.items[0].created_at <= page1.items[1].created_at).toBe(true);
    expect(page2.items.map((n: any) => n.id)).not.toContain(page1.items[1].id);
    expect((await me("POST", "/notifications/read-all", staff.cookie)).json).toEqual({ unread: 0 });
    expect(await unread(staff.cookie)).toBe(0);
    expect((await me("GET", "/notifications?cursor=nonsense", staff.cookie)).status).toBe(400);
  });

  it("follows the in-app toggles; Security Alerts are always on and mailed when SMTP is set", async () => {
    const settings = await me("GET", "/notification-settings", staff.cookie);
    expect(settings.json).toEqual({
      new_users: true,
      import_completion: true,
      system_updates: false,
      new_device_sign_in: true,
      email_available: true,
    });
    const off = await me("PATCH", "/notification-settings", staff.cookie, { import_completion: false });
    expect(off.json).toMatchObject({ import_completion: false, new_users: true });
    expect((await me("PATCH", "/notification-settings", staff.cookie, { import_completion: "no" })).status).toBe(400);
    await importCsv(staff.cookie);
    // A security alert about the same person, raised after the import: once it is there, the import's would be too.
    await send(t.app, "PATCH", `/api/orgs/${org}/members/${staff.id}`, { cookie: admin.cookie, body: { role: "admin" } });
    const items = await eventually(
      () => list(staff.cookie),
      (l) => l.some((n) => n.title === "Your role changed" && !n.read),
    );
    expect(items.filter((n) => !n.read).map((n) => n.kind)).toEqual(["security"]);
    expect(items[0].body).toBe("You are now Administrator in Acme.");
    const mail = await eventually(
      async () => sink.mails.find((m) => m.to.includes(staff.email)),
      (m) => m !== undefined,
    );
    expect(mail!.subject).toBe("Contactbook security alert: Your role changed");
    expect(mail!.text).toContain("You are now Administrator in Acme.");
    await send(t.app, "PATCH", `/api/orgs/${org}/members/${staff.id}`, { cookie: admin.cookie, body: { role: "staff" } });
  });

  it("alerts about invitations, joining (with New User Registrations for admins) and removal", async () => {
    const newcomer = await buildUser(t, { name: "Nina New" });
    const cookie = await signIn(t.app, newcomer.email, newcomer.password);
    const invited = await send(t.app, "POST", `/api/orgs/${org}/members`, {
      cookie: admin.cookie,
      body: { email: newcomer.email, role: "staff" },
    });
    expect(invited.status).toBe(201);
    const waiting = await eventually(
      () => list(cookie),
      (l) => l.length === 1,
    );
    expect(waiting[0]).toMatchObject({ kind: "security", title: "An invitation is waiting", link: "/invitations" });
    expect(waiting[0].body).toBe("You are invited to join Acme as Staff Member.");

    await send(t.app, "POST", `/api/me/invitations/${invited.json.invitation.id}/accept`, { cookie });
    const joined = await eventually(
      () => list(cookie),
      (l) => l.length === 2 && l.every((n) => n.read),
    );
    // Accepted by themselves: on record, and the waiting notice is answered; nothing left unread.
    expect(joined[0]).toMatchObject({ title: "You were added to an organization", body: "You are now a member of Acme.", read: true });
    expect(await unread(cookie)).toBe(0);
    const adminItems = await eventually(
      () => list(admin.cookie),
      (l) => l.some((n) => n.kind === "new_user" && !n.read),
    );
    expect(adminItems[0]).toMatchObject({ kind: "new_user", title: "New user joined", body: `Nina New (${newcomer.email}) joined Acme.` });
    // Staff are not told of new users.
    expect((await list(staff.cookie)).some((n) => n.kind === "new_user")).toBe(false);

    await send(t.app, "DELETE", `/api/orgs/${org}/members/${newcomer.id}`, { cookie: admin.cookie });
    const removed = await eventually(
      () => list(cookie),
      (l) => l.length === 3,
    );
    expect(removed[0]).toMatchObject({ title: "You were removed from an organization", body: "You no longer have access to Acme." });
  });

  it("alerts on a password change, and an admin who turned New User Registrations off is not told of joiners", async () => {
    await me("PATCH", "/notification-settings", admin.cookie, { new_users: false });
    const person = await buildUser(t);
    const cookie = await signIn(t.app, person.email, person.password);
    const changed = await me("POST", "/password", cookie, { currentPassword: person.password, newPassword: "Another-Horse-43" });
    expect(changed.status).toBe(200);
    const fresh = changed.headers.get("set-cookie")!.split(";")[0]!;
    const items = await eventually(
      () => list(fresh),
      (l) => l.length === 1,
    );
    expect(items[0]).toMatchObject({ kind: "security", title: "Your password was changed" });

    const invited = await send(t.app, "POST", `/api/orgs/${org}/members`, {
      cookie: admin.cookie,
      body: { email: person.email, role: "staff" },
    });
    await send(t.app, "POST", `/api/me/invitations/${invited.json.invitation.id}/accept`, { cookie: fresh });
    await eventually(
      () => list(fresh),
      (l) => l.some((n) => n.title === "You were added to an organization"),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect((await list(admin.cookie)).filter((n) => !n.read && n.kind === "new_user")).toEqual([]);
  });
});
