import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, type Session, expectVisible, signInViaApi } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";

// [path, heading, where it lands when it leads elsewhere]
const ROUTES: [string, string, string?][] = [
  ["/contacts", "Contact Management"],
  ["/groups", "Groups"],
  ["/import", "Import & Export"],
  ["/settings", "Settings"],
  ["/menu", "Settings"],
  ["/admin/export", "Import & Export", "/import"],
  ["/admin/analytics", "Analytics"],
  ["/admin/users", "User Management"],
];

describe("app shell and routes", () => {
  const suite = browserSuite();
  let s: Session;

  it("has every route of the spec's table, and / goes to /contacts", async () => {
    s = await suite.session();
    await signInViaApi(s.context);
    await s.page.goto("/");
    await s.page.waitForURL("**/contacts");
    for (const [path, heading, landing] of ROUTES) {
      await s.page.goto(path);
      await expectVisible(s.page.getByRole("heading", { name: heading, exact: true }));
      expect(new URL(s.page.url()).pathname).toBe(landing ?? path);
    }
  });

  it("shows the desktop sidebar with every section, the organization, the bell and no bottom bar", async () => {
    s = await suite.session();
    await signInViaApi(s.context);
    await s.page.goto("/contacts");
    const nav = s.page.getByRole("navigation", { name: "Main navigation" });
    await expectVisible(nav);
    for (const link of ["Contacts", "Groups", "Import", "User Management", "Export", "Analytics", "Settings"]) {
      await expectVisible(nav.getByRole("link", { name: link }));
    }
    await expectVisible(nav.getByText("Admin", { exact: true }));
    await expectVisible(s.page.getByText("My Organization").first());
    await expectVisible(s.page.getByRole("button", { name: "Notifications" }));
    expect(await s.page.getByRole("navigation", { name: "Bottom navigation" }).isVisible()).toBe(false);
    expect(await s.page.getByRole("button", { name: "Toggle menu" }).isVisible()).toBe(false);
    await nav.getByRole("link", { name: "Groups" }).click();
    await s.page.waitForURL("**/groups");
  });

  it("on a 390x844 phone: bottom bar, and a sidebar that slides in over an overlay", async () => {
    s = await suite.session(MOBILE);
    await signInViaApi(s.context);
    await s.page.goto("/contacts");
    const bottom = s.page.getByRole("navigation", { name: "Bottom navigation" });
    await expectVisible(bottom);
    for (const link of ["Contacts", "Groups", "Import", "Settings"]) {
      await expectVisible(bottom.getByRole("link", { name: link }));
    }
    const sidebarLink = s.page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "User Management" });
    expect((await sidebarLink.isVisible()) && (await inViewport(sidebarLink))).toBe(false);

    await s.page.getByRole("button", { name: "Toggle menu" }).click();
    await expect.poll(() => inViewport(sidebarLink)).toBe(true);
    // The overlay dims the bottom bar too: a tap there closes the menu, it does not navigate.
    const onBottomBar = () =>
      s.page.evaluate(() => (document.elementFromPoint(300, window.innerHeight - 20) as HTMLElement | null)?.dataset.testid ?? null);
    await expect.poll(onBottomBar).toBe("sidebar-overlay");
    await sidebarLink.click();
    await s.page.waitForURL("**/admin/users");
    await expect.poll(() => inViewport(sidebarLink)).toBe(false);

    await bottom.getByRole("link", { name: "Settings" }).click();
    await s.page.waitForURL("**/settings");
  });

  it("shows the 404 page for an unknown route and logs the miss on the server", async () => {
    s = await suite.session();
    await signInViaApi(s.context);
    const logged = s.page.waitForRequest((r) => r.url().endsWith("/api/client-log/not-found") && r.method() === "POST");
    await s.page.goto("/no/such/page");
    await expectVisible(s.page.getByRole("heading", { name: "Oops! Page not found" }));
    expect(JSON.parse((await logged).postData() ?? "{}")).toEqual({ path: "/no/such/page" });
    await s.page.getByRole("link", { name: "Return to Home" }).click();
    await s.page.waitForURL("**/contacts");
  });
});

async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) return false;
  return box.x + box.width > 0 && box.x < MOBILE.width;
}
