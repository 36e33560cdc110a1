import type { APIRequestContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { authenticator } from "../server/test/totp.js";
import { baseUrl, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { seriousViolations } from "./support/axe.js";
import { linkFrom, waitForMail } from "./support/mail.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

const origin = () => ({ origin: baseUrl() });

/** Invites `email` into organization `org` and accepts with `password`, as the mailed link would. */
async function inviteInto(api: APIRequestContext, org: string, email: string, password: string) {
  const res = await api.post(`/api/orgs/${org}/members`, { data: { email, role: "staff" }, headers: origin() });
  expect(res.status()).toBe(201);
  const link = linkFrom(await waitForMail(email, (m) => m.subject.startsWith("You have been invited")));
  const token = decodeURIComponent(/access_token=([^&]+)/.exec(link)![1]!);
  expect((await api.post("/api/account/password-reset/complete", { data: { token, password }, headers: origin() })).ok()).toBe(true);
}

describe("organizations that require two-factor", () => {
  const suite = browserSuite();

  it("a member without two-factor is walked through turning it on, then the organization opens", async () => {
    // An owner with two-factor, in an organization of their own (the shared admin's stays as it is).
    const owner = await suite.session();
    await signInViaApi(owner.context);
    const ownerEmail = "tfa-owner@example.com";
    const ownerPassword = "Owner#Garden42x";
    await inviteAndAccept(owner.context.request, ownerEmail, "staff", ownerPassword);
    await owner.context.clearCookies();
    await signInViaApi(owner.context, ownerEmail, ownerPassword);
    const api = owner.context.request;
    const created = await api.post("/api/orgs", { data: { name: "Lighthouse Co" }, headers: origin() });
    expect(created.status()).toBe(201);
    const org = (await created.json()).id as string;
    const enable = await api.post("/api/me/two-factor/enable", { data: { password: ownerPassword }, headers: origin() });
    expect(enable.status()).toBe(200);
    const ownerApp = authenticator((await enable.json()).totpURI);
    const confirm = await api.post("/api/me/two-factor/confirm", { data: { code: await ownerApp.code() }, headers: origin() });
    expect(confirm.status()).toBe(200);

    const memberEmail = "tfa-member@example.com";
    const memberPassword = "Member#Garden42x";
    await inviteInto(api, org, memberEmail, memberPassword);
    const required = await api.patch(`/api/orgs/${org}`, { data: { requireTwoFactor: true }, headers: origin() });
    expect(required.status()).toBe(200);

    const member = await suite.session();
    const { page } = member;
    await page.goto("/login");
    await signInViaForm(page, memberEmail, memberPassword);
    const title = page.getByRole("heading", { name: "Lighthouse Co requires two-factor authentication" });
    await expectVisible(title);
    await page.goto("/contacts");
    await expectVisible(title);
    expect(await page.getByRole("heading", { name: "Contact Management" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Go to Settings > Security" }).click();
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await page.locator("#two-factor-password").fill(memberPassword);
    await page.getByRole("button", { name: "Continue" }).click();
    const key = (await page.getByTestId("two-factor-key").textContent())!.replace(/\s/g, "");
    const app = authenticator(`otpauth://totp/Contactbook:${memberEmail}?secret=${key}`);
    await page.getByLabel("Code from the app").fill(await app.code());
    await page.getByRole("button", { name: "Confirm" }).click();
    await expectVisible(page.getByRole("list", { name: "Recovery codes" }));

    await page.goto("/contacts");
    await expectVisible(page.getByRole("heading", { name: "Contact Management" }));
    expect(await title.count()).toBe(0);
  });
});
