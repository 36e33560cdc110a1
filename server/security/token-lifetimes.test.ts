import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { type ReceivedMail, tokenFrom, useSmtpSink } from "../test/smtp-sink.js";

// Every token has one life: any password change or account deletion revokes every outstanding link.
describe.each(engines)("link tokens (%s)", (engine) => {
  let t: TestApp;
  const sink = useSmtpSink();
  afterEach(() => t?.close());

  async function setup() {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const owner = await buildUser(t, { email: "owner@example.com" });
    const org = await buildOrg(t, owner.id, "Clinic");
    const staff = await buildUser(t, { email: "staff@example.com" });
    await addMember(t, org, staff.id, "staff");
    return { owner, org, staff, ownerCookie: await signIn(t.app, owner.email, owner.password) };
  }

  /** Asks for a reset link by e-mail, as the login page does, and returns its token. */
  async function resetToken(email: string): Promise<string> {
    const before = sink.mails.length;
    expect((await send(t.app, "POST", "/api/account/password-reset/request", { body: { email } })).status).toBe(200);
    const deadline = Date.now() + 5000;
    let mail: ReceivedMail | undefined;
    // Security alerts (a password reset by an admin) may arrive in between: the reset mail is the one with a link.
    while (!(mail = sink.mails.slice(before).find((m) => m.to.includes(email) && m.text.includes("#access_token=")))) {
      if (Date.now() > deadline) throw new Error("no reset mail");
      await new Promise((r) => setTimeout(r, 20));
    }
    return tokenFrom(mail.text);
  }
  const verify = (token: string) => send(t.app, "POST", "/api/account/password-reset/verify", { body: { token } });
  const complete = (token: string, password = "Brand#New#Secret42") =>
    send(t.app, "POST", "/api/account/password-reset/complete", { body: { token, password } });

  it("a reset link dies when the password is changed another way (in Settings)", async () => {
    const { staff } = await setup();
    const token = await resetToken(staff.email);
    const cookie = await signIn(t.app, staff.email, staff.password);
    const changed = await send(t.app, "POST", "/api/me/password", {
      cookie,
      body: { currentPassword: staff.password, newPassword: "Changed-Elsewhere-1" },
    });
    expect(changed.status).toBe(200);
    expect((await verify(token)).status).toBe(400);
    expect((await complete(token)).status).toBe(400);
    await signIn(t.app, staff.email, "Changed-Elsewhere-1");
  });

  it("two reset requests give one live link: the newer", async () => {
    const { staff } = await setup();
    const first = await resetToken(staff.email);
    const second = await resetToken(staff.email);
    expect((await verify(first)).status).toBe(400);
    expect((await verify(second)).status).toBe(200);
  });

  it("a reset link dies with an admin password reset, and with the account", async () => {
    const { org, staff, ownerCookie } = await setup();
    const token = await resetToken(staff.email);
    expect((await send(t.app, "POST", `/api/orgs/${org}/members/${staff.id}/reset-password`, { cookie: ownerCookie })).status).toBe(200);
    expect((await verify(token)).status).toBe(400);

    const again = await resetToken(staff.email);
    expect((await send(t.app, "DELETE", `/api/orgs/${org}/members/${staff.id}/account`, { cookie: ownerCookie })).status).toBe(204);
    const answer = await verify(again);
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toBe("This password reset link has expired or been used already.");
    expect(await t.database.db.selectFrom("verifications").select("id").where("value", "=", staff.id).execute()).toEqual([]);
  });

  it("an invitation's set-password link dies once the person chose a password through another link", async () => {
    const { org, ownerCookie } = await setup();
    await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie: ownerCookie, body: { email: "new@example.com", role: "staff" } });
    const invitation = tokenFrom((await sink.waitFor("new@example.com")).text);
    sink.mails.length = 0;
    // The person used "Forgot password?" instead of the invitation link.
    const reset = await resetToken("new@example.com");
    expect((await verify(invitation)).status).toBe(400);
    expect((await complete(reset)).status).toBe(200);
    expect((await complete(invitation, "Another#Secret42x")).status).toBe(400);
    await signIn(t.app, "new@example.com", "Brand#New#Secret42");
  });

  it("a used link cannot be used again, and a confirmation link dies with a password change", async () => {
    const { staff } = await setup();
    const token = await resetToken(staff.email);
    expect((await complete(token)).status).toBe(200);
    expect((await complete(token, "Second#Try#Secret42")).status).toBe(400);

    const cookie = await signIn(t.app, staff.email, "Brand#New#Secret42");
    sink.mails.length = 0;
    await send(t.app, "POST", "/api/me/email-confirmation", { cookie, body: {} });
    // The alert about the reset just done may arrive in between: the confirmation is the mail with a link.
    const confirmation = tokenFrom((await sink.waitFor(staff.email, 5000, (m) => m.text.includes("#access_token="))).text);
    await send(t.app, "POST", "/api/me/password", {
      cookie,
      body: { currentPassword: "Brand#New#Secret42", newPassword: "Changed-Again-12" },
    });
    expect((await send(t.app, "POST", "/api/account/verify-email", { body: { token: confirmation } })).status).toBe(400);
  });
});
