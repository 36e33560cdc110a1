import type { APIRequestContext } from "playwright-core";
import { baseUrl } from "./browser.js";
import { linkFrom, waitForMail } from "./mail.js";

const origin = () => ({ origin: baseUrl() });

/** The first organization of whoever `api` is signed in as. */
export async function currentOrgId(api: APIRequestContext): Promise<string> {
  const me = await (await api.get("/api/me")).json();
  return me.organizations[0].id;
}

/**
 * Has the signed-in admin invite a person, then accepts the invitation through the mailed link's
 * token, as the invited person's browser would. Returns the chosen password.
 */
export async function inviteAndAccept(api: APIRequestContext, email: string, role: "staff" | "admin", password: string, name?: string) {
  const org = await currentOrgId(api);
  const res = await api.post(`/api/orgs/${org}/members`, { data: { email, role, ...(name ? { name } : {}) }, headers: origin() });
  if (res.status() !== 201) throw new Error(`invite failed: ${res.status()} ${await res.text()}`);
  const link = linkFrom(await waitForMail(email, (m) => m.subject.startsWith("You have been invited")));
  const token = decodeURIComponent(/access_token=([^&]+)/.exec(link)![1]!);
  const done = await api.post("/api/account/password-reset/complete", { data: { token, password }, headers: origin() });
  if (!done.ok()) throw new Error(`accept failed: ${done.status()} ${await done.text()}`);
  return { org, password };
}
