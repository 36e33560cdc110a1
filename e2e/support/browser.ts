import { type Browser, type BrowserContext, type Locator, type Page, chromium } from "playwright-core";
import { inject } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./global-setup.js";

export { ADMIN_EMAIL, ADMIN_PASSWORD };

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
/** How long one click, fill or read of an element may wait for it before the step fails. */
const ACTION_TIMEOUT_MS = 20_000;

/** Debian's chromium with the flags this closed network needs; launch makes a fresh profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const baseUrl = () => inject("baseUrl");

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors: a test fails if the app throws. */
  errors: string[];
}

export async function newSession(browser: Browser, viewport = DESKTOP): Promise<Session> {
  // The PWA's service worker, once active, fetches for the page, and page.route() never sees those
  // requests (the network-failure test then signed in for real, about one run in three).
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, serviceWorkers: "block" });
  // Playwright's own default is 30 s a step, and expect.poll calls a callback that waits (inputValue of a
  // field not shown) once more after its time is up: 60 s, the whole test's, and the log said only that
  // the test timed out (contact-history.spec.ts in CI). Within 20 s the step fails and names its locator.
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Signs in through the login screen, as a person would. */
export async function signInViaForm(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await page.getByRole("button", { name: "Sign In", exact: true }).waitFor({ state: "visible", timeout: 10_000 });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs in through the API inside the browser context (faster, for tests about other screens). */
export async function signInViaApi(context: BrowserContext, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const res = await context.request.post("/api/auth/sign-in/password", {
    data: { email, password },
    headers: { origin: baseUrl() },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

/** Waits until the element is visible (fails the test after 10 s): the screens load data first. */
export async function expectVisible(locator: Locator, timeout = 10_000) {
  await locator.first().waitFor({ state: "visible", timeout });
}
