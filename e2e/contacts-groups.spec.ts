import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { seedIntoApp } from "./support/seed.js";
import { browserSuite } from "./support/suite.js";

const origin = () => ({ origin: baseUrl() });
/** Polls as long as expectVisible waits (the default second is shorter than a list's load under CI). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });
const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["phone", MOBILE],
] as const;

describe("groups on the contact list", () => {
  const suite = browserSuite();
  let s: Session;

  /** A fresh organization made current, with people and two groups ('Choir' holding Ada and Bea). */
  async function office(name: string) {
    const api = s.context.request;
    const org = (await (await api.post("/api/orgs", { data: { name }, headers: origin() })).json()).id as string;
    const people: [string, string, string | null][] = [
      ["Ada", "Lovelace", "ada.lovelace.work@example.com"],
      ["Bea", "Arden", null],
      ["Cyd", "Zeller", "cyd@example.com"],
      ["Dee", "Moss", null],
    ];
    const ids: string[] = [];
    for (const [i, [first_name, last_name, email]] of people.entries()) {
      const res = await api.post(`/api/orgs/${org}/contacts`, {
        data: { first_name, last_name, phone: `(615) 400-00${10 + i}`, ...(email ? { email } : {}) },
        headers: origin(),
      });
      ids.push((await res.json()).contact.id);
    }
    const group = async (groupName: string) =>
      (await (await api.post(`/api/orgs/${org}/groups`, { data: { name: groupName }, headers: origin() })).json()).id as string;
    const choir = await group("Choir");
    const band = await group("Band");
    await api.post(`/api/orgs/${org}/groups/${choir}/members`, { data: { contact_ids: ids.slice(0, 2) }, headers: origin() });
    await s.page.addInitScript(
      ([id, n]) => {
        localStorage.setItem("currentOrgId", id!);
        localStorage.setItem("currentOrgName", n!);
      },
      [org, name],
    );
    return { org, choir, band, ids };
  }

  const rows = (page: Page) => page.getByRole("table", { name: "Contacts" }).locator("tbody tr[data-index]");
  const allChip = (page: Page) => page.getByRole("group", { name: "Filter contacts" }).getByRole("button", { name: /All Contacts/ });

  /** The table (phones start with cards): selecting and header sorts live in it. */
  async function tableView(page: Page) {
    const toggle = page.getByRole("button", { name: "Table view" });
    if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
    await expectVisible(page.getByRole("table", { name: "Contacts" }));
  }

  it.each(VIEWPORTS)("filters by group with the URL keeping it, counts following (%s)", async (_name, viewport) => {
    s = await suite.session(viewport);
    await signInViaApi(s.context);
    const { choir } = await office(`Filter ${viewport.width}`);
    const { page } = s;
    await page.goto("/contacts");
    await tableView(page);
    await poll(() => rows(page).count()).toBe(4);
    await page.getByLabel("Group", { exact: true }).selectOption({ label: "Choir" });
    await page.waitForURL(`**/contacts?group=${choir}`);
    await poll(() => rows(page).count()).toBe(2);
    await poll(() => allChip(page).textContent()).toContain("2");
    await page.reload();
    await poll(() => page.getByLabel("Group", { exact: true }).inputValue()).toBe(choir);
    await poll(() => rows(page).count()).toBe(2);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Group", { exact: true }).selectOption({ label: "All groups" });
    await page.waitForURL("**/contacts");
    await poll(() => rows(page).count()).toBe(4);
  });

  it.each(VIEWPORTS)("adds ticked rows (shift-click for a range) and 'all N matching' to a group (%s)", async (_name, viewport) => {
    s = await suite.session(viewport);
    await signInViaApi(s.context);
    const { org, band } = await office(`Bulk ${viewport.width}`);
    const { page } = s;
    await page.goto("/contacts");
    await tableView(page);
    await poll(() => rows(page).count()).toBe(4);
    // Rows by last name: Arden, Lovelace, Moss, Zeller. A click, then shift-click two rows on.
    await page.getByRole("checkbox", { name: "Select Bea Arden" }).click();
    await page.getByRole("checkbox", { name: "Select Dee Moss" }).click({ modifiers: ["Shift"] });
    const bar = page.getByRole("region", { name: "Selected contacts" });
    await expectVisible(bar.getByText("3 selected"));
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await bar.getByRole("button", { name: "Add to group" }).click();
    const dialog = page.getByRole("dialog", { name: "Add to group" });
    await dialog.getByLabel("Group").selectOption({ label: "Band" });
    await dialog.getByRole("button", { name: "Add to group" }).click();
    await expectVisible(page.getByText("Added 3 contacts to the group"));
    await poll(() => bar.isVisible()).toBe(false);

    // More than a page: every loaded row ticked offers all that match, sent as the scope.
    // Seeded ids are numbered: each run takes its own range.
    await seedIntoApp(org, 70, viewport.width * 1000);
    await page.reload();
    await tableView(page);
    await poll(() => allChip(page).textContent()).toContain("74");
    await page.getByRole("checkbox", { name: "Select all loaded contacts" }).click();
    await bar.getByRole("button", { name: "Select all 74 matching" }).click();
    await expectVisible(bar.getByText("All 74 matching selected"));
    await bar.getByRole("button", { name: "Add to group" }).click();
    await dialog.getByLabel("Group").selectOption({ label: "Band" });
    await dialog.getByRole("button", { name: "Add to group" }).click();
    await expectVisible(page.getByText("Added 71 contacts to the group"));
    await page.goto(`/contacts?group=${band}`);
    await poll(() => allChip(page).textContent()).toContain("74");
  });

  it.each(VIEWPORTS)("shows a contact's groups in its details, adds and removes one (%s)", async (_name, viewport) => {
    s = await suite.session(viewport);
    await signInViaApi(s.context);
    await office(`Detail ${viewport.width}`);
    const { page } = s;
    await page.goto("/contacts");
    await tableView(page);
    await page.getByRole("button", { name: "Ada", exact: true }).click();
    const detail = page.getByTestId("contact-detail");
    const groups = detail.getByRole("list", { name: "Groups of this contact" });
    await expectVisible(groups.getByText("Choir"));
    await detail.getByLabel("Add to group").selectOption({ label: "Band" });
    await detail.getByRole("button", { name: "Add", exact: true }).click();
    await expectVisible(page.getByText("Added to Band"));
    await expectVisible(groups.getByText("Band"));
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await detail.getByRole("button", { name: "Remove from Choir" }).click();
    await expectVisible(page.getByText("Removed from Choir"));
    await poll(() => groups.getByText("Choir").count()).toBe(0);
  });

  it.each(VIEWPORTS)(
    "groups page: 'Groups', member counts, 'Add 1 contact' / 'Add 2 contacts', the dialog stays open (%s)",
    async (_name, viewport) => {
      s = await suite.session(viewport);
      await signInViaApi(s.context);
      await office(`Page ${viewport.width}`);
      const { page } = s;
      await page.goto("/groups");
      await expectVisible(page.getByRole("heading", { level: 1, name: "Groups", exact: true }));
      const choir = page.getByRole("row", { name: /Choir/ });
      await expectVisible(choir.getByRole("cell", { name: "2", exact: true }));
      await choir.getByRole("button", { name: "View members of Choir" }).click();
      const members = page.getByRole("dialog", { name: "Members of Choir" });
      await expectVisible(members.getByText("Ada Lovelace").filter({ visible: true }));
      await members.getByRole("button", { name: "Add Members" }).click();
      const add = page.getByRole("dialog", { name: "Add Members to Choir" });
      await expectVisible(add.getByRole("button", { name: "Add contacts", exact: true }));
      await add.getByRole("checkbox", { name: "Cyd Zeller" }).check();
      await expectVisible(add.getByRole("button", { name: "Add 1 contact", exact: true }));
      await add.getByRole("checkbox", { name: "Dee Moss" }).check();
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page)).toEqual([]);
      await add.getByRole("button", { name: "Add 2 contacts", exact: true }).click();
      await expectVisible(page.getByText("Added 2 contacts to the group"));
      await expectVisible(add.getByRole("button", { name: "Add contacts", exact: true }));
      await poll(() => add.getByRole("checkbox").count()).toBe(0);
      await add.getByRole("button", { name: "Done" }).click();
      await expectVisible(choir.getByRole("cell", { name: "4", exact: true }));
    },
  );

  it.each(VIEWPORTS)("sorts by a column header, keeps empty cells empty and the header on one line (%s)", async (_name, viewport) => {
    s = await suite.session(viewport);
    await signInViaApi(s.context);
    await office(`Sort ${viewport.width}`);
    const { page } = s;
    await page.goto("/contacts");
    await tableView(page);
    await poll(() => rows(page).count()).toBe(4);
    const table = page.getByRole("table", { name: "Contacts" });
    await table.getByRole("button", { name: "First Name" }).click();
    await poll(() => table.getByRole("columnheader", { name: "First Name" }).getAttribute("aria-sort")).toBe("ascending");
    await expectVisible(page.getByRole("button", { name: "Sort contacts: First name" }));
    await expect
      .poll(async () => (await rows(page).allTextContents()).map((t) => t.match(/Ada|Bea|Cyd|Dee/)?.[0]))
      .toEqual(["Ada", "Bea", "Cyd", "Dee"]);
    await table.getByRole("button", { name: "Last Name" }).click();
    await expect
      .poll(async () => (await rows(page).allTextContents()).map((t) => t.match(/Ada|Bea|Cyd|Dee/)?.[0]))
      .toEqual(["Bea", "Ada", "Dee", "Cyd"]);
    expect(await table.getByText(/No notes|No email|No phone/).count()).toBe(0);
    if (viewport === DESKTOP) {
      // The long e-mail shows whole while the names have room; the header's title and buttons share one line.
      const email = table.getByRole("link", { name: "ada.lovelace.work@example.com" });
      expect(
        await email.evaluate((a) => (a.parentElement as HTMLElement).scrollWidth <= (a.parentElement as HTMLElement).clientWidth),
      ).toBe(true);
      const title = await page.getByRole("heading", { level: 1 }).boundingBox();
      const add = await page.getByRole("button", { name: "Add Contact" }).boundingBox();
      const refresh = await page.getByRole("button", { name: "Refresh", exact: true }).boundingBox();
      expect(title!.height).toBeLessThan(48);
      expect(Math.abs(add!.y - refresh!.y)).toBeLessThan(2);
    }
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
