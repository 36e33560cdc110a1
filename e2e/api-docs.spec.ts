import { describe, expect, it } from "vitest";
import { baseUrl, expectVisible } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";

// The API reference page (ADR 023): the app's own copy of the viewer, reading /api/openapi.json, under
// the app's Content-Security-Policy, with nothing fetched from another site.
describe("API reference page", () => {
  const suite = browserSuite();

  it("renders the routes of the OpenAPI document, with no CSP violation and nothing from another site", async () => {
    const s = await suite.session();
    const origin = new URL(baseUrl()).origin;
    const errors: string[] = [];
    const elsewhere: string[] = [];
    s.page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    s.page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    s.page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith("http") && url.origin !== origin) elsewhere.push(request.url());
    });
    // Every violation the browser reports, kept on the page for the test to read.
    await s.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });

    const answer = await s.page.goto("/api/docs");
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await expectVisible(s.page.getByRole("heading", { name: "Contactbook API" }).first(), 30_000);
    await expectVisible(s.page.getByText("Create a contact").first());

    expect(await s.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
