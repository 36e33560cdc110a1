import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MOBILE, type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { chooseFile, ownOrganization } from "./support/import.js";
import { browserSuite } from "./support/suite.js";

const origin = () => ({ origin: baseUrl() });
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A birthday in this month (the 'This month' list is the browser's month). */
const now = new Date();
const month = String(now.getMonth() + 1).padStart(2, "0");
const birthday = `1985-${month}-15`;
const birthdayShown = `15 ${MONTHS[now.getMonth()]}`;

/** A wide picture, as a camera would give: the form crops it to a square. */
const picture = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();

/** Waits until an <img> has been fetched and decoded (the photo route answered a real picture). */
async function expectLoadedImage(img: Locator) {
  await expectVisible(img);
  await expect
    .poll(() => img.first().evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

/** Nothing on the page is wider than the screen (no sideways scrolling at 390 px). */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("rich contacts", () => {
  const suite = browserSuite();
  let s: Session;

  const openForm = async (page: Page) => {
    await page.getByRole("button", { name: "Add Contact" }).first().click();
    const form = page.getByRole("dialog", { name: "Add New Contact" });
    await expectVisible(form.getByLabel("First name", { exact: true }));
    return form;
  };

  it("adds a contact with three phones, two addresses, a birthday, a website and a photo; shows it all; edits out a phone", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "Rich Desk");
    await page.goto("/contacts");
    await expectVisible(page.getByText("No contacts found"));

    const form = await openForm(page);
    await form.getByLabel("First name", { exact: true }).fill("Rhea");
    await form.getByLabel("Last name", { exact: true }).fill("Richfield");
    await form.getByLabel("Phone", { exact: true }).fill("(615) 300-0001");
    await form.getByRole("button", { name: "Add phone" }).click();
    await form.getByLabel("Phone 2", { exact: true }).fill("(615) 300-0002");
    await form.getByLabel("Phone 2 type").selectOption({ label: "Work" });
    await form.getByRole("button", { name: "Add phone" }).click();
    await form.getByLabel("Phone 3", { exact: true }).fill("(615) 300-0003");
    await form.getByLabel("Phone 3 type").selectOption({ label: "Custom" });
    await form.getByLabel("Phone 3 label").fill("Boat");
    await form.getByLabel("E-mail", { exact: true }).fill("rhea@example.com");
    const home = form.getByRole("group", { name: "Address", exact: true });
    await home.getByLabel("Street").fill("1 Main St");
    await home.getByLabel("City").fill("Nashville");
    await form.getByRole("button", { name: "Add address" }).click();
    const second = form.getByRole("group", { name: "Address 2" });
    await second.getByLabel("Street").fill("9 Side Rd");
    await second.getByLabel("City").fill("Memphis");
    await second.getByLabel("Address 2 type").selectOption({ label: "Work" });
    await form.getByRole("button", { name: "Add website" }).click();
    await form.getByLabel("Website", { exact: true }).fill("example.com");
    await form.getByRole("button", { name: "Add date" }).click();
    await form.getByLabel("Date", { exact: true }).fill(birthday);

    await chooseFile(page, () => form.getByRole("button", { name: "Add photo" }).click(), {
      name: "rhea.png",
      content: await picture(),
      type: "image/png",
    });
    await expectVisible(form.getByTestId("photo-cropper"));
    const use = form.getByRole("button", { name: "Use photo" });
    await expect.poll(() => use.isEnabled()).toBe(true);
    await use.click();
    await expectVisible(form.getByRole("button", { name: "Remove photo" }));
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Contact created successfully"));
    await expect.poll(() => form.count()).toBe(0);

    // The list shows the photo the server kept.
    await page.getByRole("button", { name: "Table view" }).click();
    const row = page.getByRole("row", { name: /Rhea/ });
    await expectLoadedImage(row.locator('img[src*="/photo?v="]'));

    // Reopened, the detail view shows every entry, grouped, with its links.
    await row.getByRole("cell", { name: "Richfield", exact: true }).click();
    const detail = page.getByTestId("contact-detail");
    await expectVisible(detail.getByRole("heading", { name: "Rhea Richfield" }));
    for (const group of ["Phones", "E-mails", "Addresses", "Websites", "Dates", "Details"]) {
      await expectVisible(detail.getByRole("heading", { name: group, exact: true }));
    }
    for (const number of ["(615) 300-0001", "(615) 300-0002", "(615) 300-0003"]) {
      await expectVisible(detail.getByRole("link", { name: `Call ${number}` }));
    }
    await expectVisible(detail.getByText("Boat"));
    expect(await detail.getByRole("link", { name: "rhea@example.com" }).getAttribute("href")).toBe("mailto:rhea@example.com");
    const map = detail.getByRole("link", { name: /Show 9 Side Rd, Memphis on a map/ });
    expect(await map.getAttribute("href")).toBe("https://www.openstreetmap.org/search?query=9%20Side%20Rd%2C%20Memphis");
    const site = detail.getByRole("link", { name: "example.com", exact: true });
    expect(await site.getAttribute("href")).toBe("https://example.com/");
    expect(await site.getAttribute("rel")).toBe("noopener noreferrer");
    await expectVisible(detail.getByText(`${birthdayShown} 1985`));
    await expectLoadedImage(detail.locator('img[src*="/photo?v="]'));
    expect(await seriousViolations(page)).toEqual([]);

    // Edit starts from the whole contact; removing the second phone keeps the third.
    await detail.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact" });
    await expect.poll(() => edit.getByLabel("Phone 3", { exact: true }).inputValue()).toBe("(615) 300-0003");
    await edit.getByRole("button", { name: "Remove phone 2" }).click();
    await edit.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Contact updated successfully"));
    const id = (await (await s.context.request.get(`/api/orgs/${org}/contacts`)).json()).items[0].id;
    const stored = await (await s.context.request.get(`/api/orgs/${org}/contacts/${id}`)).json();
    expect(stored.phones.map((p: { value: string }) => p.value)).toEqual(["(615) 300-0001", "(615) 300-0003"]);
    expect(stored.addresses).toHaveLength(2);
    expect(stored.photo_etag).toBeTruthy();

    // 'This month' lists the birthday with its day on the row; the sort menu offers Birthday.
    await page.getByRole("button", { name: /^This month/ }).click();
    await expectVisible(page.getByRole("row", { name: /Rhea/ }).getByText(birthdayShown));
    await page.getByRole("button", { name: "Sort contacts" }).click();
    await page.getByRole("menuitemradio", { name: "Birthday" }).click();
    await expectVisible(page.getByRole("row", { name: /Rhea/ }));
  });

  it("shows the photo or the initials, the details and the form at 390 px, axe clean", async () => {
    s = await suite.session(MOBILE);
    const { page } = s;
    await signInViaApi(s.context);
    const org = await ownOrganization(s, "Rich Phone");
    const made = await s.context.request.post(`/api/orgs/${org}/contacts`, {
      data: {
        first_name: "Pia",
        last_name: "Pictured",
        phones: [
          { value: "(615) 310-0001", type: "mobile" },
          { value: "(615) 310-0002", type: "fax_work" },
        ],
        addresses: [{ street: "12 Long Boulevard of the Very Long Names", city: "Chattanooga", region: "TN", type: "home" }],
        urls: [{ value: "https://example.org/a/very/long/path/that/does/not/fit/on/a/phone", type: "blog" }],
        dates: [{ value: `--${month}-03`, type: "birthday" }],
      },
      headers: origin(),
    });
    expect(made.status()).toBe(201);
    const id = (await made.json()).contact.id;
    const photo = await s.context.request.put(`/api/orgs/${org}/contacts/${id}/photo`, {
      multipart: { photo: { name: "pia.png", mimeType: "image/png", buffer: await picture() } },
      headers: origin(),
    });
    expect(photo.status()).toBe(200);
    await s.context.request.post(`/api/orgs/${org}/contacts`, {
      data: { first_name: "Noah", last_name: "Nophoto", phones: [{ value: "(615) 310-0003", type: "mobile" }] },
      headers: origin(),
    });

    await page.goto("/contacts");
    const pia = page.getByRole("article").filter({ hasText: "Pia" });
    await expectLoadedImage(pia.locator('img[src*="/photo?v="]'));
    await expectVisible(page.getByRole("article").filter({ hasText: "Noah" }).getByText("NN", { exact: true }));
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await pia.getByRole("button", { name: "Pia Pictured" }).click();
    const detail = page.getByTestId("contact-detail");
    await expectVisible(detail.getByText("Work fax"));
    await expectVisible(detail.getByText(`3 ${MONTHS[now.getMonth()]}`, { exact: true }));
    expect(await detail.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await detail.getByRole("button", { name: "Edit" }).click();
    const form = page.getByRole("dialog", { name: "Edit Contact" });
    await expect.poll(() => form.getByLabel("Phone 2", { exact: true }).inputValue()).toBe("(615) 310-0002");
    expect(await form.getByLabel("No year for date").isChecked()).toBe(true);
    await expectVisible(form.getByRole("button", { name: "Remove photo" }));
    for (const button of ["Add phone", "Add address", "Save Contact"]) {
      const box = (await form.getByRole("button", { name: button }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    }
    expect(await form.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("saves a contact with only a name once the organization turns 'Every contact needs a phone number' off", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    await ownOrganization(s, "Names Only");
    await page.goto("/admin/users");
    const toggle = page.getByRole("switch", { name: "Every contact needs a phone number" });
    await expectVisible(toggle);
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/contacts");
    let form = await openForm(page);
    await form.getByLabel("First name", { exact: true }).fill("Nell");
    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(form.getByText("Phone number is required"));
    await form.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog", { name: "Discard unsaved changes?" }).getByRole("button", { name: "Discard changes" }).click();

    await page.goto("/admin/users");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    await page.goto("/contacts");
    form = await openForm(page);
    await expectVisible(form.getByText("Required: a first name or a company."));
    await form.getByLabel("First name", { exact: true }).fill("Nell");
    await form.getByLabel("E-mail", { exact: true }).fill("nell@example.com");
    await form.getByRole("button", { name: "Save Contact" }).click();
    await expectVisible(page.getByText("Contact created successfully"));
  });
});
