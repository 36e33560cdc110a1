import { describe, expect, it } from "vitest";
import { type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { ownOrganization } from "./support/import.js";
import { browserSuite } from "./support/suite.js";

describe("contact history", () => {
  const suite = browserSuite();
  let s: Session;

  it("shows an edit in the History tab and puts the earlier version back", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "History Desk");
    const made = await s.context.request.post(`/api/orgs/${org}/contacts`, {
      data: { first_name: "Hedda", last_name: "Historia", job_title: "Nurse", phones: [{ value: "(615) 320-0001", type: "mobile" }] },
      headers: { origin: baseUrl() },
    });
    expect(made.status()).toBe(201);
    const id = (await made.json()).contact.id;

    await page.goto("/contacts");
    await page.getByRole("button", { name: "Table view" }).click();
    const row = page.getByRole("row", { name: /Hedda/ });
    await row.getByRole("cell", { name: "Historia", exact: true }).click();
    const detail = page.getByTestId("contact-detail");
    await detail.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact" });
    await expect.poll(() => edit.getByLabel("Job title", { exact: true }).inputValue()).toBe("Nurse");
    await edit.getByLabel("Job title", { exact: true }).fill("Surgeon");
    await edit.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Contact updated successfully"));
    await expect.poll(() => edit.count()).toBe(0);

    // The History tab of the contact, opened again: who changed what, newest first.
    await row.getByRole("cell", { name: "Historia", exact: true }).click();
    await detail.getByRole("tab", { name: "History" }).click();
    const entries = detail.getByTestId("history-entry");
    await expectVisible(entries.first().getByText("Job title: Nurse → Surgeon"));
    await expectVisible(entries.nth(1).getByText("Created"));
    expect(await seriousViolations(page)).toEqual([]);

    // The version before the edit comes back as a new version.
    await entries.nth(1).getByRole("button", { name: "Restore this version" }).click();
    await expectVisible(page.getByText(/^The version of .* was restored$/));
    await expectVisible(entries.first().getByText("Job title: Surgeon → Nurse"));
    await expectVisible(entries.first().getByText("Restored an earlier version"));
    await detail.getByRole("tab", { name: "Details" }).click();
    await expectVisible(detail.getByText("Nurse", { exact: true }));
    const stored = await (await s.context.request.get(`/api/orgs/${org}/contacts/${id}`)).json();
    expect(stored).toMatchObject({ job_title: "Nurse", version: 3 });
  });
});
