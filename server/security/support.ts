import type { TestApp } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

/**
 * Two tenants: a victim organization (owner, admin, a staff member and a contact), and an attacker who
 * is a mere staff member of an unrelated organization.
 */
export async function twoTenants(t: TestApp) {
  const victimOwner = await buildUser(t, { email: "owner@victim.example", name: "Victoria Owner" });
  const victimOrg = await buildOrg(t, victimOwner.id, "Victim Clinic");
  const victimAdmin = await buildUser(t, { email: "admin@victim.example", name: "Val Admin" });
  await addMember(t, victimOrg, victimAdmin.id, "admin");
  const victimStaff = await buildUser(t, { email: "staff@victim.example", name: "Vic Staff" });
  await addMember(t, victimOrg, victimStaff.id, "staff");
  const shopOwner = await buildUser(t, { email: "owner@shop.example" });
  const shop = await buildOrg(t, shopOwner.id, "Corner Shop");
  const attacker = await buildUser(t, { email: "mallory@shop.example", name: "Mallory" });
  await addMember(t, shop, attacker.id, "staff");
  const ownerCookie = await signIn(t.app, victimOwner.email, victimOwner.password);
  const secret = await send(t.app, "POST", `/api/orgs/${victimOrg}/contacts`, {
    cookie: ownerCookie,
    body: { first_name: "Secret", last_name: "Patient", phone: "6155550100" },
  });
  if (secret.status !== 201) throw new Error(`seed contact failed: ${secret.text}`);
  return { victimOwner, victimOrg, victimAdmin, victimStaff, shop, attacker, ownerCookie };
}

/** Signs in and creates an organization of one's own, as any signed-in person may. */
export async function ownOrganization(t: TestApp, user: { email: string; password: string }, name: string) {
  const cookie = await signIn(t.app, user.email, user.password);
  const created = await send(t.app, "POST", "/api/orgs", { cookie, body: { name } });
  if (created.status !== 201) throw new Error(`create organization failed: ${created.text}`);
  return { cookie, org: created.json.id as string };
}
