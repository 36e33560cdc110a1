import { describe, expect, it } from "vitest";
import { baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { ownOrganization } from "./support/import.js";
import { browserSuite } from "./support/suite.js";

describe("Settings > Integrations: API tokens", () => {
  const suite = browserSuite();

  it("creates a token shown once, which another system uses until it is revoked", async () => {
    const s = await suite.session();
    const { page, context } = s;
    await signInViaApi(context);
    const org = await ownOrganization(s, "Booking office");
    await page.goto("/settings#integrations");
    await expectVisible(page.getByText("No API tokens yet."));

    await page.getByLabel("Name", { exact: true }).fill("Booking sync");
    await page.getByRole("checkbox", { name: /contacts:write/ }).click();
    await page.getByRole("button", { name: "Create token" }).click();
    await expectVisible(page.getByText("It will not be shown again."));
    const token = (await page.getByTestId("new-api-token").textContent())!.trim();
    expect(token).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    const row = page.getByTestId("api-token-row").filter({ hasText: "Booking sync" });
    await expectVisible(row.getByText("contacts:read", { exact: true }));
    await expectVisible(row.getByText("contacts:write", { exact: true }));
    await expectVisible(row.getByText(/Never used/));

    // Another system, outside the browser: the token and nothing else (no cookie, no Origin).
    const contacts = () => fetch(`${baseUrl()}/api/orgs/${org}/contacts`, { headers: { authorization: `Bearer ${token}` } });
    const ok = await contacts();
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { items: unknown[] }).items).toEqual([]);

    // Shown once: after a reload only the name, its scopes and its last use are left.
    await page.reload();
    await expectVisible(row.getByText(/Last used less than a minute ago/));
    expect(await page.getByTestId("new-api-token").count()).toBe(0);
    expect(await page.content()).not.toContain(token);

    await row.getByRole("button", { name: "Revoke Booking sync" }).click();
    await expectVisible(page.getByText("Systems using 'Booking sync' will be refused from their next request."));
    await page.getByRole("button", { name: "Revoke", exact: true }).click();
    await expectVisible(page.getByText("'Booking sync' no longer works."));
    await expectVisible(page.getByText("No API tokens yet."));
    const refused = await contacts();
    expect(refused.status).toBe(401);
  });
});
