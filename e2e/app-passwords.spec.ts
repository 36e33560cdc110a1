import { describe, expect, it } from "vitest";
import { ADMIN_EMAIL, MOBILE, expectVisible, signInViaApi } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";

describe("Settings > Security: app passwords for CardDAV", () => {
  const suite = browserSuite();

  it("creates an app password shown once, which a CardDAV client can use until it is revoked", async () => {
    const s = await suite.session();
    const { page, context } = s;
    await signInViaApi(context);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    await expectVisible(page.getByText("No app passwords yet."));
    const create = page.getByRole("button", { name: "Create app password" });
    expect(await create.isDisabled()).toBe(true);

    await page.getByLabel("Device name").fill("Jane's iPhone");
    await create.click();
    await expectVisible(page.getByText("It won't be shown again."));
    const password = (await page.getByTestId("new-app-password").textContent())!.trim();
    expect(password).toMatch(/^[a-z0-9]{5}(-[a-z0-9]{5}){4}$/);
    const list = page.getByRole("list", { name: "App passwords" });
    await expectVisible(list.getByText("Jane's iPhone"));
    await expectVisible(list.getByText(/Never used/));
    // The server address and the steps for each kind of device are beside it.
    await expectVisible(page.getByText(new URL(page.url()).origin, { exact: true }));
    await page.getByText("Android (DAVx⁵)").click();
    await expectVisible(page.getByText("Tap +, then Login with URL and user name."));

    // A CardDAV client signs in with it (and never with the account password).
    const basic = (secret: string) => ({
      authorization: `Basic ${Buffer.from(`${ADMIN_EMAIL}:${secret}`).toString("base64")}`,
      depth: "0",
    });
    expect((await context.request.fetch("/dav/", { method: "PROPFIND", headers: basic(password) })).status()).toBe(207);

    // Shown once: after a reload only the name and its last use are left.
    await page.reload();
    await page.getByRole("tab", { name: "Security" }).click();
    await expectVisible(list.getByText(/Last used less than a minute ago/));
    expect(await page.getByTestId("new-app-password").count()).toBe(0);
    expect(await page.content()).not.toContain(password);

    await page.getByRole("button", { name: "Revoke Jane's iPhone" }).click();
    await expectVisible(page.getByText("Devices using 'Jane's iPhone' will stop syncing at once."));
    await page.getByRole("button", { name: "Revoke", exact: true }).click();
    await expectVisible(page.getByText("'Jane's iPhone' can no longer sync."));
    await expectVisible(page.getByText("No app passwords yet."));
    expect((await context.request.fetch("/dav/", { method: "PROPFIND", headers: basic(password) })).status()).toBe(401);
  });

  it("fits a 390 px phone screen", async () => {
    const s = await suite.session(MOBILE);
    await signInViaApi(s.context);
    await s.page.goto("/settings");
    await s.page.getByRole("tab", { name: "Security" }).click();
    await s.page.getByLabel("Device name").fill("A phone with a rather long name for a device");
    await s.page.getByRole("button", { name: "Create app password" }).click();
    await expectVisible(s.page.getByTestId("new-app-password"));
    const width = await s.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
