import { describe, expect, it } from "vitest";
import { MOBILE, type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { browserSuite } from "./support/suite.js";

const origin = () => ({ origin: baseUrl() });

describe("contacts on a 390 x 844 phone", () => {
  const suite = browserSuite();
  let s: Session;

  it("shows at least eight contacts on the first screen, each with a tap-to-call, and expands one for details", async () => {
    s = await suite.session(MOBILE);
    await signInViaApi(s.context);
    const org = await (await s.context.request.post("/api/orgs", { data: { name: "Phone Desk" }, headers: origin() })).json();
    for (let i = 0; i < 14; i++) {
      const data = {
        first_name: `Person${String(i).padStart(2, "0")}`,
        last_name: "Longsurname-Withhyphen",
        company: i % 2 ? "Riverside Community Health Clinic" : "",
        phone: `(615) 400-00${String(i).padStart(2, "0")}`,
        phone2: "(615) 400-9999",
        email: `person${i}@example.com`,
        // One office line shared by everyone: separate people, not one to merge into.
        on_duplicate: "new",
      };
      await s.context.request.post(`/api/orgs/${org.id}/contacts`, { data, headers: origin() });
    }
    await s.page.addInitScript(
      ([id, n]) => {
        localStorage.setItem("currentOrgId", id!);
        localStorage.setItem("currentOrgName", n!);
      },
      [org.id, org.name],
    );
    const { page } = s;
    await page.goto("/contacts");
    await expectVisible(page.getByRole("article").first());
    await page.screenshot({ path: "/tmp/phone-contacts.png" });
    // Cards wholly inside the viewport, above the bottom bar.
    const bar = await page
      .getByRole("navigation", { name: /bottom|mobile/i })
      .boundingBox()
      .catch(() => null);
    const bottom = bar ? bar.y : MOBILE.height;
    const boxes = await page.getByRole("article").evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON()));
    const whole = boxes.filter((b: DOMRect) => b.top >= 0 && b.bottom <= bottom);
    expect(whole.length).toBeGreaterThanOrEqual(8);
    const first = page.getByRole("article").first();
    await expectVisible(first.getByRole("link", { name: /^Call / }));
    await first.getByRole("button", { name: "More details" }).click();
    await expectVisible(first.getByText("person0@example.com"));
    expect(await seriousViolations(page)).toEqual([]);
  });
  it("shows deleted contacts as cards with their actions in view", async () => {
    s = await suite.session(MOBILE);
    await signInViaApi(s.context);
    const org = await (await s.context.request.post("/api/orgs", { data: { name: "Phone Trash" }, headers: origin() })).json();
    const made = await s.context.request.post(`/api/orgs/${org.id}/contacts`, {
      data: { first_name: "Tina", last_name: "Trashed-Longname", phone: "(615) 500-0001", email: "tina.trashed@example.com" },
      headers: origin(),
    });
    await s.context.request.delete(`/api/orgs/${org.id}/contacts/${(await made.json()).contact.id}`, { headers: origin() });
    await s.page.addInitScript(
      ([id, n]) => {
        localStorage.setItem("currentOrgId", id!);
        localStorage.setItem("currentOrgName", n!);
      },
      [org.id, org.name],
    );
    const { page } = s;
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Contact actions" }).click();
    await page.getByRole("dialog", { name: "Contact Actions" }).getByRole("button", { name: "Deleted Contacts" }).click();
    const dialog = page.getByRole("dialog", { name: "Deleted Contacts" });
    const card = dialog.getByRole("listitem").filter({ hasText: "Tina" });
    for (const name of ["Restore", "Delete Forever"]) {
      const box = (await card.getByRole("button", { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    }
    await card.getByRole("button", { name: "Restore" }).click();
    await expectVisible(page.getByText("Contact restored successfully"));
  });
});
