import { describe, expect, it } from "vitest";
import { hashingBusy } from "../server/auth/password-hashing.js";
import { type Session, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";

describe("signing in and out", () => {
  const suite = browserSuite();
  let s: Session;

  it("sends a visitor to /login, signs in and lands on /contacts with the shell", async () => {
    s = await suite.session();
    const { page } = s;
    await page.goto("/");
    await page.waitForURL("**/login");
    await expectVisible(page.getByText("Account Access"));
    await expectVisible(page.getByText("Need an account? Contact your system administrator for access."));
    await expectVisible(page.getByText("This is a private system - accounts are created by invitation only."));
    // No way to sign up anywhere on the page.
    expect(await page.getByText(/sign up/i).count()).toBe(0);

    await signInViaForm(page);
    await page.waitForURL("**/contacts");
    await expectVisible(page.getByText("Login successful"));
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
    await expectVisible(page.getByText("admin@example.com").first());
  });

  it("remembers the protected page first asked for and returns there after sign-in", async () => {
    s = await suite.session();
    const { page } = s;
    await page.goto("/groups");
    await page.waitForURL("**/login");
    await signInViaForm(page);
    await page.waitForURL("**/groups");
    await expectVisible(page.getByRole("heading", { name: "Groups", exact: true }));
  });

  it("marks the empty fields on Sign In, clears each mark as it is filled, and sends nothing until both are", async () => {
    s = await suite.session();
    const { page } = s;
    let signIns = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/auth/sign-in")) signIns++;
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectVisible(page.getByText("Email is required"));
    await expectVisible(page.getByText("Password is required"));
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Email").fill("admin@example.com");
    await expect.poll(() => page.getByText("Email is required").count()).toBe(0);
    await expectVisible(page.getByText("Password is required"));
    expect(signIns).toBe(0);
    await page.getByLabel("Password").fill("wrong-password-1");
    await expect.poll(() => page.getByText("Password is required").count()).toBe(0);
  });

  it("shows 'Login failed' with the server's message on a wrong password, and stays on /login", async () => {
    s = await suite.session();
    const { page } = s;
    await page.goto("/login");
    await signInViaForm(page, "admin@example.com", "not-the-password");
    await expectVisible(page.getByText("Login failed"));
    await expectVisible(page.getByText("Invalid email or password"));
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("explains a network failure with the spec's connection message", async () => {
    s = await suite.session();
    const { page } = s;
    await page.goto("/login");
    await page.route("**/api/auth/sign-in/password", (route) => route.abort("internetdisconnected"));
    await signInViaForm(page);
    await expectVisible(
      page.getByText("Unable to connect to authentication service. Please check your internet connection and try again."),
    );
  });

  it("shows the server's 503 message when too many sign-ins are waiting, and stays on /login", async () => {
    s = await suite.session();
    const { page } = s;
    await page.goto("/login");
    // What a sign-in storm answers (server/reliability/sign-in-storm.test.ts makes a real one).
    const busy = hashingBusy(4);
    await page.route("**/api/auth/sign-in/password", (route) =>
      route.fulfill({
        status: busy.status,
        headers: { "retry-after": String(busy.retryAfterSeconds) },
        contentType: "application/json",
        body: JSON.stringify({ error: { code: busy.code, message: busy.message } }),
      }),
    );
    await signInViaForm(page);
    await expectVisible(page.getByText("Login failed"));
    await expectVisible(page.getByText(busy.message));
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("logs out with the 'Logged out' toast, lands on /login and the session is gone", async () => {
    s = await suite.session();
    const { page, context } = s;
    await signInViaApi(context);
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await expectVisible(page.getByText("Logged out"));
    const me = await context.request.get("/api/me");
    expect(me.status()).toBe(401);
    await page.goto("/settings");
    await page.waitForURL("**/login");
  });
});
