import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, type Session, baseUrl, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

describe.each([
  ["1280 px", DESKTOP],
  ["390 px", MOBILE],
])("temporary passwords (%s)", (label, viewport) => {
  const suite = browserSuite();
  let admin: Session;
  let person: Session;

  it("someone signing in with an admin's temporary password must choose their own before anything else", async () => {
    admin = await suite.session(viewport);
    await signInViaApi(admin.context);
    const email = `temp-password-${label.replace(" px", "")}@example.com`;
    const { org } = await inviteAndAccept(admin.context.request, email, "staff", "First#Garden42x");
    const members = await (await admin.context.request.get(`/api/orgs/${org}/members`)).json();
    const member = (members.items ?? members.members ?? members).find((m: any) => m.email === email);
    const reset = await admin.context.request.post(`/api/orgs/${org}/members/${member.user_id ?? member.id}/reset-password`, {
      headers: { origin: baseUrl() },
    });
    const { temporaryPassword } = await reset.json();
    expect(temporaryPassword).toMatch(/^.{14}$/);

    // Every other screen waits until it is done: a browser signed in with it, opening /contacts.
    const other = await suite.session(viewport);
    await signInViaApi(other.context, email, temporaryPassword);
    await other.page.goto("/contacts");
    const otherCard = other.page.getByText("Choose a new password");
    await expectVisible(otherCard);
    expect(await other.page.getByRole("heading", { name: "Contact Management" }).count()).toBe(0);
    // Signed in elsewhere (this page never saw it typed), the temporary password is asked.
    await expectVisible(other.page.getByLabel("Temporary Password"));
    expect(await seriousViolations(other.page)).toEqual([]);

    person = await suite.session(viewport);
    const { page } = person;
    await page.goto("/login");
    await signInViaForm(page, email, temporaryPassword);
    const card = page.getByText("Choose a new password");
    await expectVisible(card);
    // The temporary password was just typed to sign in on this page: it is not asked again.
    await expectVisible(page.getByLabel("New Password", { exact: true }));
    expect(await page.getByLabel("Temporary Password").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("New Password", { exact: true }).fill("Chosen#Garden42x");
    await page.getByLabel("Confirm New Password").fill("Chosen#Garden42x");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
  });
});
