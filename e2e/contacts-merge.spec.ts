import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { ownOrganization } from "./support/import.js";
import { browserSuite } from "./support/suite.js";

const origin = () => ({ origin: baseUrl() });

/** Nothing on the page is wider than the screen (no sideways scrolling at 390 px). */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Two records of one person on one number, saved side by side ('new'), through the API. */
async function seedPair(s: Session, org: string, phone: string) {
  const add = async (data: Record<string, unknown>) => {
    const res = await s.context.request.post(`/api/orgs/${org}/contacts`, { data: { ...data, on_duplicate: "new" }, headers: origin() });
    expect(res.status()).toBe(201);
  };
  await add({ first_name: "Robert", last_name: "Brown", company: "Acme", phone, email: "rob@example.com" });
  await add({ first_name: "Bob", last_name: "Brown", company: "Acme Inc", phone, email: "bob@home.example" });
}

describe("duplicates, merged", () => {
  const suite = browserSuite();

  it("opens Duplicates from Contacts, merges a pair taking one field from the second contact, and Undo brings both back", async () => {
    const s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "Merge Desk");
    await seedPair(s, org, "(615) 400-0001");
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Table view" }).click();
    await expectVisible(page.getByRole("row", { name: /Bob/ }));

    await page.getByRole("button", { name: "Duplicates" }).click();
    const duplicates = page.getByRole("dialog", { name: "Duplicate Contacts" });
    const group = duplicates.getByRole("listitem").filter({ hasText: "Same phone" });
    await expectVisible(group.getByText("(615) 400-0001"));
    expect(await seriousViolations(page)).toEqual([]);
    await group.getByRole("button", { name: /^Merge…/ }).click();

    const merge = page.getByRole("dialog", { name: "Merge contacts" });
    const company = merge.getByRole("group", { name: "Company" });
    await expectVisible(company);
    expect(await company.getByRole("radio", { name: /^Acme from Robert Brown/ }).isChecked()).toBe(true);
    await company.getByRole("radio", { name: /^Acme Inc from Bob Brown/ }).click();
    // The lists are shown as they will be: both e-mails.
    await expectVisible(merge.getByText("rob@example.com · bob@home.example"));
    expect(await seriousViolations(page)).toEqual([]);
    await merge.getByRole("button", { name: "Merge", exact: true }).click();

    await expectVisible(page.getByText("Merged into Robert Brown"));
    await expect.poll(() => merge.count()).toBe(0);
    const robert = page.getByRole("row", { name: /Robert/ });
    await expectVisible(robert.getByText("Acme Inc"));
    await expect.poll(() => page.getByRole("row", { name: /Bob/ }).count()).toBe(0);

    await page.getByRole("button", { name: "Undo" }).click();
    await expectVisible(page.getByText("Merge undone"));
    await expectVisible(page.getByRole("row", { name: /Bob/ }));
    await expectVisible(page.getByRole("row", { name: /Robert/ }).getByText("Acme", { exact: true }));

    // Merged again, the trash says where the other one went.
    const ids = (await (await s.context.request.get(`/api/orgs/${org}/contacts?sort=created`)).json()).items.map(
      (c: { id: string }) => c.id,
    );
    const again = await s.context.request.post(`/api/orgs/${org}/contacts/merge`, {
      data: { keepId: ids[1], mergeIds: [ids[0]] },
      headers: origin(),
    });
    expect(again.status()).toBe(200);
    await page.getByRole("button", { name: "Deleted Contacts" }).click();
    const trash = page.getByRole("dialog", { name: "Deleted Contacts" });
    await expectVisible(trash.getByRole("table", { name: "Deleted contacts" }).getByText("merged into Robert Brown"));
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("is usable at 390 px: Duplicates from the controls, the merge dialog fits, axe clean", async () => {
    const s = await suite.session(MOBILE);
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "Merge Phone");
    await seedPair(s, org, "(615) 400-0002");
    await page.goto("/contacts");
    await expectVisible(page.getByRole("article").filter({ hasText: "Bob" }));

    await page.getByRole("button", { name: "Duplicates" }).click();
    const duplicates = page.getByRole("dialog", { name: "Duplicate Contacts" });
    await duplicates.getByRole("button", { name: /^Merge…/ }).click();
    const merge = page.getByRole("dialog", { name: "Merge contacts" });
    await expectVisible(merge.getByRole("group", { name: "Company" }));
    const button = (await merge.getByRole("button", { name: "Merge", exact: true }).boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await merge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await merge.getByRole("button", { name: "Cancel" }).click();
    await expectVisible(page.getByRole("dialog", { name: "Duplicate Contacts" }));
  });
});
