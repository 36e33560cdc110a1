import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./support/axe.js";
import { MOBILE, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { waitForMail } from "./support/mail.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe("Settings > Security: where you're signed in", () => {
  const suite = browserSuite();

  it("lists this browser and another, mails the new device, and signs out everywhere else", async () => {
    const admin = await suite.session();
    await signInViaApi(admin.context);
    const email = `sessions-${randomBytes(4).toString("hex")}@example.com`;
    const { password } = await inviteAndAccept(admin.context.request, email, "staff", "Sessions-Test-Pass-1!");

    const { page, context } = await suite.session();
    await signInViaApi(context, email, password);
    // A second sign-in, from another browser and system.
    const other = await suite.session();
    const signedIn = await other.context.request.post("/api/auth/sign-in/password", {
      data: { email, password },
      headers: { origin: baseUrl(), "user-agent": FIREFOX_WINDOWS },
    });
    expect(signedIn.ok()).toBe(true);
    const mail = await waitForMail(email, (m) => m.subject === "New sign-in to your Contactbook account");
    expect(mail.text).toContain("Firefox on Windows");

    await page.goto("/settings#security");
    const list = page.getByRole("list", { name: "Sessions" });
    await expectVisible(list.getByText("Firefox on Windows"));
    expect(await list.getByRole("listitem").count()).toBe(2);
    await expectVisible(list.getByText("This device"));
    await expectVisible(list.getByRole("button", { name: /^Sign out Firefox on Windows/ }));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    const dialog = page.getByRole("alertdialog");
    await expectVisible(dialog.getByText("This one stays signed in."));
    await dialog.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expectVisible(page.getByText("1 other session was signed out."));
    await list.getByText("Firefox on Windows").waitFor({ state: "detached", timeout: 10_000 });
    expect(await list.getByRole("listitem").count()).toBe(1);
    expect((await other.context.request.get("/api/me")).status()).toBe(401);
    expect((await context.request.get("/api/me")).status()).toBe(200);

    // The mail can be turned off in Settings > Notifications.
    await page.getByRole("tab", { name: "Notifications" }).click();
    const toggle = page.getByRole("switch", { name: "Sign-in from a new device" });
    await expectVisible(toggle);
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await toggle.click();
    await expect
      .poll(async () => (await (await context.request.get("/api/me/notification-settings")).json()).new_device_sign_in)
      .toBe(false);
  });

  it("fits a 390 px phone screen", async () => {
    const s = await suite.session(MOBILE);
    await signInViaApi(s.context);
    await s.page.goto("/settings#security");
    await expectVisible(s.page.getByRole("list", { name: "Sessions" }).getByText("This device"));
    const width = await s.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
