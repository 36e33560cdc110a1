import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./support/axe.js";
import { MOBILE, baseUrl, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";
import { authenticator } from "./support/totp.js";
import { inviteAndAccept } from "./support/users.js";

const PASSWORD = "Two-Factor-Test-Pass-1!";

describe("two-factor sign-in", () => {
  const suite = browserSuite();

  /**
   * A new staff account for each test: the first-run admin, whom the other specs sign in as, never gets
   * two-factor turned on.
   */
  async function freshAccount() {
    const admin = await suite.session();
    await signInViaApi(admin.context);
    const email = `two-factor-${randomBytes(4).toString("hex")}@example.com`;
    await inviteAndAccept(admin.context.request, email, "staff", PASSWORD);
    return email;
  }

  /** Two-factor on through the API (the enrolment screens have their own test): the app and the codes. */
  async function enrolViaApi(context: BrowserContext) {
    const headers = { origin: baseUrl() };
    const enable = await context.request.post("/api/me/two-factor/enable", { data: { password: PASSWORD }, headers });
    expect(enable.status()).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const app = authenticator(new URL(totpURI).searchParams.get("secret")!);
    const confirm = await context.request.post("/api/me/two-factor/confirm", { data: { code: app.code() }, headers });
    expect(confirm.status()).toBe(200);
    return { app, backupCodes };
  }

  /** Settings > Security > 'Turn on two-factor' up to the key: answers the app made from the key shown as text. */
  async function startEnrolment(page: Page) {
    await page.goto("/settings#security");
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    const key = page.getByTestId("two-factor-key");
    await expectVisible(key);
    await expectVisible(page.getByRole("img", { name: "QR code for your authenticator app" }));
    // The key as text is the one in the otpauth:// link (and in the QR code, made from the same URI).
    const text = (await key.textContent())!;
    const link = new URL((await page.getByRole("link", { name: "Open in authenticator app" }).getAttribute("href"))!);
    expect(link.protocol).toBe("otpauth:");
    expect(link.searchParams.get("secret")).toBe(text.replace(/\s+/g, ""));
    return authenticator(text);
  }

  /** The login screen up to its second step. */
  async function passwordStep(page: Page, email: string) {
    await page.goto("/login");
    await signInViaForm(page, email, PASSWORD);
    await expectVisible(page.getByLabel("Authentication code"));
  }

  async function logout(page: Page) {
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");
  }

  it("turns on in Settings > Security with a QR code, the key and a first code, then signs in in two steps", async () => {
    const email = await freshAccount();
    const { page, context } = await suite.session();
    await signInViaApi(context, email, PASSWORD);
    const app = await startEnrolment(page);
    const qr = await page.getByRole("img", { name: "QR code for your authenticator app" }).getAttribute("src");
    expect(qr).toMatch(/^data:image\/svg\+xml/);
    // The password form is gone: focus moved to the step's instructions, not to the top of the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Add this account to your authenticator app/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Code from the app").fill(app.code());
    await page.getByRole("button", { name: "Confirm" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expectVisible(codes);
    expect(await codes.count()).toBe(10);
    const shown = (await codes.allTextContents()).map((c) => c.trim());
    expect(new Set(shown).size).toBe(10);
    expect(await seriousViolations(page)).toEqual([]);

    // Download: a text file with all ten.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toBe("contactbook-recovery-codes.txt");
    const text = readFileSync((await download.path())!, "utf8");
    for (const code of shown) expect(text).toContain(code);
    // Copy: all ten on the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expectVisible(page.getByText("Copied"));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join("\n"));

    await page.getByRole("button", { name: "Done" }).click();
    await expectVisible(page.getByText("On", { exact: true }));
    expect((await (await context.request.get("/api/me")).json()).user.twoFactorEnabled).toBe(true);
    // Shown once: gone after Done.
    expect(await page.getByRole("list", { name: "Recovery codes" }).count()).toBe(0);

    // Sign out; the password alone no longer signs in.
    await logout(page);
    await signInViaForm(page, email, PASSWORD);
    const field = page.getByLabel("Authentication code");
    await expectVisible(field);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect((await context.request.get("/api/me")).status()).toBe(401);
    await expectVisible(page.getByLabel("Trust this device for 30 days"));
    expect(await seriousViolations(page)).toEqual([]);

    await field.fill(app.code());
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/contacts");
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
  });

  it("makes new recovery codes and turns off with the password and a code", async () => {
    const email = await freshAccount();
    const { page, context } = await suite.session();
    await signInViaApi(context, email, PASSWORD);
    const { app, backupCodes } = await enrolViaApi(context);
    await page.goto("/settings#security");
    await expectVisible(page.getByText("On", { exact: true }));

    await page.getByRole("button", { name: "New recovery codes" }).click();
    await expectVisible(page.getByText("New recovery codes replace the ones you have: those stop working."));
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Continue" }).click();
    await expectVisible(page.getByText("Password is incorrect"));
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expectVisible(codes);
    expect(await codes.count()).toBe(10);
    expect((await codes.allTextContents()).map((c) => c.trim())).not.toContain(backupCodes[0]);
    await page.getByRole("button", { name: "Done" }).click();

    await page.getByRole("button", { name: "Turn off two-factor" }).click();
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Turn off", exact: true }).click();
    await expectVisible(page.getByText("Enter the 6-digit code from your authenticator app"));
    await page.getByLabel("Code from the app").fill(app.code());
    await page.getByRole("button", { name: "Turn off", exact: true }).click();
    await expectVisible(page.getByText("Two-factor authentication is off"));
    await expectVisible(page.getByText("Off", { exact: true }));
    await expectVisible(page.getByRole("button", { name: "Turn on two-factor" }));
    expect((await (await context.request.get("/api/me")).json()).user.twoFactorEnabled).toBe(false);
  });

  it("signs in with a recovery code once, and a trusted device skips the code for 30 days", async () => {
    const email = await freshAccount();
    const enrolled = await suite.session();
    await signInViaApi(enrolled.context, email, PASSWORD);
    const { app, backupCodes } = await enrolViaApi(enrolled.context);

    const { page } = await suite.session();
    await passwordStep(page, email);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/contacts");
    await logout(page);

    // The same code again is refused.
    await passwordStep(page, email);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    const recovery = page.getByLabel("Recovery code");
    await recovery.fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expectVisible(page.getByText("That recovery code is not correct or was already used."));
    expect(await recovery.getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/login");

    // Back to the app's code, this time trusting the device.
    await page.getByRole("button", { name: "Use authenticator app" }).click();
    await page.getByLabel("Authentication code").fill(app.code());
    await page.getByLabel("Trust this device for 30 days").check();
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/contacts");
    await logout(page);

    // This browser now signs in with the password alone.
    await signInViaForm(page, email, PASSWORD);
    await page.waitForURL("**/contacts");
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
  });

  it("fits a 390 px phone screen: the enrolment step and the sign-in's second step", async () => {
    const email = await freshAccount();
    const phone = await suite.session(MOBILE);
    await signInViaApi(phone.context, email, PASSWORD);
    const app = await startEnrolment(phone.page);
    const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await widthOf(phone.page)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.page.getByLabel("Code from the app").fill(app.code());
    await phone.page.getByRole("button", { name: "Confirm" }).click();
    await expectVisible(phone.page.getByRole("list", { name: "Recovery codes" }));
    expect(await widthOf(phone.page)).toBeLessThanOrEqual(MOBILE.width);

    const other = await suite.session(MOBILE);
    await passwordStep(other.page, email);
    expect(await widthOf(other.page)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousViolations(other.page)).toEqual([]);
    await other.page.getByRole("button", { name: "Use a recovery code" }).click();
    expect(await seriousViolations(other.page)).toEqual([]);
  });
});
