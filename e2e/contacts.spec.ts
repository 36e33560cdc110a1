import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, type Session, baseUrl, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";
import { seedIntoApp } from "./support/seed.js";
import { inviteAndAccept } from "./support/users.js";

const origin = () => ({ origin: baseUrl() });

describe("contacts", () => {
  const suite = browserSuite();
  let s: Session;

  /** A fresh organization of the admin's, made current in this browser before the app loads. */
  async function ownOrganization(name: string) {
    const res = await s.context.request.post("/api/orgs", { data: { name }, headers: origin() });
    const org = await res.json();
    await s.page.addInitScript(
      ([id, n]) => {
        localStorage.setItem("currentOrgId", id!);
        localStorage.setItem("currentOrgName", n!);
      },
      [org.id, name],
    );
    return org.id as string;
  }

  const openForm = async (page: Page) => {
    await page.getByRole("button", { name: "Add Contact" }).first().click();
    return page.getByRole("dialog", { name: "Add New Contact" });
  };

  it("adds, validates, edits, favourites, searches, filters and sorts", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    await ownOrganization("Contacts Desk");
    await page.goto("/contacts");
    await expectVisible(page.getByText("No contacts found"));

    let form = await openForm(page);
    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(form.getByText("Phone number is required"));
    await expectVisible(form.getByText("First name or company is required"));
    await form.getByLabel("Phone", { exact: true }).fill("12");
    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(form.getByText("Please enter a valid phone number (7-16 digits)"));
    await form.getByLabel("First Name").fill("Zelda");
    await form.getByLabel("Last Name").fill("Quartz");
    await form.getByLabel("Phone", { exact: true }).fill("(555) 010-9999");
    await form.getByLabel("E-mail", { exact: true }).fill("zelda@example.com");
    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Contact created successfully"));

    form = await openForm(page);
    await form.getByLabel("First Name").fill("Adam");
    await form.getByLabel("Last Name").fill("Brook");
    await form.getByLabel("Phone", { exact: true }).fill("555 010 9999");
    await expectVisible(form.getByText("This phone number might be a duplicate. Please check your contact list."));
    await form.getByLabel("Phone", { exact: true }).fill("555 010 8888");
    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Contact created successfully").nth(0));
    await page.getByRole("button", { name: "Table view" }).click();
    const zelda = page.getByRole("row", { name: /Zelda/ });
    await expectVisible(zelda);
    await expectVisible(zelda.getByRole("link", { name: "(555) 010-9999" }));

    await zelda.getByRole("button", { name: "Edit contact" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact" });
    await edit.getByLabel("Last Name").fill("Quartzite");
    await edit.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Contact updated successfully"));
    await expectVisible(page.getByRole("cell", { name: "Quartzite", exact: true }));

    await page.getByRole("row", { name: /Zelda/ }).getByRole("button", { name: "Add to favorites" }).click();
    await expectVisible(page.getByText("Added to favorites"));
    await page.getByRole("button", { name: /^Favorites/ }).click();
    await expectVisible(page.getByRole("row", { name: /Zelda/ }));
    await expect.poll(() => page.getByRole("row", { name: /Adam/ }).count()).toBe(0);
    await page.getByRole("button", { name: /^All Contacts/ }).click();

    const search = page.getByRole("searchbox", { name: "Search contacts by name, email, phone, or notes..." });
    await search.fill("quartz");
    await expect.poll(() => page.getByRole("row", { name: /Adam/ }).count()).toBe(0);
    await expectVisible(page.getByRole("row", { name: /Zelda/ }));
    await search.fill("0108888");
    await expectVisible(page.getByRole("row", { name: /Adam/ }));
    await search.fill("xyzzy");
    await expectVisible(page.getByText("No contacts match your search"));
    await search.fill("");

    await page.getByRole("button", { name: "Sort contacts" }).click();
    await page.getByRole("menuitemradio", { name: "Newest" }).click();
    await expect.poll(async () => (await page.getByRole("row").nth(1).textContent()) ?? "").toContain("Adam");
    await page.getByRole("button", { name: "Sort contacts" }).click();
    await page.getByRole("menuitemradio", { name: "Last name" }).click();
    await expect.poll(async () => (await page.getByRole("row").nth(1).textContent()) ?? "").toContain("Brook");
  });

  it("moves to trash and restores as an admin", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization("Trash Desk");
    await s.context.request.post(`/api/orgs/${org}/contacts`, {
      data: { first_name: "Tess", last_name: "Trash", phone: "5550107777" },
      headers: origin(),
    });
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Table view" }).click();
    await page.getByRole("row", { name: /Tess/ }).getByRole("button", { name: "Delete contact" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Move to Trash?" });
    await expectVisible(confirm.getByText("You can restore it later from Deleted Contacts, on the Contacts screen."));
    await confirm.getByRole("button", { name: "Move to Trash" }).click();
    await expectVisible(page.getByText("Contact moved to trash"));
    await expect.poll(() => page.getByRole("row", { name: /Tess/ }).count()).toBe(0);

    await page.getByRole("button", { name: "Deleted Contacts" }).click();
    const deleted = page.getByRole("dialog", { name: "Deleted Contacts" });
    const row = deleted.getByRole("row", { name: /Tess/ });
    await expectVisible(row);
    expect(await row.textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/);
    await row.getByRole("button", { name: "Restore" }).click();
    await expectVisible(page.getByText("Contact restored successfully"));
    await page.keyboard.press("Escape");
    await expectVisible(page.getByRole("row", { name: /Tess/ }));
  });

  it("shows staff no Deleted Contacts and the staff trash text", async () => {
    s = await suite.session();
    await signInViaApi(s.context);
    const { org } = await inviteAndAccept(s.context.request, "contact-staff@example.com", "staff", "Staff#Garden42x");
    await s.context.request.post(`/api/orgs/${org}/contacts`, {
      data: { first_name: "Stan", last_name: "Staffseen", phone: "5550106666" },
      headers: origin(),
    });
    await s.context.close();

    s = await suite.session();
    const { page } = s;
    await page.goto("/login");
    await signInViaForm(page, "contact-staff@example.com", "Staff#Garden42x");
    await page.waitForURL("**/contacts");
    await expectVisible(page.getByRole("button", { name: "Refresh" }));
    expect(await page.getByRole("button", { name: "Deleted Contacts" }).count()).toBe(0);
    await page.getByRole("searchbox").fill("staffseen");
    await page.getByRole("button", { name: "Table view" }).click();
    await page.getByRole("row", { name: /Stan/ }).getByRole("button", { name: "Delete contact" }).click();
    await expectVisible(
      page
        .getByRole("alertdialog", { name: "Move to Trash?" })
        .getByText("An admin can restore it from Deleted Contacts, on the Contacts screen."),
    );
  });

  it("opens the contact form as a bottom sheet on a phone", async () => {
    s = await suite.session(MOBILE);
    const { page } = s;
    await signInViaApi(s.context);
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Add Contact" }).last().click();
    const sheet = page.getByRole("dialog", { name: "Add New Contact" });
    await expectVisible(sheet);
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box ? Math.round(box.y + box.height) : 0;
      })
      .toBe(MOBILE.height);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Contact actions" }).click();
    const actions = page.getByRole("dialog", { name: "Contact Actions" });
    for (const name of ["Import Contacts", "Export Contacts", "Refresh Contacts", "Deleted Contacts"]) {
      await expectVisible(actions.getByRole("button", { name }));
    }
  });

  it("scrolls a book of 10,000 contacts while the page holds at most ~100 rows", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization("Big Book");
    await seedIntoApp(org, 10_000);
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Table view" }).click();
    await expectVisible(page.getByRole("button", { name: /^All Contacts 10,000/ }));
    const firstRow = await page.getByRole("row").nth(1).textContent();
    for (let i = 0; i < 25; i++) {
      await page.mouse.wheel(0, 4000);
      // Two frames: the virtualizer has rendered the rows of the new scroll position.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const rows = await page.getByRole("row").count();
      expect(rows).toBeLessThanOrEqual(101);
    }
    await expect.poll(async () => (await page.getByRole("row").nth(1).textContent()) !== firstRow).toBe(true);
    const requested = await page.evaluate(
      () => performance.getEntriesByType("resource").filter((e) => e.name.includes("/contacts?") && e.name.includes("cursor=")).length,
    );
    expect(requested).toBeGreaterThan(2);
  });
});
