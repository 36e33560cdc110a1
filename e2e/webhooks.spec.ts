import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, signInViaApi } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";

describe("Settings > Integrations: webhooks", () => {
  const suite = browserSuite();
  const received: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200).end("received");
    });
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("adds an endpoint with its secret shown once, sends a test event, shows the log, turns it off and deletes it", async () => {
    const { page, context } = await suite.session();
    await signInViaApi(context);
    await page.goto("/settings#integrations");
    await expectVisible(page.getByText("No webhooks yet."));
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByLabel(/Group created/).click();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expectVisible(page.getByText("It won't be shown again."));
    expect((await page.getByTestId("new-webhook-secret").textContent())!.trim()).toMatch(/^whsec_/);
    const list = page.getByRole("list", { name: "Webhooks" });
    await expectVisible(list.getByText(url));

    await page.getByRole("button", { name: "Send test event" }).click();
    await expectVisible(page.getByText("Test event sent"));
    const log = page.getByRole("region", { name: `Deliveries to ${url}` });
    await expectVisible(log.getByText("Delivered"));
    await expectVisible(log.getByText("received"));
    expect(received.some((body) => body.includes('"type":"webhook.test"'))).toBe(true);

    await page.getByRole("switch", { name: `Send events to ${url}` }).click();
    await expectVisible(page.getByText("Webhook turned off"));
    expect(await page.getByRole("button", { name: "Send test event" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: `Delete webhook ${url}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expectVisible(page.getByText("No webhooks yet."));
  });

  it("says why an address that is not a web address is refused", async () => {
    const { page, context } = await suite.session();
    await signInViaApi(context);
    await page.goto("/settings#integrations");
    await page.getByLabel("Endpoint URL").fill("ftp://example.com/hook");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expectVisible(page.getByText("Enter a URL starting with https:// or http://"));
  });
});
