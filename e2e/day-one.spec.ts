import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ADMIN_EMAIL, DESKTOP, MOBILE, type Session, baseUrl, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { linkFrom, waitForMail } from "./support/mail.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

const origin = () => ({ origin: baseUrl() });
const unique = () => randomBytes(4).toString("hex");
const adminName = async (admin: Session): Promise<string> => (await (await admin.context.request.get("/api/me")).json()).user.name;

/** Issue 28, day one: the app reached by another address, the organization named, invitations that welcome. */
describe.each([
  ["1280 px", DESKTOP],
  ["390 px", MOBILE],
])("day one in a small office (%s)", (_label, viewport) => {
  const suite = browserSuite();

  /** An admin's browser with a new organization of theirs made current. */
  async function adminWithOrganization(name: string): Promise<{ admin: Session; org: string }> {
    const admin = await suite.session(viewport);
    await signInViaApi(admin.context);
    const created = await admin.context.request.post("/api/orgs", { data: { name }, headers: origin() });
    const org = (await created.json()).id as string;
    await admin.page.addInitScript(
      ({ id, name }) => {
        localStorage.setItem("currentOrgId", id);
        localStorage.setItem("currentOrgName", name);
      },
      { id: org, name },
    );
    return { admin, org };
  }

  it("signs in at 127.0.0.1 while APP_URL says localhost, and tells the admin which address mails use", async () => {
    const s = await suite.session(viewport);
    const { page } = s;
    const byAddress = baseUrl().replace("//localhost:", "//127.0.0.1:");
    await page.goto(`${byAddress}/login`);
    await signInViaForm(page);
    await page.waitForURL("**/contacts");
    expect(new URL(page.url()).origin).toBe(byAddress);
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
    const notice = page.getByRole("status").filter({ hasText: "Opened by another address" });
    await expectVisible(notice);
    await expectVisible(notice.getByText(`APP_URL is ${baseUrl()}, and you opened Contactbook at ${byAddress}.`));
    expect(await seriousViolations(page)).toEqual([]);
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    // Another site's page is still refused.
    const foreign = await s.context.request.post(`${byAddress}/api/auth/sign-in/password`, {
      data: { email: ADMIN_EMAIL, password: "whatever" },
      headers: { origin: "http://evil.example" },
    });
    expect(foreign.status()).toBe(403);
  });

  it("renames the organization in Settings > Organization", async () => {
    const { admin } = await adminWithOrganization(`Rename Desk ${unique()}`);
    const { page } = admin;
    await page.goto("/settings#organization");
    const name = page.getByLabel("Organization name");
    await expectVisible(name);
    // The organization's rules live here too.
    await expectVisible(page.getByRole("switch", { name: "Require two-factor for everyone in this organization" }));
    await expectVisible(page.getByRole("switch", { name: "Every contact needs a phone number" }));
    expect(await seriousViolations(page)).toEqual([]);
    const renamed = `Riverside Clinic ${unique()}`;
    await name.fill(renamed);
    await page.getByRole("button", { name: "Save name" }).click();
    await expectVisible(page.getByText("Organization renamed"));
    await page.reload();
    await expect.poll(() => page.getByLabel("Organization name").inputValue()).toBe(renamed);
  });

  it("an invitation link opens 'Join <organization>': who invited whom as what, then signed in on /contacts", async () => {
    const organization = "Riverside Clinic";
    const { admin, org } = await adminWithOrganization(organization);
    const email = `joiner-${unique()}@example.com`;
    const invited = await admin.context.request.post(`/api/orgs/${org}/members`, {
      data: { email, name: "Robin Reed", role: "staff" },
      headers: origin(),
    });
    expect(invited.status()).toBe(201);
    const link = linkFrom(await waitForMail(email, (m) => m.subject.startsWith("You have been invited")));
    expect(link).toContain("/join#access_token=");

    const person = await suite.session(viewport);
    const { page } = person;
    await page.goto(link);
    await expectVisible(page.getByRole("heading", { name: `Join ${organization}` }));
    await expectVisible(page.getByText(`${await adminName(admin)} invited you to ${organization} as Staff Member.`));
    expect(await page.getByLabel("Your name").inputValue()).toBe("Robin Reed");
    expect(await page.getByText("Reset link verified").count()).toBe(0);
    const join = page.getByRole("button", { name: "Join" });
    expect(await join.isDisabled()).toBe(true);
    await page.getByLabel("Password", { exact: true }).fill("weakpass");
    await expectVisible(page.getByText("Password must contain uppercase letters"));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Your name").fill("Robin A. Reed");
    await page.getByLabel("Password", { exact: true }).fill("Riverside#Desk42x");
    await page.getByLabel("Confirm Password").fill("Riverside#Desk42x");
    await join.click();
    await page.waitForURL("**/contacts");
    await expectVisible(page.getByText(`Welcome to ${organization}`));
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
    const me = await (await person.context.request.get("/api/me")).json();
    expect(me.user.name).toBe("Robin A. Reed");
    expect(me.organizations).toEqual([expect.objectContaining({ id: org, name: organization, role: "staff" })]);

    // The link was single-use: opened again, it says so.
    const again = await suite.session(viewport);
    await again.page.goto(link);
    await expectVisible(again.page.getByText("This invitation link has expired or been used already."));
  });

  it("someone signed out by an admin's password reset is told why on the sign-in screen", async () => {
    const admin = await suite.session(viewport);
    await signInViaApi(admin.context);
    const email = `reset-${unique()}@example.com`;
    const { org } = await inviteAndAccept(admin.context.request, email, "staff", "Before#Garden42x");
    const person = await suite.session(viewport);
    await signInViaApi(person.context, email, "Before#Garden42x");
    await person.page.goto("/contacts");
    await expectVisible(person.page.getByRole("heading", { name: "Contact Management" }));

    const members = await (await admin.context.request.get(`/api/orgs/${org}/members`)).json();
    const member = (members.items ?? members).find((m: any) => m.email === email);
    const reset = await admin.context.request.post(`/api/orgs/${org}/members/${member.user_id ?? member.id}/reset-password`, {
      headers: origin(),
    });
    expect(reset.status()).toBe(200);

    await person.page.reload();
    await person.page.waitForURL("**/login");
    await expectVisible(person.page.getByText("An administrator reset your password. Sign in with the temporary password you were given."));
    expect(await seriousViolations(person.page)).toEqual([]);
    // A browser that was never signed in is told nothing.
    const stranger = await suite.session(viewport);
    await stranger.page.goto("/login");
    await stranger.page.getByRole("button", { name: "Sign In", exact: true }).waitFor();
    expect((await (await stranger.context.request.get("/api/session-end")).json()).reason).toBeNull();
  });

  it("an existing account invited in-app sees the organization, the inviter and the role", async () => {
    const { admin } = await adminWithOrganization(`Harbour Practice ${unique()}`);
    const email = `existing-${unique()}@example.com`;
    await inviteAndAccept(admin.context.request, email, "staff", "Existing#Garden42x");
    const me = await (await admin.context.request.get("/api/me")).json();
    const target = me.organizations.find((o: any) => o.name.startsWith("Harbour Practice"));
    await admin.context.request.post(`/api/orgs/${target.id}/members`, { data: { email, role: "admin" }, headers: origin() });

    const person = await suite.session(viewport);
    await signInViaApi(person.context, email, "Existing#Garden42x");
    await person.page.goto("/invitations");
    const card = person.page.getByRole("listitem", { name: `Invitation to ${target.name}` });
    await expectVisible(card);
    await expectVisible(card.getByText(`${await adminName(admin)} invited you as Administrator.`));
    expect(await seriousViolations(person.page)).toEqual([]);
  });
});
