import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, type Session, expectVisible, signInViaApi } from "./support/browser.js";
import { chooseFile, ownOrganization, slowDownPosts } from "./support/import.js";
import { browserSuite } from "./support/suite.js";

/**
 * The Contact Picker API is a device API Chromium offers only on Android: a stub of navigator.contacts
 * (and nothing else) stands in for the phone. `window.pickerMode` chooses what the phone answers.
 */
function stubContactPicker(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { pickerMode: string; pickerCalls: unknown[] };
    w.pickerMode = "contacts";
    w.pickerCalls = [];
    Object.defineProperty(navigator, "contacts", {
      configurable: true,
      value: {
        getProperties: () => Promise.resolve(["name", "tel", "email", "address", "icon"]),
        select: (properties: string[], options: unknown) => {
          w.pickerCalls.push({ properties, options });
          if (w.pickerMode === "deny") return Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
          if (w.pickerMode === "none") return Promise.resolve([]);
          return Promise.resolve([
            { name: ["Nina Native"], tel: ["+1 555 010 4001", "555 010 4999"], email: ["nina@example.com"] },
            { name: ["Paul Phoneless"], tel: [], email: ["paul@example.com"] },
            { name: [], tel: ["555 010 4002"], email: [] },
          ]);
        },
      },
    });
  });
}

const summaryText = async (page: Page) =>
  ((await page.getByRole("region", { name: "Import summary" }).textContent()) ?? "").replace(/\s+/g, " ");

describe("import on a phone", () => {
  const suite = browserSuite();
  let s: Session;

  it("picks contacts with the phone's contact picker and imports them under the native rules", async () => {
    s = await suite.session(MOBILE);
    const { page } = s;
    await signInViaApi(s.context);
    await ownOrganization(s, "Phone Desk");
    await stubContactPicker(page);
    await page.goto("/import");
    const card = page.getByRole("button", { name: "Select Contacts" });
    await expectVisible(card);
    await expectVisible(page.getByRole("heading", { name: "Mobile Import Guide" }));
    expect(await page.getByText("Native contact import is only available on mobile devices", { exact: false }).count()).toBe(0);

    await slowDownPosts(page, "**/api/orgs/*/imports/native", 1000);
    await card.click();
    // Picked (10, 20) and prepared (40): the request is on its way.
    await expectVisible(page.getByText("Importing contacts... 40%"));
    await expectVisible(page.getByText("Successfully imported 2 contacts from your phone"));
    const shown = await summaryText(page);
    expect(shown).toContain("Total processed3");
    expect(shown).toContain("Successfully imported2");
    expect(shown).toContain("Failed to import1");
    expect(shown).toContain("Contact 2: Missing phone number");
    expect(await page.evaluate(() => (window as unknown as { pickerCalls: unknown[] }).pickerCalls)).toEqual([
      { properties: ["name", "tel", "email"], options: { multiple: true } },
    ]);

    await page.evaluate(() => ((window as unknown as { pickerMode: string }).pickerMode = "deny"));
    await page.getByRole("button", { name: "Import More Contacts" }).click();
    await expectVisible(page.getByText("Contact permission is required to import contacts"));
    await page.evaluate(() => ((window as unknown as { pickerMode: string }).pickerMode = "none"));
    await page.getByRole("button", { name: "Select Contacts" }).click();
    await expectVisible(page.getByText("No contacts found on device"));

    await page.goto("/contacts");
    await expectVisible(page.getByText("Nina Native"));
    // No name on the phone: 'Unknown' (spec section 5).
    await expectVisible(page.getByText("Unknown", { exact: true }));
    expect(await page.getByText("Paul Phoneless").count()).toBe(0);
  });

  it("opens Import and Export from the Contact Actions sheet at 390 px and imports into the list shown", async () => {
    s = await suite.session(MOBILE);
    const { page } = s;
    await signInViaApi(s.context);
    await ownOrganization(s, "Panel Desk");
    await page.goto("/contacts");
    await expectVisible(page.getByText("No contacts found"));
    const sheet = async (entry: string) => {
      await page.getByRole("button", { name: "Contact actions" }).click();
      await page.getByRole("dialog", { name: "Contact Actions" }).getByRole("button", { name: entry }).click();
    };
    const csvTitle = page.getByRole("heading", { name: "CSV Import" });
    const exportTitle = page.getByRole("heading", { name: "Export Contacts" });

    // Nothing wider than the phone's screen, with the cards open and with a preview's tables.
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await sheet("Import Contacts");
    await expectVisible(csvTitle);
    expect(await pageWidth()).toBeLessThanOrEqual(MOBILE.width);
    await expectVisible(page.getByRole("heading", { name: "iPhone vCard (.vcf)" }));
    await expectVisible(page.getByRole("heading", { name: "Phone Contacts" }));
    await sheet("Export Contacts");
    await expectVisible(exportTitle);
    expect(await csvTitle.isVisible()).toBe(false);
    await sheet("Import Contacts");
    await expectVisible(csvTitle);

    await chooseFile(
      page,
      () => page.getByRole("group", { name: "Drop a CSV file here" }).getByRole("button", { name: "Select File" }).click(),
      {
        name: "pocket.csv",
        content: "first_name,last_name,phone,email\nPia,Pocket,555 010 6001,pia@example.com\nQuin,Quay,555 010 6002,\n",
        type: "text/csv",
      },
    );
    await expectVisible(page.getByLabel("Field for column email"));
    expect(await pageWidth()).toBeLessThanOrEqual(MOBILE.width);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expectVisible(page.getByRole("region", { name: "Import summary" }));
    expect(await summaryText(page)).toContain("Successfully imported2");
    // The list under the panel shows the new contacts without a reload.
    await expectVisible(page.getByText("Pia Pocket"));
    await expectVisible(page.getByText("Quin Quay"));
    expect(await pageWidth()).toBeLessThanOrEqual(MOBILE.width);

    await sheet("Import Contacts");
    await csvTitle.waitFor({ state: "hidden" });
    expect(await exportTitle.isVisible()).toBe(false);
  });

  it("switches the desktop panel from Import to Export, and closes it with the open card's button", async () => {
    s = await suite.session(DESKTOP);
    const { page } = s;
    await signInViaApi(s.context);
    await page.goto("/contacts");
    const importButton = page.getByRole("button", { name: "Import", exact: true });
    // The panel's toggle (it has aria-expanded), not the open export card's own Export button.
    const exportButton = page.locator("button[aria-expanded]").getByText("Export", { exact: true });
    await importButton.click();
    await expectVisible(page.getByRole("heading", { name: "CSV Import" }));
    expect(await importButton.getAttribute("aria-expanded")).toBe("true");
    await exportButton.click();
    await expectVisible(page.getByRole("heading", { name: "Export Contacts" }));
    expect(await page.getByRole("heading", { name: "CSV Import" }).isVisible()).toBe(false);
    expect(await importButton.getAttribute("aria-expanded")).toBe("false");
    expect(await exportButton.getAttribute("aria-expanded")).toBe("true");
    await exportButton.click();
    await page.getByRole("heading", { name: "Export Contacts" }).waitFor({ state: "hidden" });
    expect(await exportButton.getAttribute("aria-expanded")).toBe("false");
  });
});
