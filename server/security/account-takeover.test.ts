import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { tokenFrom, useSmtpSink } from "../test/smtp-sink.js";
import { ownOrganization, twoTenants } from "./support.js";

// The critical finding: any signed-in person could create an organization, find any account of the
// instance, add it without consent, reset its password and sign in as its owner.
describe.each(engines)("account takeover across organizations (%s)", (engine) => {
  let t: TestApp;
  const sink = useSmtpSink();
  afterEach(() => t?.close());

  it("a staff member's own organization cannot find, add, reset or impersonate another organization's owner", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const w = await twoTenants(t);
    const { cookie, org } = await ownOrganization(t, w.attacker, "Mallory's Trap");

    // 1. Search: the whole instance is not there to browse.
    const search = await send(t.app, "GET", `/api/orgs/${org}/users/search?q=@`, { cookie });
    expect(search.status).toBe(200);
    expect(search.json.users).toEqual([]);

    // 2. Add: an invitation, not a membership; the owner is not a member of the attacker's organization.
    const add = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: w.victimOwner.email, role: "admin" } });
    expect(add.status).toBe(201);
    expect(add.json.outcome).toBe("invited");
    const members = await send(t.app, "GET", `/api/orgs/${org}/members`, { cookie });
    expect(members.json.items.map((m: any) => m.email)).toEqual([w.attacker.email]);

    // 3. Reset: the owner is no member here, so the admin reset has no one to reach.
    const reset = await send(t.app, "POST", `/api/orgs/${org}/members/${w.victimOwner.id}/reset-password`, { cookie });
    expect(reset.status).toBe(404);
    expect(reset.json.temporaryPassword).toBeUndefined();

    // 4. The owner's password still works, and the victim's contacts stay out of reach.
    await signIn(t.app, w.victimOwner.email, w.victimOwner.password);
    expect((await send(t.app, "GET", `/api/orgs/${w.victimOrg}/contacts`, { cookie })).status).toBe(404);
  });

  it("even after the person accepts, an account shared with another organization keeps its password, name and existence", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const w = await twoTenants(t);
    const { cookie, org } = await ownOrganization(t, w.attacker, "Mallory's Trap");
    await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: w.victimStaff.email, role: "staff" } });
    const victimCookie = await signIn(t.app, w.victimStaff.email, w.victimStaff.password);
    const [invitation] = (await send(t.app, "GET", "/api/me/invitations", { cookie: victimCookie })).json.items;
    expect((await send(t.app, "POST", `/api/me/invitations/${invitation.id}/accept`, { cookie: victimCookie })).status).toBe(200);

    const base = `/api/orgs/${org}/members/${w.victimStaff.id}`;
    const reset = await send(t.app, "POST", `${base}/reset-password`, { cookie });
    expect(reset.status).toBe(403);
    expect(reset.json.error.message).toBe("This person also belongs to another organization. Send them a password reset e-mail instead.");
    expect((await send(t.app, "PATCH", base, { cookie, body: { name: "Pwned" } })).status).toBe(403);
    expect((await send(t.app, "DELETE", `${base}/account`, { cookie })).status).toBe(403);

    // What the attacker may do: send the ordinary reset e-mail, which reaches the person, not them.
    sink.mails.length = 0;
    const mailed = await send(t.app, "POST", `${base}/password-reset-email`, { cookie });
    expect(mailed.json).toEqual({ ok: true });
    const mail = await sink.waitFor(w.victimStaff.email);
    expect(mail.to).toEqual([w.victimStaff.email]);
    expect(sink.mails.every((m) => m.to.includes(w.victimStaff.email))).toBe(true);
    // And remove them from the attacker's own organization, nothing more.
    expect((await send(t.app, "DELETE", base, { cookie })).status).toBe(204);

    await signIn(t.app, w.victimStaff.email, w.victimStaff.password);
    const profile = await t.database.db
      .selectFrom("profiles")
      .select("name")
      .where("user_id", "=", w.victimStaff.id)
      .executeTakeFirstOrThrow();
    expect(profile.name).toBe("Vic Staff");
  });

  it("the variant through a shared organization: an admin cannot add, reset and remove a member of another organization", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const w = await twoTenants(t);
    // Mallory is an admin of an organization the victim's admin also belongs to.
    const { cookie, org } = await ownOrganization(t, w.attacker, "Shared Project");
    const add = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: w.victimAdmin.email, role: "staff" } });
    expect(add.json.outcome).toBe("invited");
    const before = await send(t.app, "POST", `/api/orgs/${org}/members/${w.victimAdmin.id}/reset-password`, { cookie });
    expect(before.status).toBe(404);
    const adminCookie = await signIn(t.app, w.victimAdmin.email, w.victimAdmin.password);
    const [invitation] = (await send(t.app, "GET", "/api/me/invitations", { cookie: adminCookie })).json.items;
    await send(t.app, "POST", `/api/me/invitations/${invitation.id}/accept`, { cookie: adminCookie });
    const after = await send(t.app, "POST", `/api/orgs/${org}/members/${w.victimAdmin.id}/reset-password`, { cookie });
    expect(after.status).toBe(403);
    expect((await send(t.app, "DELETE", `/api/orgs/${org}/members/${w.victimAdmin.id}`, { cookie })).status).toBe(204);
    await signIn(t.app, w.victimAdmin.email, w.victimAdmin.password);
  });

  it("the add answer and the mail it sends look the same whether or not the address has an account", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const w = await twoTenants(t);
    const { cookie, org } = await ownOrganization(t, w.attacker, "Prober");
    const known = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: w.victimOwner.email, role: "staff" } });
    const unknown = await send(t.app, "POST", `/api/orgs/${org}/members`, {
      cookie,
      body: { email: "nobody@nowhere.example", role: "staff" },
    });
    const shape = (r: typeof known) => ({
      status: r.status,
      keys: Object.keys(r.json).sort(),
      outcome: r.json.outcome,
      emailSent: r.json.emailSent,
      invitation: Object.keys(r.json.invitation).sort(),
    });
    expect(shape(known)).toEqual(shape(unknown));
    const listed = (await send(t.app, "GET", `/api/orgs/${org}/invitations`, { cookie })).json.items;
    expect(listed.map((i: any) => Object.keys(i).sort())).toEqual([Object.keys(listed[0]).sort(), Object.keys(listed[0]).sort()]);
    // Both people get their invitation from the same subject line.
    const subjects = [await sink.waitFor(w.victimOwner.email), await sink.waitFor("nobody@nowhere.example")].map((m) => m.subject);
    expect(subjects[0]).toBe(subjects[1]);
    // Only the new address can set a password through its link; the existing account is told to sign in.
    expect(() => tokenFrom(sink.mails.find((m) => m.to.includes(w.victimOwner.email))!.text)).toThrow();
  });
});
