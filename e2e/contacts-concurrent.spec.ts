import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./support/axe.js";
import { type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { ownOrganization } from "./support/import.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

const origin = () => ({ origin: baseUrl() });

// Two windows edit one contact at once (issue 24): the second save is told which field the first
// changed, keeps everything typed, and saves the value chosen.
describe("concurrent edits", () => {
  const suite = browserSuite();

  /** The contact's edit form, opened from the table. */
  async function openEdit(page: Page, name = /Corinne/, phone = "(555) 010-4100") {
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Table view" }).click();
    const row = page.getByRole("row", { name });
    await expectVisible(row);
    await row.getByRole("button", { name: "Edit contact" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact" });
    await expect.poll(() => edit.getByLabel("Phone", { exact: true }).inputValue()).toBe(phone);
    return edit;
  }

  it("shows only the field both changed, keeps the typed note, and saves 'Keep mine'", async () => {
    const a: Session = await suite.session();
    await signInViaApi(a.context);
    const org = await ownOrganization(a, "Shared Desk");
    const created = await a.context.request.post(`/api/orgs/${org}/contacts`, {
      data: { first_name: "Corinne", last_name: "Both", phone: "(555) 010-4100" },
      headers: origin(),
    });
    const { contact } = (await created.json()) as { contact: { id: string } };

    // The same person in a second window, on the same organization.
    const b: Session = await suite.session();
    await signInViaApi(b.context);
    await b.page.addInitScript(
      ([id, name]) => {
        localStorage.setItem("currentOrgId", id!);
        localStorage.setItem("currentOrgName", name!);
      },
      [org, "Shared Desk"],
    );

    const editA = await openEdit(a.page);
    const editB = await openEdit(b.page);

    await editA.getByLabel("Phone", { exact: true }).fill("(555) 010-4222");
    await editA.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(a.page.getByText("Contact updated successfully"));

    await editB.getByLabel("Notes").fill("Prefers calls after five");
    await editB.getByLabel("Phone", { exact: true }).fill("(555) 010-4333");
    await editB.getByRole("button", { name: "Save Contact" }).click();

    const banner = editB.getByRole("alert").filter({ hasText: "Someone else changed this contact while you were editing." });
    await expectVisible(banner.getByText("Someone else changed this contact while you were editing. Choose which value to keep."));
    const phone = banner.getByRole("listitem", { name: "Phone: changed by both" });
    await expectVisible(phone);
    expect(await banner.getByRole("listitem").count()).toBe(1);
    expect(await phone.getByTestId("conflict-theirs").textContent()).toContain("(555) 010-4222");
    expect(await phone.getByTestId("conflict-yours").textContent()).toContain("(555) 010-4333");
    // Nothing typed was lost, and Save waits for the choice.
    expect(await editB.getByLabel("Notes").inputValue()).toBe("Prefers calls after five");
    expect(await editB.getByLabel("Phone", { exact: true }).inputValue()).toBe("(555) 010-4333");
    expect(await editB.getByRole("button", { name: "Save Contact" }).isDisabled()).toBe(true);
    expect(await seriousViolations(b.page)).toEqual([]);

    // Scrolled down to the notes, the banner is still in view at the top of the form.
    await editB.getByLabel("Notes").scrollIntoViewIfNeeded();
    // (The form's fields scroll under it: the banner's scroll area has moved.)
    expect(await banner.evaluate((el) => el.parentElement!.parentElement!.scrollTop)).toBeGreaterThan(0);
    const title = (await editB.getByRole("heading", { name: "Edit Contact" }).boundingBox())!;
    const shown = (await banner.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
    expect(shown.y).toBeLessThan(title.y + title.height + 40);

    // 'Use theirs' puts their number in the field; 'Keep mine' puts the typed one back.
    await phone.getByRole("button", { name: "Use theirs" }).click();
    await expect.poll(() => editB.getByLabel("Phone", { exact: true }).inputValue()).toBe("(555) 010-4222");
    await phone.getByRole("button", { name: "Keep mine" }).click();
    await expect.poll(() => editB.getByLabel("Phone", { exact: true }).inputValue()).toBe("(555) 010-4333");
    await editB.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(b.page.getByText("Contact updated successfully"));
    await expect.poll(() => editB.count()).toBe(0);

    await b.page
      .getByRole("row", { name: /Corinne/ })
      .getByRole("cell", { name: "Both", exact: true })
      .click();
    const detail = b.page.getByTestId("contact-detail");
    await expectVisible(detail.getByRole("link", { name: "Call (555) 010-4333" }));
    await expectVisible(detail.getByText("Prefers calls after five"));
    const stored = await (await b.context.request.get(`/api/orgs/${org}/contacts/${contact.id}`)).json();
    expect(stored).toMatchObject({ phone: "(555) 010-4333", notes: "Prefers calls after five", version: 3 });
  });

  it("Reload on 'changed by' keeps what was typed, takes their other fields, and asks about the field both changed", async () => {
    const a: Session = await suite.session();
    await signInViaApi(a.context);
    const { org } = await inviteAndAccept(a.context.request, "concurrent-editor@example.com", "staff", "Edit#Both#Ways42", "Erin Editor");
    const created = await a.context.request.post(`/api/orgs/${org}/contacts`, {
      data: { first_name: "Rowan", last_name: "Reload", phone: "(555) 010-4700" },
      headers: origin(),
    });
    const { contact } = (await created.json()) as { contact: { id: string } };

    const b: Session = await suite.session();
    await signInViaApi(b.context, "concurrent-editor@example.com", "Edit#Both#Ways42");
    const edit = await openEdit(b.page, /Rowan/, "(555) 010-4700");
    await edit.getByLabel("Notes").fill("Typed before the reload");
    await edit.getByLabel("Last name", { exact: true }).fill("Reloaded-by-Erin");

    // The admin changes the company and the last name meanwhile.
    const patched = await a.context.request.patch(`/api/orgs/${org}/contacts/${contact.id}`, {
      data: { version: 1, company: "Harbor Co", last_name: "Reload-by-Admin" },
      headers: origin(),
    });
    expect(patched.status()).toBe(200);
    await expectVisible(edit.getByText(/This contact was changed by/));
    await edit.getByRole("button", { name: "Reload" }).click();

    const lastName = edit.getByRole("listitem", { name: "Last name: changed by both" });
    await expectVisible(lastName);
    expect(await edit.getByRole("alert").getByRole("listitem").count()).toBe(1);
    expect(await edit.getByLabel("Notes").inputValue()).toBe("Typed before the reload");
    expect(await edit.getByLabel("Company", { exact: true }).inputValue()).toBe("Harbor Co");
    await lastName.getByRole("button", { name: "Use theirs" }).click();
    await expect.poll(() => edit.getByLabel("Last name", { exact: true }).inputValue()).toBe("Reload-by-Admin");
    await edit.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(b.page.getByText("Contact updated successfully"));
    const stored = await (await b.context.request.get(`/api/orgs/${org}/contacts/${contact.id}`)).json();
    expect(stored).toMatchObject({ company: "Harbor Co", last_name: "Reload-by-Admin", notes: "Typed before the reload", version: 3 });
  });
});
