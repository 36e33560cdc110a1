import { addMember, buildOrg, buildUser } from "./factories.js";
import type { TestApp } from "./harness.js";
import { signIn } from "./requests.js";

/**
 * The cast of a route test's role and isolation checks, signed in (their cookies): the admin who owns
 * `org`, a staff member of it, and an outsider who owns `otherOrg`.
 */
export async function orgWithRoles(t: TestApp) {
  const [a, s, o] = [await buildUser(t), await buildUser(t), await buildUser(t)];
  const org = await buildOrg(t, a.id);
  const otherOrg = await buildOrg(t, o.id);
  await addMember(t, org, s.id, "staff");
  return {
    org,
    otherOrg,
    admin: await signIn(t.app, a.email, a.password),
    staff: await signIn(t.app, s.email, s.password),
    outsider: await signIn(t.app, o.email, o.password),
  };
}
