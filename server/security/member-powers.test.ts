import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { ownOrganization, twoTenants } from "./support.js";

describe.each(engines)("powers of an admin over other members (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("demote-then-remove: an admin cannot demote another admin, so every protection of admins holds", async () => {
    t = await createTestApp(engine);
    const w = await twoTenants(t);
    const rival = await buildUser(t, { email: "rival@victim.example" });
    await addMember(t, w.victimOrg, rival.id, "admin");
    const cookie = await signIn(t.app, w.victimAdmin.email, w.victimAdmin.password);
    const base = `/api/orgs/${w.victimOrg}/members/${rival.id}`;

    const demote = await send(t.app, "PATCH", base, { cookie, body: { role: "staff" } });
    expect(demote.status).toBe(403);
    expect(demote.json.error.message).toBe("Only the organization owner can demote an admin");
    expect((await send(t.app, "POST", `${base}/reset-password`, { cookie })).status).toBe(403);
    expect((await send(t.app, "DELETE", base, { cookie })).status).toBe(403);
    expect((await send(t.app, "DELETE", `${base}/account`, { cookie })).status).toBe(403);
    const role = await t.database.db.selectFrom("memberships").select("role").where("user_id", "=", rival.id).executeTakeFirstOrThrow();
    expect(role.role).toBe("admin");
    await signIn(t.app, rival.email, rival.password);

    // The owner may demote; then the ordinary rules for staff apply.
    const demoted = await send(t.app, "PATCH", base, { cookie: w.ownerCookie, body: { role: "staff" } });
    expect(demoted.json.role).toBe("staff");
  });

  it("renaming across tenants: the owner's and admins' names are theirs, and a shared account's name is the person's", async () => {
    t = await createTestApp(engine);
    const w = await twoTenants(t);
    const cookie = await signIn(t.app, w.victimAdmin.email, w.victimAdmin.password);
    const rename = (userId: string, name: string) =>
      send(t.app, "PATCH", `/api/orgs/${w.victimOrg}/members/${userId}`, { cookie, body: { name } });

    const owner = await rename(w.victimOwner.id, "Hijacked Owner");
    expect(owner.status).toBe(403);
    expect(owner.json.error.message).toBe("The owner's name can only be changed by the owner");
    const rival = await buildUser(t, { email: "rival@victim.example", name: "Rita Rival" });
    await addMember(t, w.victimOrg, rival.id, "admin");
    expect((await rename(rival.id, "Hijacked Admin")).status).toBe(403);

    // A staff member who also belongs to another organization: renaming would change it there too.
    const otherOrg = await buildOrg(t, (await buildUser(t)).id, "Elsewhere");
    await addMember(t, otherOrg, w.victimStaff.id, "staff");
    const shared = await rename(w.victimStaff.id, "Hijacked Staff");
    expect(shared.status).toBe(403);
    const names = await t.database.db
      .selectFrom("profiles")
      .select("name")
      .where("user_id", "in", [w.victimOwner.id, rival.id, w.victimStaff.id])
      .execute();
    expect(names.map((n) => n.name).sort()).toEqual(["Rita Rival", "Vic Staff", "Victoria Owner"]);

    // A staff member this organization alone manages may still be renamed by its admins.
    const managed = await buildUser(t, { email: "managed@victim.example", name: "Manny" });
    await addMember(t, w.victimOrg, managed.id, "staff");
    expect((await rename(managed.id, "Manny Managed")).json.name).toBe("Manny Managed");
  });

  it("every member row carries the abilities the server enforces, with the reason for each refusal", async () => {
    t = await createTestApp(engine);
    const w = await twoTenants(t);
    const otherOrg = await buildOrg(t, (await buildUser(t)).id, "Elsewhere");
    await addMember(t, otherOrg, w.victimStaff.id, "staff");
    const cookie = await signIn(t.app, w.victimAdmin.email, w.victimAdmin.password);
    const rows = (await send(t.app, "GET", `/api/orgs/${w.victimOrg}/members`, { cookie })).json.items;
    const staff = rows.find((r: any) => r.email === w.victimStaff.email);
    expect(staff.abilities).toEqual({
      edit: { allowed: false, show: true, reason: "This person also belongs to another organization. Only they can change their name." },
      role: { allowed: true },
      resetPassword: {
        allowed: false,
        show: true,
        reason: "This person also belongs to another organization. Send them a password reset e-mail instead.",
      },
      sendResetEmail: { allowed: true },
      remove: { allowed: true },
      deleteAccount: {
        allowed: false,
        show: true,
        reason: "This user belongs to other organizations. Remove them from this organization instead.",
      },
    });
    // Each ability matches what the server does when asked.
    expect((await send(t.app, "POST", `/api/orgs/${w.victimOrg}/members/${w.victimStaff.id}/reset-password`, { cookie })).status).toBe(403);
    const self = rows.find((r: any) => r.email === w.victimAdmin.email);
    expect(Object.values(self.abilities).every((a: any) => !a.allowed && !a.show)).toBe(true);
  });

  it("an outsider's invitation does not take an organization's powers over its own member; joining elsewhere does", async () => {
    t = await createTestApp(engine);
    const w = await twoTenants(t);
    const { cookie: attacker, org: lure } = await ownOrganization(t, w.attacker, "Lure");
    const other = await buildUser(t, { email: "other@victim.example", name: "Otto Other" });
    await addMember(t, w.victimOrg, other.id, "staff");
    for (const target of [w.victimStaff, other]) {
      const invited = await send(t.app, "POST", `/api/orgs/${lure}/members`, {
        cookie: attacker,
        body: { email: target.email, role: "staff" },
      });
      expect(invited.status).toBe(201);
    }
    const base = `/api/orgs/${w.victimOrg}/members`;
    const row = async (userId: string) =>
      (await send(t.app, "GET", `${base}?limit=100`, { cookie: w.ownerCookie })).json.items.find((m: any) => m.id === userId);

    // Still invited only: the victim organization alone manages both accounts.
    for (const target of [w.victimStaff, other]) {
      expect((await row(target.id)).abilities).toMatchObject({
        edit: { allowed: true },
        resetPassword: { allowed: true },
        deleteAccount: { allowed: true },
      });
    }
    const reset = await send(t.app, "POST", `${base}/${other.id}/reset-password`, { cookie: w.ownerCookie });
    expect(reset.status).toBe(200);
    expect(reset.json.temporaryPassword).toEqual(expect.any(String));
    expect((await send(t.app, "DELETE", `${base}/${other.id}/account`, { cookie: w.ownerCookie })).status).toBe(204);
    expect(await t.database.db.selectFrom("users").select("id").where("id", "=", other.id).execute()).toEqual([]);

    // Once the person accepts, they belong to the other organization too, and the account powers end.
    const staffCookie = await signIn(t.app, w.victimStaff.email, w.victimStaff.password);
    const [invitation] = (await send(t.app, "GET", "/api/me/invitations", { cookie: staffCookie })).json.items;
    expect(invitation.organization.id).toBe(lure);
    expect((await send(t.app, "POST", `/api/me/invitations/${invitation.id}/accept`, { cookie: staffCookie })).status).toBe(200);
    expect((await row(w.victimStaff.id)).abilities.resetPassword).toEqual({
      allowed: false,
      show: true,
      reason: "This person also belongs to another organization. Send them a password reset e-mail instead.",
    });
    expect((await send(t.app, "POST", `${base}/${w.victimStaff.id}/reset-password`, { cookie: w.ownerCookie })).status).toBe(403);
    expect((await send(t.app, "DELETE", `${base}/${w.victimStaff.id}/account`, { cookie: w.ownerCookie })).status).toBe(403);
  });
});
