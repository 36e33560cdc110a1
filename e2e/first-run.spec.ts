import { afterAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, expectVisible, signInViaForm } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { type AppServer, startAppServer } from "./support/server.js";
import { browserSuite } from "./support/suite.js";

const FIRST_ADMIN = "owner@riverside.example";
const FIRST_PASSWORD = "Riverside-Key-2026";

/**
 * The first administrator's very first sign-in asks for their name and the organization's, once. A
 * server of its own: the shared one's first administrator has answered it (e2e/support/global-setup.ts).
 */
describe.each([
  ["1280 px", DESKTOP],
  ["390 px", MOBILE],
])("the first administrator's welcome (%s)", (_label, viewport) => {
  const suite = browserSuite();
  let server: AppServer;
  const started: AppServer[] = [];
  // After the suite has closed each test's pages (afterEach): a page still loading a screen's code from
  // a stopped server would report an error.
  afterAll(async () => {
    for (const one of started.splice(0)) await one.stop();
  });
  const start = async () => {
    server = await startAppServer({ ADMIN_EMAIL: FIRST_ADMIN, ADMIN_PASSWORD: FIRST_PASSWORD });
    started.push(server);
  };

  it("asks for their name and the organization's, saves both, and never asks again", async () => {
    await start();
    const { page } = await suite.session(viewport);
    await page.goto(`${server.baseUrl}/login`);
    await signInViaForm(page, FIRST_ADMIN, FIRST_PASSWORD);
    await page.waitForURL("**/contacts");
    // It covers the contacts screen (whose heading it hides from the accessibility tree) once the
    // shell and its own code have loaded.
    const dialog = page.getByRole("dialog", { name: "Welcome to Contactbook" });
    await expectVisible(dialog, 30_000);
    expect(await dialog.getByLabel("Organization name").inputValue()).toBe("My Organization");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel("Your name").fill("Dana Whitfield");
    await dialog.getByLabel("Organization name").fill("Riverside Clinic");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await expectVisible(page.getByText("Welcome, Dana Whitfield"));
    const me = await (await page.context().request.get(`${server.baseUrl}/api/me`)).json();
    expect(me.user).toMatchObject({ name: "Dana Whitfield", welcomePending: false });
    expect(me.organizations).toEqual([expect.objectContaining({ name: "Riverside Clinic" })]);

    await page.reload();
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
    expect(await page.getByRole("dialog", { name: "Welcome to Contactbook" }).count()).toBe(0);
  });

  it("can be skipped, and is then not asked again", async () => {
    await start();
    const { page } = await suite.session(viewport);
    await page.goto(`${server.baseUrl}/login`);
    await signInViaForm(page, FIRST_ADMIN, FIRST_PASSWORD);
    await page.waitForURL("**/contacts");
    // It covers the contacts screen (whose heading it hides from the accessibility tree) once the
    // shell and its own code have loaded.
    const dialog = page.getByRole("dialog", { name: "Welcome to Contactbook" });
    await expectVisible(dialog, 30_000);
    await dialog.getByRole("button", { name: "Skip" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.reload();
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
    expect(await page.getByRole("dialog", { name: "Welcome to Contactbook" }).count()).toBe(0);
    const me = await (await page.context().request.get(`${server.baseUrl}/api/me`)).json();
    expect(me.user.welcomePending).toBe(false);
    expect(me.organizations).toEqual([expect.objectContaining({ name: "My Organization" })]);
  });
});
