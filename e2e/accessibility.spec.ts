import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { browserSuite } from "./support/suite.js";

/** Every screen of the app, with the heading that says it has loaded. */
const SCREENS: [string, string][] = [
  ["/contacts", "Contact Management"],
  ["/groups", "Groups"],
  ["/import", "Import & Export"],
  ["/settings", "Settings"],
  ["/admin/users", "User Management"],
  ["/admin/analytics", "Analytics"],
  ["/invitations", "Invitations"],
];

describe("accessibility (axe-core: no serious or critical violation)", () => {
  const suite = browserSuite();
  let s: Session;

  it.each([
    ["desktop", DESKTOP],
    ["phone", MOBILE],
  ] as const)("every screen on a %s", async (_name, viewport) => {
    s = await suite.session(viewport);
    await signInViaApi(s.context);
    const headers = { origin: baseUrl() };
    const org = await (await s.context.request.post("/api/orgs", { data: { name: `Axe ${viewport.width}` }, headers })).json();
    for (const [i, first_name] of ["Ada", "Bea", "Cy"].entries()) {
      const data = { first_name, last_name: "Tester", company: "Axe Co", phone: `(615) 300-000${i}`, email: `${first_name}@example.com` };
      await s.context.request.post(`/api/orgs/${org.id}/contacts`, { data, headers });
    }
    await s.context.request.post(`/api/orgs/${org.id}/groups`, { data: { name: "Axe group" }, headers });
    await s.page.addInitScript(
      ([id, n]) => {
        localStorage.setItem("currentOrgId", id!);
        localStorage.setItem("currentOrgName", n!);
      },
      [org.id, org.name],
    );
    const found: Record<string, unknown> = {};
    for (const [path, heading] of SCREENS) {
      await s.page.goto(path);
      await expectVisible(s.page.getByRole("heading", { name: heading }));
      await s.page.waitForLoadState("networkidle");
      const violations = await seriousViolations(s.page);
      if (violations.length) found[path] = violations;
    }
    // A toast over the list (its colours are checked too).
    await s.page.goto("/contacts");
    await s.page.getByRole("button", { name: "Add to favorites" }).first().click();
    await expectVisible(s.page.locator('[data-sonner-toast][data-mounted="true"]', { hasText: "Added to favorites" }));
    // Past its entry animation, so its colours are measured as shown.
    await s.page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const withToast = await seriousViolations(s.page);
    if (withToast.length) found["/contacts with a toast"] = withToast;
    expect(found).toEqual({});
  });

  it("the sign-in screen", async () => {
    s = await suite.session();
    await s.page.goto("/login");
    await expectVisible(s.page.getByRole("button", { name: "Sign In", exact: true }));
    expect(await seriousViolations(s.page)).toEqual([]);
  });
});
