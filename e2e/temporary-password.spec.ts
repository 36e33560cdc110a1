import { describe, expect, it } from "vitest";
import { type Session, baseUrl, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

describe("temporary passwords", () => {
  const suite = browserSuite();
  let admin: Session;
  let person: Session;

  it("someone signing in with an admin's temporary password must choose their own before anything else", async () => {
    admin = await suite.session();
    await signInViaApi(admin.context);
    const email = "temp-password@example.com";
    const { org } = await inviteAndAccept(admin.context.request, email, "staff", "First#Garden42x");
    const members = await (await admin.context.request.get(`/api/orgs/${org}/members`)).json();
    const member = (members.items ?? members.members ?? members).find((m: any) => m.email === email);
    const reset = await admin.context.request.post(`/api/orgs/${org}/members/${member.user_id ?? member.id}/reset-password`, {
      headers: { origin: baseUrl() },
    });
    const { temporaryPassword } = await reset.json();
    expect(temporaryPassword).toMatch(/^.{14}$/);

    person = await suite.session();
    const { page } = person;
    await page.goto("/login");
    await signInViaForm(page, email, temporaryPassword);
    const card = page.getByText("Choose a new password");
    await expectVisible(card);
    // Every other screen waits until it is done.
    await page.goto("/contacts");
    await expectVisible(card);
    expect(await page.getByRole("heading", { name: "Contact Management" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Temporary Password").fill(temporaryPassword);
    await page.getByLabel("New Password", { exact: true }).fill("Chosen#Garden42x");
    await page.getByLabel("Confirm New Password").fill("Chosen#Garden42x");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
  });
});
