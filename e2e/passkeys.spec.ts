import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./support/axe.js";
import { expectVisible, signInViaApi } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

const PASSWORD = "Passkey-Test-Pass-1!";

describe("passkeys", () => {
  const suite = browserSuite();

  /** A new staff account: the first-run admin, whom the other specs sign in as, never gets a passkey. */
  async function freshAccount() {
    const admin = await suite.session();
    await signInViaApi(admin.context);
    const email = `passkey-${randomBytes(4).toString("hex")}@example.com`;
    await inviteAndAccept(admin.context.request, email, "staff", PASSWORD);
    return email;
  }

  /** Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform passkey that verifies the user at once. */
  async function virtualAuthenticator(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    return {
      credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    };
  }

  async function logout(page: Page) {
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");
  }

  it("is added and named in Settings > Security, signs in from the login page without an e-mail, is renamed and removed", async () => {
    const email = await freshAccount();
    const { page, context } = await suite.session();
    const authenticator = await virtualAuthenticator(page);
    await signInViaApi(context, email, PASSWORD);

    await page.goto("/settings#security");
    await expectVisible(page.getByText("No passkeys yet."));
    await page.getByLabel("Passkey name").fill("Work laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expectVisible(page.getByText("Passkey added"));
    const list = page.getByRole("list", { name: "Passkeys" });
    await expectVisible(list.getByText("Work laptop"));
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
    expect(await seriousViolations(page)).toEqual([]);

    await logout(page);
    await expectVisible(page.getByRole("button", { name: "Sign in with a passkey" }));
    expect(await seriousViolations(page)).toEqual([]);
    // No e-mail typed: the browser offers the passkey it holds for this site.
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL("**/contacts");
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
    const me = (await (await context.request.get("/api/me")).json()) as { user: { email: string; hasPasskey: boolean } };
    expect(me.user).toMatchObject({ email, hasPasskey: true });

    await page.goto("/settings#security");
    await page.getByRole("button", { name: "Rename Work laptop" }).click();
    await page.getByLabel("New name").fill("Desk laptop");
    await page.getByRole("button", { name: "Save" }).click();
    await expectVisible(list.getByText("Desk laptop"));
    await page.getByRole("button", { name: "Remove Desk laptop" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove", exact: true }).click();
    await expectVisible(page.getByText("Passkey removed"));
    await expectVisible(page.getByText("No passkeys yet."));

    // The authenticator still holds it, but the server no longer knows it.
    await logout(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expectVisible(page.getByText("That passkey could not sign you in. Try again or use your password."));
    expect(page.url()).toMatch(/\/login$/);
  });
});
