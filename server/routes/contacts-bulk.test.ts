import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_SORTS } from "../../shared/contact-fields.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildContacts } from "../test/factories.js";
import { orgWithRoles } from "../test/org-roles.js";
import { send } from "../test/requests.js";

describe.each(engines)("the list's group filter and bulk actions (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let admin: string;
  let staff: string;
  let outsider: string;
  let otherOrg: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ org, otherOrg, admin, staff, outsider } = await orgWithRoles(t));
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = staff, orgId = org) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie, body });
  const contact = async (first: string, cookie = staff, orgId = org) =>
    (await api("POST", "/contacts", { first_name: first, phone: `5552${String(100000 + ++n)}` }, cookie, orgId)).json.contact.id as string;
  const group = async (name: string, cookie = staff, orgId = org) =>
    (await api("POST", "/groups", { name }, cookie, orgId)).json.id as string;
  const ids = async (query: string) => (await api("GET", `/contacts?limit=200&${query}`)).json.items.map((c: any) => c.id).sort();
  const bulk = (body: unknown, cookie = staff) => api("POST", "/contacts/bulk", body, cookie);

  it("filters the list and its counts by group; another organization's group answers 404", async () => {
    const g = await group("Filtered");
    const [a, b] = [await contact("Filtera"), await contact("Filterb")];
    await contact("Outside");
    await api("POST", `/groups/${g}/members`, { contact_ids: [a, b] });
    await api("POST", `/contacts/${a}/favorite`, { is_favorite: true });
    expect(await ids(`group=${g}`)).toEqual([a, b].sort());
    expect(await ids(`group=${g}&filter=favorites`)).toEqual([a]);
    expect(await ids(`group=${g}&q=filtera`)).toEqual([a]);
    expect(await ids(`group=${g}&sort=first_name`)).toEqual([a, b].sort());
    expect((await api("GET", `/contacts/counts?group=${g}`)).json).toMatchObject({ all: 2, favorites: 1 });
    expect((await api("GET", `/contacts/counts?group=${g}&q=filterb`)).json).toMatchObject({ all: 1, favorites: 0 });
    // A member in the trash leaves the group's list and counts.
    await api("DELETE", `/contacts/${b}`);
    expect(await ids(`group=${g}`)).toEqual([a]);
    expect((await api("GET", `/contacts/counts?group=${g}`)).json.all).toBe(1);

    const theirs = await group("Theirs", outsider, otherOrg);
    expect((await api("GET", `/contacts?group=${theirs}`)).status).toBe(404);
    expect((await api("GET", `/contacts/counts?group=${theirs}`)).status).toBe(404);
    expect((await api("GET", `/contacts?group=${g}`, undefined, outsider, otherOrg)).status).toBe(404);
    expect((await api("GET", `/contacts?group=${g}`, undefined, outsider)).status).toBe(404);
    expect((await api("GET", `/contacts?group=${"x".repeat(101)}`)).status).toBe(400);
    expect((await api("GET", "/contacts?group=")).status).toBe(400);
  });

  it("lists a group that holds most of the book page by page in the book's order, in every sort, with its counts", async () => {
    // A book of its own: 100 of its 120 contacts make the group large enough to be walked along the
    // sort's index (services/contacts.ts groupScope) rather than read members first.
    const own = (await send(t.app, "POST", "/api/orgs", { cookie: staff, body: { name: "Large group" } })).json.id as string;
    const book = await buildContacts(t, own, 120, "Largely");
    const members = new Set(book.slice(10, 110));
    const g = await group("Most", staff, own);
    await api("POST", `/groups/${g}/members`, { contact_ids: [...members] }, staff, own);
    await api("POST", `/contacts/${book[20]}/favorite`, { is_favorite: true }, staff, own);
    await api("POST", `/contacts/${book[5]}/favorite`, { is_favorite: true }, staff, own);
    const walk = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const path = `/contacts?limit=30&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const page = (await api("GET", path, undefined, staff, own)).json as { items: { id: string }[]; nextCursor: string | null };
        seen.push(...page.items.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    for (const sort of CONTACT_SORTS) {
      const everyone = await walk(`sort=${sort}`);
      expect(everyone).toHaveLength(120);
      expect(await walk(`sort=${sort}&group=${g}`)).toEqual(everyone.filter((id) => members.has(id)));
    }
    expect(await walk(`group=${g}&filter=favorites`)).toEqual([book[20]]);
    expect((await api("GET", `/contacts/counts?group=${g}`, undefined, staff, own)).json).toMatchObject({ all: 100, favorites: 1 });
  });

  it("adds the ticked contacts to a group and takes them out again; the groups list counts members", async () => {
    const g = await group("Ticked");
    const [a, b, c] = [await contact("Ticka"), await contact("Tickb"), await contact("Tickc")];
    await api("POST", `/groups/${g}/members`, { contact_ids: [a] });
    const added = await bulk({ action: "group_add", group_id: g, selection: { ids: [a, b, c, b] } });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({ action: "group_add", matched: 3, changed: 2 });
    expect(await ids(`group=${g}`)).toEqual([a, b, c].sort());
    const listed = (await api("GET", "/groups?limit=200")).json.items.find((x: any) => x.id === g);
    expect(listed.member_count).toBe(3);
    const removed = await bulk({ action: "group_remove", group_id: g, selection: { ids: [a, b] } });
    expect(removed.json).toEqual({ action: "group_remove", matched: 2, changed: 2 });
    expect(await ids(`group=${g}`)).toEqual([c]);
  });

  it("applies 'all matching' by the list's scope, in batches, without ids", async () => {
    const many = await buildContacts(t, org, 2300, "Batchy");
    const g = await group("Everyone batchy");
    const res = await bulk({ action: "group_add", group_id: g, selection: { matching: { q: "batchy" } } });
    expect(res.json).toEqual({ action: "group_add", matched: 2300, changed: 2300 });
    expect((await api("GET", `/contacts/counts?group=${g}`)).json.all).toBe(2300);

    // Favourite the group's members, then move them to the trash, by the group as scope.
    const fav = await bulk({ action: "favorite", selection: { matching: { group: g } } });
    expect(fav.json).toMatchObject({ matched: 2300, changed: 2300 });
    expect((await api("GET", `/contacts/counts?group=${g}`)).json.favorites).toBe(2300);
    const unfav = await bulk({ action: "unfavorite", selection: { matching: { group: g, filter: "favorites", q: "batchy 1" } } });
    expect(unfav.json.changed).toBe(unfav.json.matched);
    expect(unfav.json.matched).toBeGreaterThan(100);

    const before = (await api("GET", "/contacts/counts")).json.all;
    const trashed = await bulk({ action: "trash", selection: { matching: { group: g } } });
    expect(trashed.json).toMatchObject({ action: "trash", matched: 2300, changed: 2300, deleted_at: expect.any(String) });
    expect((await api("GET", "/contacts/counts")).json.all).toBe(before - 2300);
    expect((await api("GET", `/contacts/${many[5]}`)).status).toBe(404);
    const history = (await api("GET", `/contacts/${many[5]}/history`)).json.items;
    expect(history[0]).toMatchObject({ action: "delete", user: { id: expect.any(String) } });
    const audit = (await api("GET", "/audit?action=CONTACTS_BULK&limit=200", undefined, admin)).json.items;
    expect(audit.filter((e: any) => e.newData.action === "trash")).toHaveLength(1);
    expect(audit.find((e: any) => e.newData.action === "trash").newData).toMatchObject({ matched: 2300, changed: 2300 });

    // The Undo brings every one back (the staff member who moved them, within the undo time).
    const undone = await api("POST", "/contacts/bulk/restore", { deleted_at: trashed.json.deleted_at });
    expect(undone.json).toEqual({ action: "restore", matched: 2300, changed: 2300 });
    expect((await api("GET", "/contacts/counts")).json.all).toBe(before);
    expect((await api("GET", `/contacts/${many[5]}`)).status).toBe(200);
    // Someone else's Undo of it restores nothing of theirs.
    await bulk({ action: "trash", selection: { ids: [many[0]!] } });
    const again = await bulk({ action: "trash", selection: { ids: [many[1]!] } });
    expect((await api("POST", "/contacts/bulk/restore", { deleted_at: again.json.deleted_at }, admin)).json.changed).toBe(0);
    expect((await api("GET", `/contacts/${many[1]}`)).status).toBe(404);
  });

  it("refuses malformed input with 400 and another organization's records, changing nothing", async () => {
    const g = await group("Guarded");
    const mine = await contact("Guardmine");
    const theirs = await contact("Guardtheirs", outsider, otherOrg);
    const theirGroup = await group("Their group", outsider, otherOrg);
    for (const body of [
      {},
      { action: "explode", selection: { ids: [mine] } },
      { action: "group_add", selection: { ids: [mine] } },
      { action: "trash", selection: { ids: [] } },
      { action: "trash", selection: {} },
      { action: "trash", selection: { ids: [mine], matching: {} } },
      { action: "trash", selection: { ids: Array.from({ length: 1001 }, (_, i) => `id${i}`) } },
      { action: "trash", selection: { matching: { filter: "everything" } } },
      { action: "favorite", selection: { ids: [mine] }, extra: true },
      { action: "group_add", group_id: g, selection: { ids: [mine, theirs] } },
    ]) {
      const res = await bulk(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.json.error.message).toEqual(expect.any(String));
    }
    expect((await bulk({ action: "group_add", group_id: theirGroup, selection: { ids: [mine] } })).status).toBe(404);
    expect((await bulk({ action: "trash", selection: { matching: { group: theirGroup } } })).status).toBe(404);
    expect((await bulk({ action: "trash", selection: { ids: [mine] } }, outsider)).status).toBe(404);
    expect((await api("POST", "/contacts/bulk/restore", { deleted_at: "yesterday" })).status).toBe(400);
    expect(await ids(`group=${g}`)).toEqual([]);
    expect((await api("GET", `/contacts/${mine}`)).status).toBe(200);
    expect((await api("GET", `/contacts/${theirs}`, undefined, outsider, otherOrg)).json.is_favorite).toBe(false);
  });

  it("exports a selection for admins only, with only the contacts ticked", async () => {
    const [a, b] = [await contact("Exporta"), await contact("Exportb")];
    await contact("Exportc");
    const denied = await api("POST", "/export/selection", { format: "csv", ids: [a] });
    expect(denied.status).toBe(403);
    expect(denied.json.error.message).toBe("Access denied: Admin privileges required for data export");
    const res = await send(t.app, "POST", `/api/orgs/${org}/export/selection`, { cookie: admin, body: { format: "csv", ids: [a, b] } });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Exporta");
    expect(res.text).toContain("Exportb");
    expect(res.text).not.toContain("Exportc");
    expect((await api("POST", "/export/selection", { format: "csv", ids: [] }, admin)).status).toBe(400);
    expect((await api("POST", "/export/selection", { format: "csv", ids: [a] }, outsider)).status).toBe(404);
  });
});
