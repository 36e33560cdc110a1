import { describe, expect, it } from "vitest";
import { type Session, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";
import { linkFrom, waitForMail } from "./support/mail.js";
import { markUnconfirmed } from "./support/seed.js";
import { inviteAndAccept } from "./support/users.js";

describe("accounts: password reset, settings", () => {
  const suite = browserSuite();
  let s: Session;

  async function personWithPassword(email: string, password: string) {
    const admin = await suite.session();
    await signInViaApi(admin.context);
    await inviteAndAccept(admin.context.request, email, "staff", password);
    await admin.context.close();
  }

  it("resets a forgotten password from the e-mailed link, refusing weak and mismatched ones", async () => {
    await personWithPassword("forgetful@example.com", "First#Garden42x");
    s = await suite.session();
    const { page } = s;
    await page.goto("/login");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expectVisible(page.getByText("Please enter your email address first"));
    // With no address typed, it asks for one.
    const ask = page.getByRole("dialog", { name: "Reset your password" });
    await ask.getByLabel("Email").fill("forgetful@example.com");
    await ask.getByRole("button", { name: /Send/ }).click();
    await expectVisible(page.getByText("New password reset email sent! Check your inbox."));

    const mail = await waitForMail("forgetful@example.com", (m) => m.subject === "Reset your Contactbook password");
    await page.goto(linkFrom(mail));
    await expectVisible(page.getByText("Reset link verified. You can now set your new password."));
    const update = page.getByRole("button", { name: "Update Password" });

    await page.getByLabel("New Password").fill("weakpass");
    await page.getByLabel("Confirm Password").fill("weakpass");
    await expectVisible(page.getByText("Password must contain uppercase letters"));
    expect(await update.isDisabled()).toBe(true);

    await page.getByLabel("New Password").fill("Second#Garden42x");
    await page.getByLabel("Confirm Password").fill("Second#Garden42y");
    await expectVisible(page.getByText("Passwords do not match"));
    expect(await update.isDisabled()).toBe(true);

    await page.getByLabel("Confirm Password").fill("Second#Garden42x");
    await update.click();
    await page.waitForURL("**/login");
    await expectVisible(page.getByText("Password updated successfully! You can now log in with your new password."));

    await signInViaForm(page, "forgetful@example.com", "First#Garden42x");
    await expectVisible(page.getByText("Login failed"));
    await signInViaForm(page, "forgetful@example.com", "Second#Garden42x");
    await page.waitForURL("**/contacts");

    // The link was single-use.
    await page.goto(linkFrom(mail));
    await expectVisible(page.getByText("This password reset link has expired or been used already."));
  });

  it("shows the invalid-link view with a way to ask for a new link and back to login", async () => {
    s = await suite.session();
    const { page } = s;
    await page.goto("/reset-password#access_token=not-a-real-token&type=recovery");
    await expectVisible(page.getByText("This password reset link has expired or been used already."));
    await expectVisible(page.getByRole("button", { name: "Request New Reset Link" }));
    await page.getByRole("link", { name: "Back to Login" }).click();
    await page.waitForURL("**/login");

    await page.goto("/reset-password#error=access_denied&error_code=403&error_description=Email+link+is+invalid");
    await expectVisible(page.getByText("This password reset link has expired or been used already."));
    await page.getByRole("button", { name: "Request New Reset Link" }).click();
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expectVisible(page.getByText("New password reset email sent! Check your inbox."));
  });

  it("changes the password in Settings: a wrong current password is refused on the field", async () => {
    await personWithPassword("changer@example.com", "Old#Garden42x");
    s = await suite.session();
    const { page } = s;
    await page.goto("/login");
    await signInViaForm(page, "changer@example.com", "Old#Garden42x");
    await page.waitForURL("**/contacts");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Password" }).click();
    const update = page.getByRole("button", { name: "Update Password" });
    expect(await update.isDisabled()).toBe(true);

    await page.getByLabel("Current Password").fill("Wrong#Garden42x");
    await page.getByLabel("New Password", { exact: true }).fill("Newer1pass");
    await page.getByLabel("Confirm New Password").fill("Newer1pass");
    await expectVisible(page.getByText("Strong", { exact: true }));
    await update.click();
    await expectVisible(page.getByText("Current password is incorrect"));

    await page.getByLabel("Current Password").fill("Old#Garden42x");
    await update.click();
    await expectVisible(page.getByText("Your password has been changed successfully."));
    expect(await page.getByLabel("Current Password").inputValue()).toBe("");

    // Still signed in here; the new password is the one that works.
    expect((await s.context.request.get("/api/me")).status()).toBe(200);
    const fresh = await suite.session();
    await fresh.page.goto("/login");
    await signInViaForm(fresh.page, "changer@example.com", "Newer1pass");
    await fresh.page.waitForURL("**/contacts");
    await fresh.context.close();
  });

  it("confirms an e-mail address through the mailed /auth/callback link", async () => {
    // A member whose address is not confirmed yet (accepting an invitation confirms it, so it is unset here).
    const admin = await suite.session();
    await signInViaApi(admin.context);
    await inviteAndAccept(admin.context.request, "confirm-me@example.com", "staff", "Confirm#Me#Secret42");
    await markUnconfirmed("confirm-me@example.com");

    s = await suite.session();
    const { page } = s;
    await page.goto("/login");
    await signInViaForm(page, "confirm-me@example.com", "Confirm#Me#Secret42");
    await page.waitForURL("**/contacts");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    await page.getByRole("button", { name: "Send confirmation email" }).click();
    await expectVisible(page.getByText("Confirmation email sent"));
    const mail = await waitForMail("confirm-me@example.com", (m) => m.subject.startsWith("Confirm your e-mail"));
    await page.goto(linkFrom(mail));
    await expectVisible(page.getByRole("heading", { name: "Success!" }));
    await expectVisible(page.getByText("Email confirmed successfully! Redirecting..."));
    await page.waitForURL("**/contacts", { timeout: 10_000 });
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    await expectVisible(page.getByText("Verified", { exact: true }));

    await page.goto("/auth/callback#access_token=forged&type=signup");
    await expectVisible(page.getByRole("heading", { name: "Authentication Error" }));
    await expectVisible(page.getByText("Email link has expired or is invalid. Please request a new confirmation email."));
  });

  it("edits the profile name; Save is disabled until something changes", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    await page.goto("/settings");
    const save = page.getByRole("button", { name: "Save Changes" });
    await expectVisible(save);
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByLabel("Email", { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel("Full Name").fill("");
    await save.click();
    await expectVisible(page.getByText("Name is required"));
    await page.getByLabel("Full Name").fill("Ada Admin");
    await save.click();
    await expectVisible(page.getByText("Your profile information has been updated successfully."));
    await page.reload();
    await expect.poll(() => page.getByLabel("Full Name").inputValue()).toBe("Ada Admin");
    for (const tab of ["Security", "Notifications", "App"]) {
      await page.getByRole("tab", { name: tab }).click();
    }
    await expectVisible(page.getByRole("heading", { name: "App Benefits" }));
  });
});
