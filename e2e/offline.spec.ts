import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, baseUrl, expectVisible, launchBrowser, signInViaApi } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";

const origin = () => ({ origin: baseUrl() });

/** What the app's offline store (IndexedDB 'contactbook-offline') holds, as the JSON of its values. */
const offlineStore = async () => {
  // Opening a database that does not exist would create it empty, under the app's feet.
  if (!(await indexedDB.databases()).some((d) => d.name === "contactbook-offline")) return "[]";
  return new Promise<string>((resolve, reject) => {
    const open = indexedDB.open("contactbook-offline");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains("queries")) return resolve("[]");
      const all = db.transaction("queries").objectStore("queries").getAll();
      all.onsuccess = () => resolve(JSON.stringify(all.result));
    };
  });
};

describe("offline: the last contacts seen, read-only", () => {
  // This spec needs the service worker (the other specs block it so page.route() sees every request).
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("reloads without a network showing the cached list and the Offline banner; signing out clears the cache", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), serviceWorkers: "allow" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await signInViaApi(context);
      const org = await (await context.request.post("/api/orgs", { data: { name: "Offline Desk" }, headers: origin() })).json();
      await context.request.post(`/api/orgs/${org.id}/contacts`, {
        data: { first_name: "Olga", last_name: "Offline", phone: "5558000001" },
        headers: origin(),
      });
      await page.addInitScript((id) => {
        localStorage.setItem("currentOrgId", id);
        localStorage.setItem("currentOrgName", "Offline Desk");
      }, org.id as string);
      await page.goto("/contacts");
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // Once more under the worker's control, so the shell and its assets are in its cache.
      await page.reload();
      const row = page.getByRole("row").filter({ hasText: "Olga" }).filter({ hasText: "Offline" });
      await expectVisible(row);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // The list is saved at most once a second after it changes: wait for the save that holds it.
      await expect.poll(async () => (await page.evaluate(offlineStore)).includes("Olga"), { timeout: 10_000 }).toBe(true);

      await context.setOffline(true);
      await page.reload();
      await expectVisible(page.getByRole("status").filter({ hasText: "Offline" }));
      await expectVisible(row);
      // Actions that need the server are disabled.
      expect(await page.getByRole("button", { name: "Add Contact" }).first().isDisabled()).toBe(true);

      await context.setOffline(false);
      await page.getByRole("status").filter({ hasText: "Offline" }).waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL("**/login");
      await expect.poll(async () => JSON.parse(await page.evaluate(offlineStore)).length, { timeout: 5000 }).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ["desktop", DESKTOP],
    ["phone", MOBILE],
  ] as const)(
    "on a %s: searches and opens the cached contacts, shows the cached groups, and refreshes quietly online",
    async (_name, viewport) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport, serviceWorkers: "allow" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      try {
        await signInViaApi(context);
        const org = await (
          await context.request.post("/api/orgs", { data: { name: `Offline ${viewport.width}` }, headers: origin() })
        ).json();
        for (const data of [
          { first_name: "Olga", last_name: "Offline", phone: "5558000001" },
          { first_name: "Pablo", last_name: "Pérez", email: "pablo@example.com", phone: "5558000002" },
          { first_name: "Quinn", last_name: "Quartz", phone: "(555) 800-0003" },
        ]) {
          await context.request.post(`/api/orgs/${org.id}/contacts`, { data, headers: origin() });
        }
        await context.request.post(`/api/orgs/${org.id}/groups`, { data: { name: "Night Shift" }, headers: origin() });
        await page.addInitScript(
          ([id, name]) => {
            localStorage.setItem("currentOrgId", id!);
            localStorage.setItem("currentOrgName", name!);
          },
          [org.id as string, org.name as string],
        );
        const contact = (first: string) => page.getByRole("main").getByRole("button", { name: new RegExp(`^${first}`) });
        await page.goto("/contacts");
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await page.reload();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        await expectVisible(contact("Olga"));
        // The groups screen once, then the contacts again: the saved copy keeps both lists.
        await page.goto("/groups");
        await expectVisible(page.getByRole("main").getByText("Night Shift"));
        // Saved at most once a second: wait for the save that holds the groups before leaving.
        await expect.poll(async () => (await page.evaluate(offlineStore)).includes("Night Shift"), { timeout: 10_000 }).toBe(true);
        await page.goto("/contacts");
        await expectVisible(contact("Pablo"));
        await expect
          .poll(
            async () => {
              const saved = await page.evaluate(offlineStore);
              return saved.includes("Night Shift") && saved.includes("Quinn");
            },
            { timeout: 10_000 },
          )
          .toBe(true);

        await context.setOffline(true);
        await page.reload();
        await expectVisible(page.getByRole("status").filter({ hasText: "Offline" }));
        await expectVisible(contact("Quinn"));
        // Searched in the browser, over the saved rows: by a folded name, then by a number typed otherwise.
        const search = page.getByRole("searchbox", { name: /Search contacts/ });
        await search.fill("perez");
        await contact("Olga").waitFor({ state: "detached" });
        await expectVisible(contact("Pablo"));
        expect(await contact("Quinn").count()).toBe(0);
        await search.fill("555 800 0003");
        await expectVisible(contact("Quinn"));
        expect(await contact("Pablo").count()).toBe(0);
        // Opened from the saved row.
        await contact("Quinn").first().click();
        await expectVisible(page.getByRole("dialog").getByRole("heading", { name: "Quinn Quartz" }));
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "detached" });
        expect(await page.getByText(/Error loading contacts|Failed to load contacts/).count()).toBe(0);

        await page.goto("/groups");
        await expectVisible(page.getByRole("main").getByText("Night Shift"));
        expect(await page.getByText(/Error loading groups|Failed to load groups/).count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);

        // Back online: the lists refresh without an error or a reload.
        const refreshed = page.waitForResponse((r) => r.url().includes(`/api/orgs/${org.id}/groups`) && r.ok());
        await context.setOffline(false);
        await page.getByRole("status").filter({ hasText: "Offline" }).waitFor({ state: "detached" });
        await refreshed;
        await expectVisible(page.getByRole("main").getByText("Night Shift"));
        expect(await page.getByText(/Error loading groups|Failed to load groups/).count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
