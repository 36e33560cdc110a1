import { describe, expect, it } from "vitest";
import { type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { browserSuite } from "./support/suite.js";

const origin = () => ({ origin: baseUrl() });

describe("CardDAV rules on the screens", () => {
  const suite = browserSuite();

  /** A fresh organization of the admin's, made current in this browser. */
  async function organization(s: Session, name: string): Promise<{ id: string }> {
    await signInViaApi(s.context);
    const org = await (await s.context.request.post("/api/orgs", { data: { name }, headers: origin() })).json();
    await s.page.addInitScript(
      ([id, n]) => {
        localStorage.setItem("currentOrgId", id!);
        localStorage.setItem("currentOrgName", n!);
      },
      [org.id, name],
    );
    return { id: org.id as string };
  }

  it("lets the owner turn on 'Staff may sync the book to their devices' in User Management", async () => {
    const s = await suite.session();
    const org = await organization(s, "Sync Desk");
    await s.page.goto("/admin/users");
    const toggle = s.page.getByRole("switch", { name: "Staff may sync the book to their devices" });
    await expectVisible(toggle);
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await s.page.reload();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    const listed = await (await s.context.request.get("/api/orgs")).json();
    expect(listed.items.find((o: { id: string }) => o.id === org.id)).toMatchObject({ staffCardDav: true });
    expect(await seriousViolations(s.page)).toEqual([]);
  });

  it("shows a card's third phone and birthday as fields, the lines with no field under 'Other details from the device', without the harmful ones", async () => {
    const s = await suite.session();
    const org = await organization(s, "Device Desk");
    const card = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:Device;Della;;;",
      "FN:Della Device",
      "TEL;TYPE=CELL:(615) 200-0101",
      "TEL;TYPE=WORK:(615) 200-0102",
      "TEL;TYPE=HOME:(615) 200-0103",
      "BDAY:1985-04-12",
      "GENDER:F",
      "URL:javascript:alert(1)",
      "END:VCARD",
      "",
    ].join("\r\n");
    // A vCard file goes through the same reading as a device's card (app passwords are left to their own spec).
    const imported = await s.context.request.post(`/api/orgs/${org.id}/imports`, {
      multipart: { file: { name: "della.vcf", mimeType: "text/vcard", buffer: Buffer.from(card) } },
      headers: origin(),
    });
    expect(imported.status(), await imported.text()).toBeLessThan(300);
    await s.page.goto("/contacts");
    await s.page.getByRole("button", { name: "Table view" }).click();
    await s.page.getByRole("row", { name: /Della/ }).getByRole("cell", { name: "Device", exact: true }).click();
    const detail = s.page.getByTestId("contact-detail");
    await expectVisible(detail.getByRole("link", { name: "Call (615) 200-0103" }));
    await expectVisible(detail.getByText("12 Apr 1985"));
    const extras = detail.getByRole("region", { name: "Other details from the device" });
    await expectVisible(extras);
    await expectVisible(extras.getByText("Gender"));
    expect(await detail.textContent()).not.toContain("javascript");
    expect(await seriousViolations(s.page)).toEqual([]);
  });
});
