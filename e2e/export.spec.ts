import Papa from "papaparse";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, type Session, baseUrl, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { download, ownOrganization } from "./support/import.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

const origin = () => ({ origin: baseUrl() });
const today = () => new Date().toISOString().slice(0, 10);

const CONTACTS = [
  {
    first_name: "Ada",
    last_name: "Lovelace",
    phone: "+1 555 0100",
    email: "ada@example.com",
    notes: "First, programmer",
    company: "Analytical",
  },
  { first_name: "Bob", last_name: "Baker", phone: "5550102002", email: "", notes: "=1+2", company: "" },
  { first_name: "Cy", last_name: "Cole", phone: "5550102003", email: "cy@example.com", notes: "", company: "Cole & Co" },
];

async function seedContacts(s: Session, org: string) {
  for (const c of CONTACTS) {
    const res = await s.context.request.post(`/api/orgs/${org}/contacts`, { data: c, headers: origin() });
    expect(res.status()).toBe(201);
  }
}

const card = (page: Page) => page.getByRole("tabpanel", { name: "Export" });

/** The rows of a CSV file (its BOM dropped), each keyed by the header's column names. */
const records = (text: string) => Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true });

async function exportAs(page: Page, format: RegExp) {
  await card(page).getByRole("radio", { name: format }).check();
  return download(page, () => card(page).getByRole("button", { name: "Export", exact: true }).click());
}

describe("export", () => {
  const suite = browserSuite();
  let s: Session;

  it("lets an admin download the spec's CSV, the full CSV and vCard, and a group's contacts", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "Export Desk");
    await seedContacts(s, org);
    const group = await (
      await s.context.request.post(`/api/orgs/${org}/groups`, { data: { name: "Bakers", description: null }, headers: origin() })
    ).json();
    const bob = (await (await s.context.request.get(`/api/orgs/${org}/contacts?q=baker`)).json()).items[0];
    await s.context.request.post(`/api/orgs/${org}/groups/${group.id}/members`, { data: { contact_ids: [bob.id] }, headers: origin() });

    await page.goto("/admin/export");
    await page.waitForURL("**/import#export");
    await expectVisible(page.getByRole("tab", { name: "Export", selected: true }));

    // The full CSV is the default: every field, in Google's numbered layout.
    await expectVisible(card(page).getByRole("radio", { name: /^Full CSV/, checked: true }));
    const full = await download(page, () => card(page).getByRole("button", { name: "Export", exact: true }).click());
    await expectVisible(page.getByText("Successfully exported 3 contacts"));
    expect(full.name).toBe(`contacts-full-${today()}.csv`);
    expect(full.text.startsWith("\uFEFF")).toBe(true);
    const { data, meta } = records(full.text);
    expect(meta.fields!.slice(0, 4)).toEqual(["Name Prefix", "First Name", "Middle Name", "Last Name"]);
    expect(meta.fields).toEqual(
      expect.arrayContaining(["Organization Name", "Notes", "Phone 1 - Type", "Phone 1 - Value", "E-mail 1 - Value"]),
    );
    expect(data.map((r) => r["First Name"])).toEqual(["Ada", "Bob", "Cy"]);
    expect(data[2]).toMatchObject({
      "Last Name": "Cole",
      "Organization Name": "Cole & Co",
      "Phone 1 - Type": "Mobile",
      "Phone 1 - Value": "5550102003",
      "E-mail 1 - Value": "cy@example.com",
    });
    // A cell a spreadsheet would run as a formula is written as text here too.
    expect(data[1]!.Notes).toBe("'=1+2");

    const csv = await exportAs(page, /^CSV \(first name/);
    expect(csv.name).toBe(`contacts-export-${today()}.csv`);
    expect(csv.text.startsWith("\uFEFF")).toBe(true);
    expect(csv.text.slice(1).split("\r\n")).toEqual([
      "first_name,last_name,phone,email,notes",
      'Ada,Lovelace,"\'+1 555 0100",ada@example.com,"First, programmer"',
      'Bob,Baker,5550102002,,"\'=1+2"',
      "Cy,Cole,5550102003,cy@example.com,",
      "",
    ]);

    const vcf = await exportAs(page, /^vCard 3\.0/);
    expect(vcf.name).toBe(`contacts-${today()}.vcf`);
    expect(vcf.text.match(/BEGIN:VCARD\r\nVERSION:3\.0\r\n/g)).toHaveLength(3);
    // A card's properties in any order (vCard gives them none).
    const ada = vcf.text
      .split("END:VCARD\r\n")
      .find((card) => card.includes("FN:Ada Lovelace"))!
      .split("\r\n");
    expect(ada).toEqual(
      expect.arrayContaining([
        "N:Lovelace;Ada;;;",
        "ORG:Analytical",
        "NOTE:First\\, programmer",
        "TEL;TYPE=CELL:+1 555 0100",
        "EMAIL;TYPE=INTERNET,HOME:ada@example.com",
      ]),
    );

    // From the group's menu: the Export tab opens with the group chosen.
    await page.goto("/groups");
    await page.getByRole("button", { name: "More actions for Bakers" }).click();
    await page.getByRole("menuitem", { name: "Export Group" }).click();
    await page.waitForURL(`**/import?group=${group.id}#export`);
    await expectVisible(card(page).getByRole("radio", { name: "One group", checked: true }));
    const groupCsv = await exportAs(page, /^CSV \(first name/);
    expect(groupCsv.text.slice(1).split("\r\n").slice(1, -1)).toEqual(['Bob,Baker,5550102002,,"\'=1+2"']);
  });

  it("offers the /contacts list's search as the scope in the panel, and says when nothing matches", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "Panel Desk");
    await seedContacts(s, org);
    await page.goto("/contacts");
    await page.getByRole("searchbox").fill("cole");
    await expectVisible(page.getByText("Cole").first());
    await page.getByRole("button", { name: "Export", exact: true }).first().click();
    const panel = page.getByRole("region", { name: "Export contacts" });
    const scope = panel.getByRole("radio", { name: /The current list: search “cole”/ });
    await expectVisible(scope);
    expect(await scope.isChecked()).toBe(true);
    // The default format, the full CSV.
    const file = await download(page, () => panel.getByRole("button", { name: "Export", exact: true }).click());
    expect(records(file.text).data.map((r) => [r["First Name"], r["Last Name"], r["Phone 1 - Value"]])).toEqual([
      ["Cy", "Cole", "5550102003"],
    ]);

    await page.getByRole("searchbox").fill("nobody-matches-this");
    await expectVisible(panel.getByRole("radio", { name: /search “nobody-matches-this”/ }));
    await panel.getByRole("button", { name: "Export", exact: true }).click();
    await expectVisible(page.getByText("No contacts to export"));
  });

  it("offers staff no export at all (no Export button or tab), no admin links, and no analytics", async () => {
    s = await suite.session();
    await signInViaApi(s.context);
    await inviteAndAccept(s.context.request, "export-staff@example.com", "staff", "Staff#Export42x");
    await s.context.close();

    s = await suite.session();
    const { page } = s;
    await page.goto("/login");
    await signInViaForm(page, "export-staff@example.com", "Staff#Export42x");
    await page.waitForURL("**/contacts");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expectVisible(nav.getByRole("link", { name: "User Management" }));
    expect(await nav.getByRole("link", { name: "Analytics" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Export" }).count()).toBe(0);
    await expectVisible(page.getByRole("button", { name: "Import", exact: true }));
    expect(await page.getByRole("button", { name: "Export", exact: true }).count()).toBe(0);
    await page.goto("/import#export");
    await expectVisible(page.getByRole("heading", { name: "Import Contacts" }));
    expect(await page.getByRole("tab", { name: "Export" }).count()).toBe(0);
    expect(await page.getByText("Access Restricted").count()).toBe(0);
    await page.goto("/admin/analytics");
    await expectVisible(page.getByText("Usage statistics and the audit log are limited to administrators only."));
  });

  it("shows the month's imports and exports on /admin/analytics, and both in the audit log", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "Analytics Desk");
    const imported = await s.context.request.post(`/api/orgs/${org}/imports`, {
      multipart: {
        file: {
          name: "two.csv",
          mimeType: "text/csv",
          buffer: Buffer.from("name,phone\r\nIvy Imported,5550103001\r\nIan Imported,5550103002\r\n"),
        },
      },
      headers: origin(),
    });
    expect(imported.status()).toBe(201);
    await page.goto("/import#export");
    await exportAs(page, /^vCard 3\.0/);

    await page.goto("/admin/analytics");
    const month = page.getByRole("table", { name: "Usage per month" }).locator(`tr[data-period="${today().slice(0, 7)}"]`);
    await expectVisible(month);
    expect((await month.getByRole("cell").allTextContents()).map((t) => t.trim())).toEqual(["2", "1", "0"]);

    const log = page.getByRole("table", { name: "Audit log" });
    await expectVisible(log.locator('tr[data-operation="EXPORT_SUCCESS"]'));
    expect(await log.locator('tr[data-operation="EXPORT_SUCCESS"]').textContent()).toContain("format vcard, whole book, 2 contacts");
    expect(await log.locator('tr[data-operation="IMPORT_COMPLETED"]').textContent()).toContain("imported 2");
    await page.getByLabel("Action").selectOption({ label: "Import" });
    await log.locator('tr[data-operation="EXPORT_SUCCESS"]').waitFor({ state: "detached" });
    await expectVisible(log.locator('tr[data-operation="IMPORT_COMPLETED"]'));
  });

  it("fits a 390 px phone: the export card and the analytics screen never widen the page", async () => {
    s = await suite.session(MOBILE);
    const { page } = s;
    await signInViaApi(s.context);
    await ownOrganization(s, "Phone Desk");
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto("/import#export");
    await expectVisible(card(page).getByRole("button", { name: "Export", exact: true }));
    expect(await pageWidth()).toBeLessThanOrEqual(MOBILE.width);
    await page.goto("/admin/analytics");
    await expectVisible(page.getByRole("table", { name: "Usage per month" }));
    expect(await pageWidth()).toBeLessThanOrEqual(MOBILE.width);
  });
});
