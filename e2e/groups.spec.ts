import { describe, expect, it } from "vitest";
import { MOBILE, type Session, baseUrl, expectVisible, signInViaApi } from "./support/browser.js";
import { browserSuite } from "./support/suite.js";

describe("groups", () => {
  const suite = browserSuite();
  let s: Session;

  it("creates and edits a group, adds three members by search, views and removes one, and deletes the group", async () => {
    s = await suite.session();
    const { page, context } = s;
    await signInViaApi(context);
    const org = (await (await context.request.post("/api/orgs", { data: { name: "Choir" }, headers: { origin: baseUrl() } })).json()).id;
    const people = [
      ["Greta", "Alto"],
      ["Hugo", "Bass"],
      ["Ivy", "Cello"],
      ["Jon", "Drum"],
    ];
    for (const [i, [first, last]] of people.entries()) {
      await context.request.post(`/api/orgs/${org}/contacts`, {
        data: { first_name: first, last_name: last, phone: `555030000${i}` },
        headers: { origin: baseUrl() },
      });
    }
    await page.addInitScript((id) => {
      localStorage.setItem("currentOrgId", id);
      localStorage.setItem("currentOrgName", "Choir");
    }, org);
    await page.goto("/groups");
    await expectVisible(page.getByText("No groups found"));

    await page.getByRole("button", { name: "Create Group" }).click();
    let dialog = page.getByRole("dialog", { name: "Add New Group" });
    await dialog.getByRole("button", { name: "Save Group" }).click();
    await expectVisible(dialog.getByText("Group name is required"));
    await dialog.getByLabel("Group Name").fill("Sopranos");
    await dialog.getByRole("button", { name: "Save Group" }).click();
    await expectVisible(page.getByText("Group created successfully"));
    const row = page.getByRole("row", { name: /Sopranos/ });
    await expectVisible(row.getByText("No description"));

    await row.getByRole("button", { name: "Edit Sopranos" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Group" });
    await dialog.getByLabel("Group Name").fill("Singers");
    await dialog.getByLabel("Description").fill("Sunday service");
    await dialog.getByRole("button", { name: "Save Group" }).click();
    await expectVisible(page.getByText("Group updated successfully"));
    const singers = page.getByRole("row", { name: /Singers/ });
    await expectVisible(singers.getByText("Sunday service"));

    await singers.getByRole("button", { name: "More actions for Singers" }).click();
    await page.getByRole("menuitem", { name: "Add Members" }).click();
    const add = page.getByRole("dialog", { name: "Add Members to Singers" });
    const search = add.getByRole("searchbox", { name: "Search contacts" });
    for (const name of ["Greta Alto", "Hugo Bass", "Ivy Cello"]) {
      await search.fill(name.split(" ")[1]!.toLowerCase());
      await add.getByRole("checkbox", { name }).check();
    }
    await search.fill("zzzz");
    await expectVisible(add.getByText("No contacts match your search"));
    await add.getByRole("button", { name: "Add 3 contacts" }).click();
    await expectVisible(page.getByText("Added 3 contacts to the group"));
    // The dialog stays open for more; Done closes it.
    await add.getByRole("button", { name: "Done" }).click();

    await singers.getByRole("button", { name: "View members of Singers" }).click();
    const members = page.getByRole("dialog", { name: "Members of Singers" });
    await expectVisible(members.getByRole("row", { name: /Greta Alto/ }));
    await expect.poll(() => members.getByRole("row").count()).toBe(4);
    await members.getByRole("button", { name: "Remove Hugo Bass from group" }).click();
    await expectVisible(page.getByText("Member removed from group"));
    await expect.poll(() => members.getByRole("row").count()).toBe(3);
    await page.keyboard.press("Escape");

    await singers.getByRole("button", { name: "More actions for Singers" }).click();
    await page.getByRole("menuitem", { name: "Delete Group" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
    await expectVisible(confirm.getByText('This will permanently delete the group "Singers". This action cannot be undone.'));
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectVisible(page.getByText("Group deleted successfully"));
    await expectVisible(page.getByText("No groups found"));
    // The contacts themselves stay.
    const contacts = await (await context.request.get(`/api/orgs/${org}/contacts`)).json();
    expect(contacts.items).toHaveLength(4);
  });

  it("shows a group's members as cards at 390 px, each remove button in view, with Undo", async () => {
    s = await suite.session(MOBILE);
    const { page, context } = s;
    await signInViaApi(context);
    const headers = { origin: baseUrl() };
    const org = (await (await context.request.post("/api/orgs", { data: { name: "Band" }, headers })).json()).id;
    const ids: string[] = [];
    for (const [i, name] of ["Kai Longname-Harrington", "Lea Bassoon"].entries()) {
      const [first_name, last_name] = name.split(" ");
      const data = {
        first_name,
        last_name,
        phone: `555040000${i}`,
        email: `${first_name!.toLowerCase()}.a.rather.long.address@example.com`,
      };
      ids.push((await (await context.request.post(`/api/orgs/${org}/contacts`, { data, headers })).json()).contact.id);
    }
    const group = await (await context.request.post(`/api/orgs/${org}/groups`, { data: { name: "Brass" }, headers })).json();
    await context.request.post(`/api/orgs/${org}/groups/${group.id}/members`, { data: { contact_ids: ids }, headers });
    await page.addInitScript((id) => {
      localStorage.setItem("currentOrgId", id);
      localStorage.setItem("currentOrgName", "Band");
    }, org);
    await page.goto("/groups");
    await page.getByRole("button", { name: "View members of Brass" }).click();
    const members = page.getByRole("dialog", { name: "Members of Brass" });
    const list = members.getByRole("list", { name: "Group members" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    const remove = members.getByRole("button", { name: "Remove Kai Longname-Harrington from group" });
    const box = (await remove.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    await remove.click();
    const toast = page.locator("[data-sonner-toast]", { hasText: "Member removed from group" });
    await expectVisible(toast);
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await toast.getByRole("button", { name: "Undo" }).click();
    await expectVisible(page.getByText("Member added back to the group"));
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
  });
});
