import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { browserSuite } from "./support/suite.js";

const origin = () => ({ origin: baseUrl() });

describe("contacts a demanding user can trust", () => {
  const suite = browserSuite();
  let s: Session;

  /** A fresh organization of the admin's, made current in this browser, with these contacts. */
  async function organizationWith(name: string, contacts: Record<string, string>[]) {
    s = await suite.session();
    await signInViaApi(s.context);
    const org = await (await s.context.request.post("/api/orgs", { data: { name }, headers: origin() })).json();
    for (const data of contacts) {
      const res = await s.context.request.post(`/api/orgs/${org.id}/contacts`, { data, headers: origin() });
      if (res.status() !== 201) throw new Error(await res.text());
    }
    await s.page.addInitScript(
      ([id, n]) => {
        localStorage.setItem("currentOrgId", id!);
        localStorage.setItem("currentOrgName", n!);
      },
      [org.id, name],
    );
    await s.page.goto("/contacts");
    return org.id as string;
  }

  const openForm = async (page: Page) => {
    await page.getByRole("button", { name: "Add Contact" }).first().click();
    const form = page.getByRole("dialog", { name: "Add New Contact" });
    // The form loads when first opened: a key pressed before it is there reaches nothing.
    await expectVisible(form.getByLabel("First Name"));
    return form;
  };
  const search = (page: Page) => page.getByRole("searchbox", { name: "Search contacts by name, email, phone, or notes..." });

  it("names the contact a typed phone belongs to and lets the person choose: save as new, merge, open existing", async () => {
    await organizationWith("Duplicate Desk", [{ first_name: "Holly", last_name: "Home", phone: "(615) 200-0001" }]);
    const { page } = s;
    await page.getByRole("button", { name: "Table view" }).click();
    await expectVisible(page.getByRole("row", { name: /Holly/ }));

    let form = await openForm(page);
    await form.getByLabel("First Name").fill("Hank");
    await form.getByLabel("Last Name").fill("Home");
    await form.getByLabel("Phone", { exact: true }).fill("+1 615 200 0001");
    const banner = form.getByTestId("duplicate-banner");
    await expectVisible(banner.getByText("This phone number might be a duplicate. Please check your contact list."));
    await expectVisible(banner.getByText(/It belongs to Holly Home/));
    // Saving means choosing: no plain Save that would merge the typed person away.
    expect(await form.getByRole("button", { name: "Save Contact" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await banner.getByRole("button", { name: "Save as new" }).click();
    await expectVisible(page.getByText("Contact created successfully"));
    await expectVisible(page.getByRole("row", { name: /Hank/ }));
    await expectVisible(page.getByRole("row", { name: /Holly/ }));

    form = await openForm(page);
    await form.getByLabel("First Name").fill("Ivy");
    await form.getByLabel("E-mail", { exact: true }).fill("home@example.com");
    await form.getByLabel("Phone", { exact: true }).fill("615.200.0001");
    await form.getByTestId("duplicate-banner").getByRole("button", { name: "Merge into it" }).click();
    await expectVisible(page.getByText("Contact merged with existing record (Updated: e-mail)"));
    await expectVisible(page.getByText('Not applied: first name "Ivy" (kept "Holly").'));
    await expectVisible(page.getByRole("row", { name: /home@example.com/ }));
    expect(await page.getByRole("row", { name: /Ivy/ }).count()).toBe(0);

    form = await openForm(page);
    await form.getByLabel("First Name").fill("Jo");
    await form.getByLabel("Phone", { exact: true }).fill("6152000001");
    await form.getByTestId("duplicate-banner").getByRole("button", { name: "Open existing" }).click();
    // What was typed is not dropped without asking.
    const ask = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
    await ask.getByRole("button", { name: "Discard changes" }).click();
    const detail = page.getByTestId("contact-detail");
    await expectVisible(detail.getByRole("heading", { name: "Holly Home" }));
  });

  it("asks before throwing away typed input on Escape, a click outside and Cancel", async () => {
    await organizationWith("Unsaved Desk", []);
    const { page } = s;
    // An untouched form closes at once.
    let form = await openForm(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => form.count()).toBe(0);

    form = await openForm(page);
    await form.getByLabel("First Name").fill("Half-typed");
    const ask = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
    await page.keyboard.press("Escape");
    await expectVisible(ask);
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => form.getByLabel("First Name").inputValue()).toBe("Half-typed");

    await page.mouse.click(5, 5);
    await expectVisible(ask);
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => form.getByLabel("First Name").inputValue()).toBe("Half-typed");

    await form.getByRole("button", { name: "Cancel" }).click();
    await expectVisible(ask);
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await expect.poll(() => form.count()).toBe(0);
  });

  it("keeps the form's title and actions in view at 800 px and marks required fields", async () => {
    await organizationWith("Sticky Desk", []);
    const { page } = s;
    const form = await openForm(page);
    await form.getByLabel("Notes").scrollIntoViewIfNeeded();
    const title = await form.getByRole("heading", { name: "Add New Contact" }).boundingBox();
    const save = await form.getByRole("button", { name: "Save Contact" }).boundingBox();
    expect(title!.y).toBeGreaterThanOrEqual(0);
    expect(save!.y + save!.height).toBeLessThanOrEqual(800);
    expect(await form.getByLabel("Phone", { exact: true }).getAttribute("aria-required")).toBe("true");
    expect(await form.getByLabel("First Name").getAttribute("aria-required")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("undoes a delete from the toast", async () => {
    await organizationWith("Undo Desk", [{ first_name: "Tess", last_name: "Undone", phone: "(615) 200-0002" }]);
    const { page } = s;
    await page.getByRole("button", { name: "Table view" }).click();
    await page.getByRole("row", { name: /Tess/ }).getByRole("button", { name: "Delete contact" }).click();
    await page.getByRole("alertdialog", { name: "Move to Trash?" }).getByRole("button", { name: "Move to Trash" }).click();
    await expectVisible(page.getByText("Contact moved to trash"));
    await expect.poll(() => page.getByRole("row", { name: /Tess/ }).count()).toBe(0);
    // The page with its toast, as axe-core sees it.
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator("[data-sonner-toast]", { hasText: "Contact moved to trash" }).getByRole("button", { name: "Undo" }).click();
    await expectVisible(page.getByText("Contact restored"));
    await expectVisible(page.getByRole("row", { name: /Tess/ }));
  });

  it("finds people however their names and numbers are typed", async () => {
    await organizationWith("Search Desk", [
      { first_name: "José", last_name: "García", phone: "(615) 555-0102" },
      { first_name: "Barbara", last_name: "Adams", company: "Riverside Clinic", phone: "(615) 390-6319" },
      { first_name: "Anna", last_name: "Müller", phone: "(615) 555-0104" },
      { first_name: "Ian", last_name: "Hughes", phone: "+44 20 7946 0958" },
    ]);
    const { page } = s;
    await page.getByRole("button", { name: "Table view" }).click();
    const rows = () => page.getByRole("row", { name: /García|Adams|Müller|Hughes/ });
    for (const [q, who] of [
      ["garcia", "García"],
      ["jose", "García"],
      ["muller", "Müller"],
      ["mueller", "Müller"],
      ["adams barbara", "Adams"],
      ["barbara clinic", "Adams"],
      ["+16153906319", "Adams"],
      ["1 615 390 6319", "Adams"],
      ["+44 20 7946 0958", "Hughes"],
    ] as const) {
      await search(page).fill(q);
      await expect.poll(async () => (await rows().allTextContents()).join(" | ")).toMatch(new RegExp(`^[^|]*${who}[^|]*$`));
    }
    // The international number is shown in its international form.
    await expectVisible(page.getByRole("link", { name: "+44 20 7946 0958" }));
  });

  it("opens a contact's details from its row, with its groups, actions and times, and Recent follows", async () => {
    const org = await organizationWith("Detail Desk", [
      { first_name: "Dora", last_name: "Detail", company: "Acme", phone: "(615) 200-0003", email: "dora@example.com", notes: "Likes tea" },
    ]);
    const { page } = s;
    const contacts = await (await s.context.request.get(`/api/orgs/${org}/contacts`)).json();
    const group = await (await s.context.request.post(`/api/orgs/${org}/groups`, { data: { name: "Choir" }, headers: origin() })).json();
    await s.context.request.post(`/api/orgs/${org}/groups/${group.id}/members`, {
      data: { contact_ids: [contacts.items[0].id] },
      headers: origin(),
    });
    await page.getByRole("button", { name: "Table view" }).click();
    await expectVisible(page.getByRole("columnheader", { name: "Company" }));
    await page.getByRole("row", { name: /Dora/ }).getByRole("cell", { name: "Detail", exact: true }).click();
    const detail = page.getByTestId("contact-detail");
    await expectVisible(detail.getByRole("heading", { name: "Dora Detail" }));
    for (const text of ["Acme", "dora@example.com", "Likes tea", "Choir"]) await expectVisible(detail.getByText(text).first());
    await expectVisible(detail.getByRole("link", { name: "Call (615) 200-0003" }));
    await expectVisible(detail.getByRole("link", { name: "SMS (615) 200-0003" }));
    await expect.poll(async () => (await detail.textContent()) ?? "").toMatch(/Last accessed.*ago/);
    expect(await seriousViolations(page)).toEqual([]);
    await detail.getByRole("button", { name: "Edit" }).click();
    await expectVisible(page.getByRole("dialog", { name: "Edit Contact" }));
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Recent/ }).click();
    await expectVisible(page.getByRole("row", { name: /Dora/ }));
  });

  it("remembers each person's sort and view across reloads", async () => {
    await organizationWith("Remember Desk", [{ first_name: "Rita", phone: "(615) 200-0004" }]);
    const { page } = s;
    await page.getByRole("button", { name: "Table view" }).click();
    await page.getByRole("button", { name: "Sort contacts" }).click();
    await page.getByRole("menuitemradio", { name: "Newest" }).click();
    await page.reload();
    await expectVisible(page.getByRole("row", { name: /Rita/ }));
    await page.getByRole("button", { name: "Sort contacts" }).click();
    expect(await page.getByRole("menuitemradio", { name: "Newest" }).getAttribute("aria-checked")).toBe("true");
  });
  it("skips to the content from the first Tab, and gives focus back to the control that opened a dialog", async () => {
    await organizationWith("Focus Desk", [{ first_name: "Fay", last_name: "Focus", phone: "(615) 200-0005" }]);
    const { page } = s;
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content");

    await page.getByRole("button", { name: "Table view" }).click();
    await expectVisible(page.getByRole("row", { name: /Fay/ }));

    const edit = page.getByRole("row", { name: /Fay/ }).getByRole("button", { name: "Edit contact" });
    await edit.click();
    await expectVisible(page.getByRole("dialog", { name: "Edit Contact" }));
    await page.keyboard.press("Escape");
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
  });
  it("takes the old error toast away when a retried save succeeds", async () => {
    await organizationWith("Retry Desk", []);
    const { page } = s;
    let failed = false;
    await page.route("**/api/orgs/*/contacts", async (route) => {
      if (route.request().method() === "POST" && !failed) {
        failed = true;
        await route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "X", message: "boom" } }),
        });
      } else await route.continue();
    });
    const form = await openForm(page);
    await form.getByLabel("First Name").fill("Retry");
    await form.getByLabel("Phone", { exact: true }).fill("(615) 200-0006");
    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Failed to save contact"));
    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Contact created successfully"));
    await expect.poll(() => page.getByText("Failed to save contact").count()).toBe(0);
  });
  it("shows the trash's actions whole at 1280 px, without sideways scrolling", async () => {
    const org = await organizationWith("Trash Width Desk", [
      {
        first_name: "Maximiliana-Theodora",
        last_name: "Longname-Featherstonehaugh",
        phone: "(615) 200-0007",
        email: "a-very-long-address-for-the-trash@example-clinic.org",
      },
    ]);
    const { page } = s;
    const id = (await (await s.context.request.get(`/api/orgs/${org}/contacts`)).json()).items[0].id;
    await s.context.request.delete(`/api/orgs/${org}/contacts/${id}`, { headers: origin() });
    await page.getByRole("button", { name: "Deleted Contacts" }).click();
    const dialog = page.getByRole("dialog", { name: "Deleted Contacts" });
    const purge = dialog.getByRole("button", { name: "Delete Forever" });
    await expectVisible(purge);
    const box = (await purge.boundingBox())!;
    const frame = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
    const table = dialog.getByRole("table", { name: "Deleted contacts" });
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
