import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, type Session, baseUrl, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { ownOrganization } from "./support/import.js";
import { addUsage } from "./support/seed.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

// Issue 28's everyday snags: what the screens say and where, at 1280 px and on a 390 px phone.

const origin = () => ({ origin: baseUrl() });
const SIZES = [
  ["desktop", DESKTOP],
  ["phone", MOBILE],
] as const;

/** Nothing on the page is wider than the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function addContacts(s: Session, org: string, contacts: Record<string, unknown>[]) {
  for (const data of contacts) {
    const res = await s.context.request.post(`/api/orgs/${org}/contacts`, { data, headers: origin() });
    expect(res.status()).toBe(201);
  }
}

describe("everyday use", () => {
  const suite = browserSuite();
  let s: Session;

  it.each(SIZES)("on a %s, staff see no Export command and are told where a trashed contact goes", async (_name, viewport) => {
    s = await suite.session();
    await signInViaApi(s.context);
    const email = `everyday-staff-${viewport.width}@example.com`;
    const { org } = await inviteAndAccept(s.context.request, email, "staff", "Staff#Everyday42x");
    // Each run's Stella has her own number: the same number would merge the second into the first.
    await addContacts(s, org, [
      { first_name: "Stella", last_name: `Staffview${viewport.width}`, phone: `555019${String(viewport.width).padStart(4, "0")}` },
    ]);
    await s.context.close();

    s = await suite.session(viewport);
    const { page } = s;
    await page.goto("/login");
    await signInViaForm(page, email, "Staff#Everyday42x");
    await page.waitForURL("**/contacts");
    // The live stream connected: its first catch-up re-reads the list, which would close a menu opened before.
    await page.locator("html[data-live=live]").waitFor({ state: "attached" });
    if (viewport === DESKTOP) {
      await expectVisible(page.getByRole("button", { name: "Import", exact: true }));
      expect(await page.getByRole("button", { name: "Export", exact: true }).count()).toBe(0);
    } else {
      await page.getByRole("button", { name: "Contact actions" }).click();
      const sheet = page.getByRole("dialog", { name: "Contact Actions" });
      await expectVisible(sheet.getByRole("button", { name: "Import Contacts" }));
      expect(await sheet.getByRole("button", { name: "Export Contacts" }).count()).toBe(0);
      await page.keyboard.press("Escape");
      await sheet.waitFor({ state: "detached" });
    }

    // Moving to the trash names the place an admin restores from: one dialog at every width, opened from
    // the table's row on a desktop and from the card's menu on a phone.
    // The list first narrows what it holds in the browser (marked aria-busy), then shows the server's
    // answer: a menu opened before that answer is rendered would be closed by it. So wait for the
    // server's answer to this search, then for the one match with nothing busy (the other run's
    // Stella is gone). Before the search's debounce ends, an organization holding one Stella already
    // shows one card, not yet busy.
    const answered = page.waitForResponse((res) => /\/contacts\?/.test(res.url()) && res.url().includes(`q=staffview${viewport.width}`));
    await page.getByRole("searchbox").fill(`staffview${viewport.width}`);
    await answered;
    await page.waitForFunction(
      (desktop) =>
        !document.querySelector("main [aria-busy=true]") &&
        document.querySelectorAll(desktop ? "main tbody tr:not([aria-hidden])" : "main article").length === 1,
      viewport === DESKTOP,
    );
    if (viewport === DESKTOP) {
      await page
        .getByRole("row", { name: /Stella/ })
        .getByRole("button", { name: "Delete contact" })
        .click();
    } else {
      await page.getByRole("article").filter({ hasText: "Stella" }).getByRole("button", { name: "Contact menu" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
    }
    const confirm = page.getByRole("alertdialog", { name: "Move to Trash?" });
    await expectVisible(confirm.getByText("An admin can restore it from Deleted Contacts, on the Contacts screen."));
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Cancel" }).click();

    // The import screen is theirs; export is not offered at all, not even as 'Access Restricted'.
    await page.goto("/import#export");
    await expectVisible(page.getByRole("heading", { name: "Import Contacts" }));
    expect(await page.getByRole("tab", { name: "Export" }).count()).toBe(0);
    expect(await page.getByText("Access Restricted").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(SIZES)("on a %s, offers the label field of a 'Custom' phone type and keeps the label", async (_name, viewport) => {
    s = await suite.session(viewport);
    const { page } = s;
    await signInViaApi(s.context);
    await ownOrganization(s, `Custom Phone ${viewport.width}`);
    await page.goto("/contacts");
    await expectVisible(page.getByText("No contacts found"));
    await page.getByRole("button", { name: "Add Contact" }).last().click();
    const form = page.getByRole("dialog", { name: "Add New Contact" });
    await form.getByLabel("First name", { exact: true }).fill("Cora");
    await form.getByLabel("Phone", { exact: true }).fill("(615) 300-4001");
    expect(await form.getByLabel("Phone label").count()).toBe(0);
    await form.getByLabel("Phone type").selectOption({ label: "Custom" });
    await form.getByLabel("Phone label").fill("Boat");
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Contact created successfully"));
    await form.waitFor({ state: "detached" });

    await page.getByRole("main").getByRole("button", { name: /^Cora/ }).click();
    const detail = page.getByTestId("contact-detail");
    await expectVisible(detail.getByRole("link", { name: "Call (615) 300-4001" }));
    await expectVisible(detail.getByText("Boat"));
    await detail.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact" });
    await expectVisible(edit.getByLabel("Phone label"));
    expect(await edit.getByLabel("Phone label").inputValue()).toBe("Boat");
    // Another type takes the label field away; 'Custom' brings it back, on an existing contact too.
    await edit.getByLabel("Phone type").selectOption({ label: "Mobile" });
    await edit.getByLabel("Phone label").waitFor({ state: "detached" });
    await edit.getByLabel("Phone type").selectOption({ label: "Custom" });
    await expectVisible(edit.getByLabel("Phone label"));
  });

  it.each(SIZES)("on a %s, says that favourites and recent contacts are the organization's", async (_name, viewport) => {
    s = await suite.session(viewport);
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "Riverside Clinic");
    await addContacts(s, org, [{ first_name: "Fay", last_name: "Favoured", phone: "5550109101" }]);
    const fay = (await (await s.context.request.get(`/api/orgs/${org}/contacts`)).json()).items[0];
    const starred = await s.context.request.post(`/api/orgs/${org}/contacts/${fay.id}/favorite`, {
      data: { is_favorite: true },
      headers: origin(),
    });
    expect(starred.ok()).toBe(true);
    await page.goto("/contacts");
    const chips = page.getByRole("group", { name: "Filter contacts" });
    const favourites = chips.getByRole("button", { name: /^Favorites/ });
    const recent = chips.getByRole("button", { name: /^Recent/ });
    await expectVisible(favourites);
    // Said to assistive technology always, and in view once chosen (phones have no hover).
    expect(await favourites.getAttribute("aria-describedby")).toBeTruthy();
    const described = (chip: typeof favourites) =>
      chip.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby")!)?.textContent ?? "");
    expect(await described(favourites)).toBe("Favourites are shared with everyone in Riverside Clinic");
    expect(await described(recent)).toBe("Recently opened by anyone in Riverside Clinic");
    if (viewport === DESKTOP) {
      await favourites.hover();
      await expectVisible(page.getByRole("tooltip").filter({ hasText: "Favourites are shared with everyone in Riverside Clinic" }));
      // Off the chip first, in steps: Radix keeps a tooltip open while the pointer may be travelling to it.
      await page.mouse.move(0, 0, { steps: 5 });
      await page.getByRole("tooltip").waitFor({ state: "detached" });
      await recent.hover();
      await expectVisible(page.getByRole("tooltip").filter({ hasText: "Recently opened by anyone in Riverside Clinic" }));
    }
    // The counts arriving widen the chips: click once they are in, or the tap lands on the chip beside.
    await expectVisible(chips.getByRole("button", { name: /^Favorites\s*1$/ }));
    await favourites.click();
    await expect.poll(() => favourites.getAttribute("aria-pressed")).toBe("true");
    await expectVisible(page.getByRole("main").getByText("Favourites are shared with everyone in Riverside Clinic."));
    await expectVisible(page.getByRole("main").getByRole("button", { name: /^Fay/ }));
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(SIZES)("on a %s, shows the trash's deletion time whole", async (_name, viewport) => {
    s = await suite.session(viewport);
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, `Trash Time ${viewport.width}`);
    await addContacts(s, org, [
      {
        first_name: "Theodora",
        last_name: "Longname-Trashington",
        email: "theodora.longname-trashington@example.com",
        phone: "5550109201",
      },
    ]);
    const contact = (await (await s.context.request.get(`/api/orgs/${org}/contacts`)).json()).items[0];
    expect((await s.context.request.delete(`/api/orgs/${org}/contacts/${contact.id}`, { headers: origin() })).ok()).toBe(true);
    await page.goto("/contacts");
    await expectVisible(page.getByText("No contacts found"));
    if (viewport === DESKTOP) await page.getByRole("button", { name: "Deleted Contacts" }).click();
    else {
      await page.getByRole("button", { name: "Contact actions" }).click();
      await page.getByRole("button", { name: "Deleted Contacts" }).click();
    }
    const dialog = page.getByRole("dialog", { name: "Deleted Contacts" });
    const when = dialog.getByTestId("deleted-at").filter({ visible: true });
    await expectVisible(when);
    expect(await when.textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/);
    // Whole: not cut by its cell or scrolled out of the dialog.
    const fits = await when.evaluate((el) => {
      const box = el.getBoundingClientRect();
      let clip: HTMLElement | null = el.parentElement;
      while (clip && getComputedStyle(clip).overflowX === "visible") clip = clip.parentElement;
      const outer = (clip ?? document.documentElement).getBoundingClientRect();
      return el.scrollWidth <= el.clientWidth + 1 && box.left >= outer.left - 1 && box.right <= outer.right + 1;
    });
    expect(fits).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(SIZES)("on a %s, keeps every card in its column when 'More details' opens", async (_name, viewport) => {
    s = await suite.session(viewport);
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "Card Desk");
    const names = ["Ann", "Ben", "Cal", "Dee", "Eve", "Fox", "Gus", "Hal", "Ivy"];
    await addContacts(
      s,
      org,
      names.map((first_name, i) => ({
        first_name,
        last_name: `Card${i}`,
        phone: `555010930${i}`,
        address: `${i + 1} Long Street`,
        city: "Springfield",
        notes: i % 2 ? "A note long enough to wrap over more than one line of the card's details, and then some more." : "",
      })),
    );
    await page.goto("/contacts");
    // Cards are the phone's default view.
    if (viewport === DESKTOP) await page.getByRole("button", { name: "Card view" }).click();
    const feed = page.getByRole("feed", { name: "Contacts" });
    await expectVisible(feed.getByRole("article").nth(names.length - 1));
    // Each card's column and top, by name.
    const layout = () =>
      feed.getByRole("article").evaluateAll((cards) =>
        Object.fromEntries(
          cards.map((card) => {
            const box = card.getBoundingClientRect();
            return [card.querySelector("h3")?.textContent ?? "", { left: Math.round(box.left), top: box.top, bottom: box.bottom }];
          }),
        ),
      );
    const before = await layout();
    const columns = (l: typeof before) => Object.fromEntries(Object.entries(l).map(([n, b]) => [n, b.left]));
    expect(new Set(Object.values(columns(before))).size).toBe(viewport === DESKTOP ? 3 : 1);

    for (const name of ["Ann Card0", "Eve Card4"]) {
      const card = feed.getByRole("article", { name });
      await card.getByRole("button", { name: "More details" }).click();
      await expectVisible(card.getByText("Springfield"));
    }
    await expect.poll(async () => columns(await layout())).toEqual(columns(before));
    // No card overlaps the one above it in its column.
    const after = Object.values(await layout()).sort((a, b) => a.left - b.left || a.top - b.top);
    for (let i = 1; i < after.length; i++) {
      if (after[i]!.left === after[i - 1]!.left) expect(after[i]!.top).toBeGreaterThanOrEqual(after[i - 1]!.bottom - 1);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(SIZES)("on a %s, shows the analytics of the months with data, the latest in view, no column cut", async (_name, viewport) => {
    s = await suite.session(viewport);
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, `Usage ${viewport.width}`);
    const me = await (await s.context.request.get("/api/me")).json();
    const now = new Date();
    const monthsAgo = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
    await addUsage(org, me.user.id, monthsAgo(10), { imports: 1200, exports: 3, searches: 4500 });
    await addUsage(org, me.user.id, monthsAgo(4), { imports: 0, exports: 1, searches: 12 });
    const imported = await s.context.request.post(`/api/orgs/${org}/imports`, {
      multipart: { file: { name: "one.csv", mimeType: "text/csv", buffer: Buffer.from("name,phone\r\nUma Usage,5550109301\r\n") } },
      headers: origin(),
    });
    expect(imported.status()).toBe(201);

    await page.goto("/admin/analytics");
    const months = page.getByRole("table", { name: "Usage per month" });
    await expectVisible(months.locator(`tr[data-period="${monthsAgo(0)}"]`));
    // From the first month with data to this one: eleven rows, none from before.
    expect(await months.locator("tbody tr").count()).toBe(11);
    expect(await months.locator(`tr[data-period="${monthsAgo(11)}"]`).count()).toBe(0);
    // The chart shows the latest month (scrolled to the end when it is wider than the screen).
    const chart = page.getByTestId("usage-chart");
    await expect.poll(() => chart.evaluate((el) => Math.abs(el.scrollWidth - el.clientWidth - el.scrollLeft) <= 1)).toBe(true);
    // No table hides a column behind a sideways scroll, and the page is as wide as the screen.
    await expectVisible(page.getByRole("table", { name: "Audit log" }));
    for (const region of await page
      .getByRole("region")
      .filter({ has: page.locator("table") })
      .all()) {
      const name = await region.getAttribute("aria-label");
      expect({ name, fits: await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1) }).toEqual({ name, fits: true });
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
