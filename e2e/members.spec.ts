import { describe, expect, it } from "vitest";
import { MOBILE, type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";
import { linkFrom, waitForMail } from "./support/mail.js";

describe("organizations, members and roles", () => {
  const suite = browserSuite();
  let s: Session;

  const rowActions = (email: string) => s.page.getByRole("button", { name: `Actions for ${email}` });

  it("an admin invites a staff member, who accepts by e-mail, signs in and sees no admin-only entries; roles change and the member is removed", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expectVisible(dialog.getByText("Email is invalid"));
    await dialog.getByLabel("Email").fill("newstaff@example.com");
    await dialog.getByLabel("Name").fill("New Staff");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expectVisible(page.getByText("Invitation sent"));
    // Invited, not yet a member: listed under the pending invitations.
    const pending = page.getByRole("list", { name: "Pending invitations" });
    await expectVisible(pending.getByText("newstaff@example.com"));
    expect(await page.getByRole("cell", { name: "newstaff@example.com", exact: true }).count()).toBe(0);

    // The invited person's own browser.
    const invited = await suite.session();
    const mail = await waitForMail("newstaff@example.com", (m) => m.subject.startsWith("You have been invited"));
    // The invitation page: the name the admin gave, a password, 'Join', and signed in on /contacts.
    await invited.page.goto(linkFrom(mail));
    await expectVisible(invited.page.getByRole("button", { name: "Join" }));
    expect(await invited.page.getByLabel("Your name").inputValue()).toBe("New Staff");
    await invited.page.getByLabel("Password", { exact: true }).fill("Staff#Garden42x");
    await invited.page.getByLabel("Confirm Password").fill("Staff#Garden42x");
    await invited.page.getByRole("button", { name: "Join" }).click();
    await invited.page.waitForURL("**/contacts");
    await invited.page.goto("/admin/users");
    await expectVisible(invited.page.getByRole("cell", { name: "newstaff@example.com", exact: true }));
    expect(await invited.page.getByRole("button", { name: "Add User" }).count()).toBe(0);
    expect(await invited.page.getByRole("button", { name: "Search Users" }).count()).toBe(0);
    expect(await invited.page.getByRole("button", { name: /^Actions for / }).count()).toBe(0);
    expect(invited.errors).toEqual([]);

    // Setting the password accepted the invitation: a member now, no longer pending.
    await page.reload();
    await expectVisible(page.getByRole("cell", { name: "newstaff@example.com", exact: true }));
    // Other tests invite people to this organization too: the reloaded page may read one of theirs while
    // it is pending, and its acceptance then reaches the page live (even before the page's stream opens).
    await page.getByRole("list", { name: "Pending invitations" }).waitFor({ state: "detached" });

    // Role to admin and back.
    await rowActions("newstaff@example.com").click();
    await page.getByRole("menuitem", { name: "Make Admin" }).click();
    await expectVisible(page.getByText("User role changed to admin"));
    await invited.page.reload();
    await expectVisible(invited.page.getByRole("button", { name: "Add User" }));
    await rowActions("newstaff@example.com").click();
    await page.getByRole("menuitem", { name: "Make Staff" }).click();
    await expectVisible(page.getByText("User role changed to staff"));

    // Removal ends their access to the organization. Their tab is closed meanwhile: an open one would
    // follow the removal live and be given its own organization before we look.
    await invited.page.goto("about:blank");
    await rowActions("newstaff@example.com").click();
    await page.getByRole("menuitem", { name: "Remove User" }).click();
    const removal = page.getByRole("dialog", { name: "User Removal Options" });
    expect(await removal.getByRole("radio", { name: "Remove from organization" }).isChecked()).toBe(true);
    await removal.getByRole("button", { name: "Remove User" }).click();
    await expectVisible(page.getByText("User removed from organization"));
    await expect.poll(() => page.getByRole("cell", { name: "newstaff@example.com", exact: true }).count()).toBe(0);
    const orgs = await (await invited.context.request.get("/api/orgs")).json();
    expect(orgs.items).toEqual([]);
    // Left with no organization, the next visit gives them one of their own (spec section 4).
    await invited.page.goto("/contacts");
    await expectVisible(invited.page.getByText("Default organization created successfully!"));
    await expect
      .poll(async () => (await (await invited.context.request.get("/api/me")).json()).organizations)
      .toEqual([expect.objectContaining({ name: "My Organization", role: "admin", isOwner: true })]);
    await invited.context.close();
  });

  it("protects the owner and oneself in the menu", async () => {
    s = await suite.session();
    await signInViaApi(s.context);
    await s.page.goto("/admin/users");
    await expectVisible(s.page.getByRole("cell", { name: "admin@example.com", exact: true }));
    // The owner's own row offers no actions on themselves.
    expect(await rowActions("admin@example.com").count()).toBe(0);
  });

  it("creates an organization, switches between organizations and deletes the new one", async () => {
    s = await suite.session();
    const { page } = s;
    await signInViaApi(s.context);
    await page.goto("/contacts");
    const switcher = page.getByRole("button", { name: /Current organization/ });
    await switcher.click();
    await page.getByRole("menuitem", { name: "Create New Organization" }).click();
    const create = page.getByRole("dialog", { name: "Create New Organization" });
    expect(await create.getByRole("button", { name: "Create" }).isDisabled()).toBe(true);
    await create.getByLabel("Organization Name").fill("Second Office");
    await create.getByRole("button", { name: "Create" }).click();
    await expectVisible(page.getByText("Organization created successfully! Refreshing data..."));
    await expect.poll(() => switcher.textContent(), { timeout: 10_000 }).toContain("Second Office");

    await switcher.click();
    await page.getByRole("menuitemradio", { name: "My Organization" }).click();
    await expectVisible(page.getByText("Switched to My Organization"));
    expect(await page.evaluate(() => localStorage.getItem("currentOrgName"))).toBe("My Organization");

    // Delete is not on the organization rows (one taps those to switch): it is one step further.
    await switcher.click();
    expect(await page.getByRole("menuitem", { name: "Delete organization Second Office" }).count()).toBe(0);
    // By keyboard, as the menu offers it: on a loaded machine the submenu's first placement can sit outside
    // the viewport for a while, where a pointer click cannot reach it.
    await page.getByRole("menuitem", { name: "Delete Organization" }).press("ArrowRight");
    await page.getByRole("menuitem", { name: "Delete organization Second Office" }).press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
    await expectVisible(
      confirm.getByText(
        "This will permanently delete the organization Second Office and all associated data. This action cannot be undone.",
      ),
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectVisible(page.getByText("Organization deleted successfully"));
    await expect
      .poll(async () => (await (await s.context.request.get("/api/orgs")).json()).items.map((o: any) => o.name))
      .not.toContain("Second Office");
  });

  it("lists contacts sharing a phone number under View Duplicates", async () => {
    s = await suite.session();
    const { page, context } = s;
    await signInViaApi(context);
    const headers = { origin: baseUrl() };
    const org = (await (await context.request.post("/api/orgs", { data: { name: "Dup Desk" }, headers })).json()).id;
    await context.request.post(`/api/orgs/${org}/contacts`, {
      data: { first_name: "Dana", last_name: "One", phone: "(555) 040-1234" },
      headers,
    });
    const second = await (
      await context.request.post(`/api/orgs/${org}/contacts`, {
        data: { first_name: "Dana", last_name: "Two", phone: "5550409999" },
        headers,
      })
    ).json();
    // Create-or-merge would fold a second contact with the same number into the first; an edit does not.
    await context.request.patch(`/api/orgs/${org}/contacts/${second.contact.id}`, {
      data: { version: 1, phone: "+1 555 040 1234" },
      headers,
    });
    await page.addInitScript((id) => {
      localStorage.setItem("currentOrgId", id);
      localStorage.setItem("currentOrgName", "Dup Desk");
    }, org);
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "View Duplicates" }).click();
    const dialog = page.getByRole("dialog", { name: "Duplicate Contacts" });
    await expectVisible(dialog.getByText("(555) 040-1234"));
    await expectVisible(dialog.getByText("Dana One"));
    await expectVisible(dialog.getByText("Dana Two"));
  });

  it("on a phone: cards with a 'You' badge, details, and the actions sheet", async () => {
    s = await suite.session(MOBILE);
    const { page } = s;
    await signInViaApi(s.context);
    await page.goto("/admin/users");
    const list = page.getByRole("list", { name: "Organization users" });
    await expectVisible(list);
    const mine = list.getByRole("listitem", { name: "admin@example.com", exact: true });
    await expectVisible(mine.getByText("You", { exact: true }));
    await mine.getByRole("button", { name: "More details" }).click();
    await expectVisible(mine.getByText("Active"));
    await expectVisible(page.getByRole("button", { name: "Pull to refresh" }));
    await page.getByRole("button", { name: "User actions" }).click();
    const sheet = page.getByRole("dialog", { name: "User Actions" });
    for (const name of ["Refresh Users", "Search Users", "Add User"]) await expectVisible(sheet.getByRole("button", { name }));
  });
});
