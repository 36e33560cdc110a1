import { describe, expect, it } from "vitest";
import { type Session, baseUrl, expectVisible, signInViaApi, signInViaForm } from "./support/browser.js";
import { linkFrom, waitForMail } from "./support/mail.js";
import { browserSuite } from "./support/suite.js";
import { inviteAndAccept } from "./support/users.js";

const PARTNER = "partner@example.com";
const PARTNER_PASSWORD = "Partner#Desk#Secret42";

describe("invitations: consent to join, and what an admin may do to a shared account", () => {
  const suite = browserSuite();
  let admin: Session;
  let partnerExists = false;
  const headers = () => ({ origin: baseUrl() });

  /** A new organization of the admin's, made current in the admin's browser. */
  async function openDesk(name: string) {
    admin = await suite.session();
    await signInViaApi(admin.context);
    if (!partnerExists) {
      // The partner already has an account: a member of the admin's first organization.
      await inviteAndAccept(admin.context.request, PARTNER, "staff", PARTNER_PASSWORD, "Pat Partner");
      partnerExists = true;
    }
    const desk = await (await admin.context.request.post("/api/orgs", { data: { name }, headers: headers() })).json();
    await admin.page.addInitScript(
      ({ id, name }) => {
        localStorage.setItem("currentOrgId", id);
        localStorage.setItem("currentOrgName", name);
      },
      { id: desk.id as string, name },
    );
    return desk.id as string;
  }

  /** Invites the partner to `org` and has them accept through the API, as their own browser would. */
  async function partnerJoins(org: string) {
    await admin.context.request.post(`/api/orgs/${org}/members`, { data: { email: PARTNER, role: "staff" }, headers: headers() });
    const partner = await suite.session();
    await signInViaApi(partner.context, PARTNER, PARTNER_PASSWORD);
    const { items } = await (await partner.context.request.get("/api/me/invitations")).json();
    const invitation = items.find((i: any) => i.organization.id === org);
    const accepted = await partner.context.request.post(`/api/me/invitations/${invitation.id}/accept`, { headers: headers() });
    expect(accepted.status()).toBe(200);
  }

  it("an account from another organization is invited, shows as pending, accepts in the app, then sees the organization", async () => {
    await openDesk("Invite Desk");
    const { page } = admin;
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await dialog.getByLabel("Email").fill(PARTNER);
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expectVisible(page.getByText("Invitation sent"));
    const pending = page.getByRole("list", { name: "Pending invitations" });
    await expectVisible(pending.getByText(PARTNER));
    await expectVisible(pending.getByText("Invited", { exact: true }));
    expect(await page.getByRole("cell", { name: PARTNER, exact: true }).count()).toBe(0);
    const mail = await waitForMail(PARTNER, (m) => m.subject === "You have been invited to Invite Desk on Contactbook");
    expect(mail.text).toContain("/invitations");

    // The partner's own browser: the bell has a dot, its menu leads to the invitation.
    const partner = await suite.session();
    await partner.page.goto("/login");
    await signInViaForm(partner.page, PARTNER, PARTNER_PASSWORD);
    await partner.page.waitForURL("**/contacts");
    const bell = partner.page.getByRole("button", { name: "Notifications (1 unread)" });
    await expectVisible(bell);
    await bell.click();
    await partner.page.getByRole("menuitem", { name: "Invitation to join Invite Desk" }).click();
    await partner.page.waitForURL("**/invitations");
    await partner.page.getByRole("button", { name: "Accept invitation to Invite Desk" }).click();
    await expectVisible(partner.page.getByText("You joined Invite Desk"));
    await expectVisible(partner.page.getByRole("button", { name: /Current organization: Invite Desk/ }));
    await expectVisible(partner.page.getByRole("button", { name: "Notifications", exact: true }));

    await page.reload();
    await expectVisible(page.getByRole("cell", { name: PARTNER, exact: true }));
    expect(await page.getByRole("list", { name: "Pending invitations" }).count()).toBe(0);
  });

  it("for a person who also belongs elsewhere, the admin may send a reset e-mail and remove, and sees why the rest is refused", async () => {
    await partnerJoins(await openDesk("Shared Desk"));
    const { page } = admin;
    await page.goto("/admin/users");
    await expectVisible(page.getByRole("cell", { name: PARTNER, exact: true }));

    await page.getByRole("button", { name: `Actions for ${PARTNER}` }).click();
    const reset = page.getByRole("menuitem", { name: /Reset Password/ });
    await expectVisible(reset);
    expect(await reset.getAttribute("aria-disabled")).toBe("true");
    await expectVisible(reset.getByText("This person also belongs to another organization. Send them a password reset e-mail instead."));
    expect(await page.getByRole("menuitem", { name: /Edit User/ }).getAttribute("aria-disabled")).toBe("true");
    await page.getByRole("menuitem", { name: "Send Password Reset Email" }).click();
    await expectVisible(page.getByText("Password reset email sent"));
    const mail = await waitForMail(PARTNER, (m) => m.subject === "Reset your Contactbook password");
    expect(mail.to).toEqual([PARTNER]);

    await page.getByRole("button", { name: `Actions for ${PARTNER}` }).click();
    await page.getByRole("menuitem", { name: "Remove User" }).click();
    const removal = page.getByRole("dialog", { name: "User Removal Options" });
    expect(await removal.getByRole("radio", { name: "Delete account" }).isDisabled()).toBe(true);
    await expectVisible(removal.getByText("This user belongs to other organizations. Remove them from this organization instead."));
    await removal.getByRole("button", { name: "Remove User" }).click();
    await expectVisible(page.getByText("User removed from organization"));
    await expect.poll(() => page.getByRole("cell", { name: PARTNER, exact: true }).count()).toBe(0);
  });

  it("a pending invitation can be withdrawn, and then the person has nothing to accept", async () => {
    await openDesk("Withdraw Desk");
    const { page } = admin;
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await dialog.getByLabel("Email").fill("withdrawn@example.com");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expectVisible(page.getByText("Invitation sent"));
    const link = linkFrom(await waitForMail("withdrawn@example.com", (m) => m.subject.startsWith("You have been invited")));
    await page.getByRole("button", { name: "Withdraw invitation to withdrawn@example.com" }).click();
    await expectVisible(page.getByText("Invitation withdrawn"));
    await expect.poll(() => page.getByRole("list", { name: "Pending invitations" }).count()).toBe(0);

    // The link mailed with it now leads to the invitation page's invalid-link view.
    const person = await suite.session();
    await person.page.goto(link);
    await expectVisible(person.page.getByText("This invitation link has expired or been used already."));
  });
});
