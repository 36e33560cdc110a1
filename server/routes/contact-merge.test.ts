import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildContacts, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { type SseReader, readSse } from "../test/sse.js";
import { APP_URL } from "../test/harness.js";

describe.each(engines)("duplicates and merging them (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let admin: string;
  let staff: string;
  let outsider: string;
  let n = 0;
  const open: SseReader[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t);
    const s = await buildUser(t);
    const o = await buildUser(t);
    org = await buildOrg(t, a.id, "Clinic");
    otherOrg = await buildOrg(t, o.id, "Other");
    await addMember(t, org, s.id, "staff");
    admin = await signIn(t.app, a.email, a.password);
    staff = await signIn(t.app, s.email, s.password);
    outsider = await signIn(t.app, o.email, o.password);
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.cancel();
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = admin, orgId = org) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie, body });
  /** A contact saved beside any twin ('new'), with its own phone unless one is given. */
  const contact = async (fields: Record<string, unknown>, cookie = admin, orgId = org) => {
    const own = `(629) 3${String(100000 + ++n).slice(1)}`;
    const body = { ...("phones" in fields ? {} : { phone: own }), ...fields, on_duplicate: "new" };
    const res = await api("POST", "/contacts", body, cookie, orgId);
    expect(res.status).toBe(201);
    return res.json.contact as { id: string; version: number; first_name: string };
  };
  /** Every duplicate group, through every page. */
  const allGroups = async (cookie = admin, orgId = org) => {
    const groups: any[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(
        "GET",
        `/contacts/duplicates${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
        undefined,
        cookie,
        orgId,
      );
      expect(res.status).toBe(200);
      groups.push(...res.json.items);
      cursor = res.json.nextCursor;
    } while (cursor);
    return groups;
  };
  const groupWith = (groups: any[], id: string, kind: string) => groups.find((g) => g.kind === kind && g.contact_ids.includes(id));
  const stream = async (cookie: string) => {
    const res = await t.app.request(`/api/orgs/${org}/events`, { headers: { origin: APP_URL, cookie } });
    const reader = readSse(res);
    open.push(reader);
    await reader.next((f) => f.event === "ready");
    return reader;
  };

  describe("the finder", () => {
    it("groups contacts by a shared phone, a shared e-mail and the same folded name, each saying why", async () => {
      const p1 = await contact({ first_name: "Pia", last_name: "Phone", phone: "(629) 555-0101" });
      const p2 = await contact({
        first_name: "Paul",
        last_name: "Other",
        phones: [
          { value: "+44 20 7946 0000", type: "work" },
          { value: "629.555.0101", type: "mobile" },
        ],
      });
      const e1 = await contact({ first_name: "Eve", last_name: "Mail", email: "Desk@Example.com" });
      const e2 = await contact({
        first_name: "Ed",
        last_name: "Else",
        emails: [{ value: "ed@example.com" }, { value: "desk@example.com" }],
      });
      const n1 = await contact({ first_name: "José", last_name: "Núñez" });
      const n2 = await contact({ first_name: "jose", last_name: "NUNEZ" });
      const groups = await allGroups();
      expect(groupWith(groups, p1.id, "phone")).toMatchObject({
        reason: "Same phone",
        shared: "(629) 555-0101",
        contact_ids: [p1.id, p2.id],
      });
      expect(groupWith(groups, e1.id, "email")).toMatchObject({
        reason: "Same e-mail",
        shared: "desk@example.com",
        contact_ids: [e1.id, e2.id],
      });
      expect(groupWith(groups, n1.id, "name")).toMatchObject({
        reason: "Same name",
        contact_ids: [n1.id, n2.id],
        contacts: [
          { id: n1.id, name: "José Núñez" },
          { id: n2.id, name: "jose NUNEZ" },
        ],
      });
    });

    it("follows the keys as contacts are trashed, restored and edited", async () => {
      const a = await contact({ first_name: "Kay", last_name: "Keys", phone: "(629) 555-0401" });
      const b = await contact({ first_name: "Kim", last_name: "Other", phone: "629 555 0401" });
      const shared = async () => Boolean(groupWith(await allGroups(), a.id, "phone"));
      expect(await shared()).toBe(true);
      expect((await api("DELETE", `/contacts/${b.id}`)).status).toBe(204);
      expect(await shared()).toBe(false);
      expect((await api("POST", `/trash/${b.id}/restore`)).status).toBe(200);
      expect(await shared()).toBe(true);
      const current = (await api("GET", `/contacts/${b.id}`)).json;
      expect((await api("PATCH", `/contacts/${b.id}`, { version: current.version, phone: "(629) 555-0402" })).status).toBe(200);
      expect(await shared()).toBe(false);
    });

    it("pairs a name with the same company or none, never across two companies", async () => {
      const acme = await contact({ first_name: "Carla", last_name: "Corp", company: "Acme" });
      const acme2 = await contact({ first_name: "Carla", last_name: "Corp", company: "ACME" });
      const none = await contact({ first_name: "Carla", last_name: "Corp" });
      const globex = await contact({ first_name: "Carla", last_name: "Corp", company: "Globex" });
      const solo1 = await contact({ first_name: "Dana", last_name: "Diff", company: "Initech" });
      const solo2 = await contact({ first_name: "Dana", last_name: "Diff", company: "Umbrella" });
      const groups = (await allGroups()).filter((g) => g.kind === "name");
      const carla = groups.filter((g) => g.contact_ids.includes(acme.id) || g.contact_ids.includes(globex.id));
      expect(carla.map((g) => g.contact_ids)).toEqual([
        [acme.id, acme2.id, none.id],
        [none.id, globex.id],
      ]);
      expect(groups.some((g) => g.contact_ids.includes(solo1.id) || g.contact_ids.includes(solo2.id))).toBe(false);
    });

    it("pages the groups with a cursor, each group once", async () => {
      const own = await buildOrg(t, (await buildUser(t)).id, "Paged");
      const u = await buildUser(t);
      await addMember(t, own, u.id, "admin");
      const cookie = await signIn(t.app, u.email, u.password);
      // 60 pairs sharing a name and a phone: 120 groups, more than two pages of 50, phones before names.
      await buildContacts(t, own, 60, "Twin");
      await buildContacts(t, own, 60, "Twin");
      const first = await api("GET", "/contacts/duplicates", undefined, cookie, own);
      expect(first.json.items).toHaveLength(50);
      expect(first.json.nextCursor).toEqual(expect.any(String));
      const groups = await allGroups(cookie, own);
      expect(groups).toHaveLength(120);
      expect(new Set(groups.map((g) => `${g.kind}:${g.shared}`)).size).toBe(120);
      expect(groups.map((g) => g.reason)).toEqual([...Array(60).fill("Same phone"), ...Array(60).fill("Same name")]);
      expect(groups.every((g) => g.contact_count === 2)).toBe(true);
      expect((await api("GET", "/contacts/duplicates?cursor=garbage", undefined, cookie, own)).status).toBe(400);
    });

    it("is for admins and owners: staff are refused, another organization answers 404", async () => {
      const res = await api("GET", "/contacts/duplicates", undefined, staff);
      expect(res.status).toBe(403);
      expect((await api("GET", "/contacts/duplicates", undefined, outsider)).status).toBe(404);
    });
  });

  describe("merging", () => {
    it("takes the chosen fields, unions the lists, groups and star, and trashes the others marked 'merged into'", async () => {
      const keep = await contact({
        first_name: "Robert",
        last_name: "Brown",
        company: "Acme",
        job_title: "Clerk",
        phones: [{ value: "(629) 555-0201", type: "mobile" }],
        emails: [{ value: "rob@example.com", type: "work" }],
      });
      const other = await contact({
        first_name: "Bob",
        last_name: "Brown",
        company: "Acme Inc",
        nickname: "Bobby",
        is_favorite: true,
        phones: [
          { value: "629-555-0201", type: "mobile" },
          { value: "(629) 555-0202", type: "home" },
        ],
        emails: [
          { value: "ROB@example.com", type: "work" },
          { value: "bob@home.example", type: "home" },
        ],
        urls: [{ value: "https://bob.example", type: "homepage" }],
      });
      const third = await contact({ first_name: "R.", last_name: "Brown", custom_fields: [{ label: "Badge", value: "42" }] });
      const g1 = (await api("POST", "/groups", { name: `Clients ${n}` })).json;
      const g2 = (await api("POST", "/groups", { name: `Golf ${n}` })).json;
      await api("POST", `/groups/${g1.id}/members`, { contact_ids: [keep.id, other.id] });
      await api("POST", `/groups/${g2.id}/members`, { contact_ids: [third.id] });
      const before = (await api("GET", "/contacts/counts")).json.all;
      const s = await stream(staff);

      const res = await api("POST", "/contacts/merge", {
        keepId: keep.id,
        mergeIds: [other.id, third.id],
        choices: { company: other.id },
      });
      expect(res.status).toBe(200);
      expect(res.json.mergeId).toEqual(expect.any(String));
      expect(res.json.contact).toMatchObject({
        id: keep.id,
        first_name: "Robert",
        company: "Acme Inc",
        job_title: "Clerk",
        nickname: "Bobby",
        is_favorite: true,
      });
      const detail = (await api("GET", `/contacts/${keep.id}`)).json;
      expect(detail.phones.map((p: any) => p.value)).toEqual(["(629) 555-0201", "(629) 555-0202", (third as any).phone]);
      expect(detail.emails.map((e: any) => e.value)).toEqual(["rob@example.com", "bob@home.example"]);
      expect(detail.urls).toEqual([{ value: "https://bob.example", type: "homepage", label: null }]);
      expect(detail.custom_fields).toEqual([{ label: "Badge", value: "42", type: "custom" }]);
      const groups = (await api("GET", `/contacts/${keep.id}/groups`)).json.items.map((g: any) => g.id).sort();
      expect(groups).toEqual([g1.id, g2.id].sort());
      expect((await api("GET", "/contacts/counts")).json.all).toBe(before - 2);
      expect((await api("GET", `/contacts/${other.id}`)).status).toBe(404);
      const trash = (await api("GET", "/trash?limit=200")).json.items;
      expect(trash.find((c: any) => c.id === other.id)).toMatchObject({ merged_into: "Robert Brown" });
      expect(trash.find((c: any) => c.id === third.id)).toMatchObject({ merged_into: "Robert Brown" });
      // Both on the live stream (PostgreSQL's bus may deliver them in either order).
      await expect.poll(() => s.events().map((e) => e.type)).toEqual(expect.arrayContaining(["contact.merged", "contact.trashed"]));
      expect(s.events().find((e) => e.type === "contact.merged")).toMatchObject({ ids: [keep.id], version: res.json.contact.version });
      expect(s.events().find((e) => e.type === "contact.trashed")).toMatchObject({ ids: [other.id, third.id] });
      const audit = (await api("GET", "/audit?action=CONTACTS_MERGED")).json.items[0];
      expect(audit).toMatchObject({ operation: "CONTACTS_MERGED" });
    });

    it("refuses a choice outside the merge, a contact merged into itself, and unknown or other organizations' ids", async () => {
      const a = await contact({ first_name: "Ann" });
      const b = await contact({ first_name: "Anne" });
      const theirs = await contact({ first_name: "Theirs" }, outsider, otherOrg);
      expect((await api("POST", "/contacts/merge", { keepId: a.id, mergeIds: [b.id], choices: { first_name: theirs.id } })).status).toBe(
        400,
      );
      expect((await api("POST", "/contacts/merge", { keepId: a.id, mergeIds: [a.id] })).status).toBe(400);
      expect((await api("POST", "/contacts/merge", { keepId: a.id, mergeIds: [] })).status).toBe(400);
      expect((await api("POST", "/contacts/merge", { keepId: a.id, mergeIds: [theirs.id] })).status).toBe(404);
      expect((await api("POST", "/contacts/merge", { keepId: theirs.id, mergeIds: [b.id] })).status).toBe(404);
      expect((await api("POST", "/contacts/merge", { keepId: a.id, mergeIds: [b.id] }, outsider)).status).toBe(404);
      // Nothing was written by any of them.
      expect((await api("GET", `/contacts/${b.id}`)).json).toMatchObject({ version: 1 });
      expect((await api("GET", `/contacts/${theirs.id}`, undefined, outsider, otherOrg)).json).toMatchObject({ version: 1 });
    });

    it("is open to staff, who may both edit and delete contacts", async () => {
      const a = await contact({ first_name: "Stan", last_name: "Staff" }, staff);
      const b = await contact({ first_name: "Stan", last_name: "Staff" }, staff);
      const res = await api("POST", "/contacts/merge", { keepId: a.id, mergeIds: [b.id] }, staff);
      expect(res.status).toBe(200);
      expect((await api("POST", `/merges/${res.json.mergeId}/undo`, undefined, staff)).status).toBe(200);
    });
  });

  describe("undo", () => {
    it("puts every contact, value, star and membership back exactly, once", async () => {
      const keep = await contact({
        first_name: "Uma",
        last_name: "Undo",
        nickname: "U",
        emails: [{ value: "uma@example.com", type: "home" }],
      });
      const other = await contact({
        first_name: "Uma",
        last_name: "Undo",
        company: "Acme",
        is_favorite: true,
        emails: [{ value: "u2@example.com", type: "work" }],
      });
      const g = (await api("POST", "/groups", { name: `Undo group ${n}` })).json;
      await api("POST", `/groups/${g.id}/members`, { contact_ids: [other.id] });
      const keptBefore = (await api("GET", `/contacts/${keep.id}`)).json;
      const otherBefore = (await api("GET", `/contacts/${other.id}`)).json;
      const count = (await api("GET", "/contacts/counts")).json.all;
      const merged = await api("POST", "/contacts/merge", { keepId: keep.id, mergeIds: [other.id], choices: { nickname: other.id } });
      expect(merged.json.contact).toMatchObject({ nickname: null, company: "Acme", is_favorite: true });

      const undo = await api("POST", `/merges/${merged.json.mergeId}/undo`);
      expect(undo.status).toBe(200);
      // Everything but the version and the time of the last write, which an undo moves on.
      const strip = ({ version: _version, updated_at: _at, ...rest }: any) => rest;
      expect(strip((await api("GET", `/contacts/${keep.id}`)).json)).toEqual(strip(keptBefore));
      expect(strip((await api("GET", `/contacts/${other.id}`)).json)).toEqual(strip(otherBefore));
      expect((await api("GET", `/contacts/${keep.id}/groups`)).json.items).toEqual([]);
      expect((await api("GET", `/contacts/${other.id}/groups`)).json.items.map((x: any) => x.id)).toEqual([g.id]);
      expect((await api("GET", "/contacts/counts")).json.all).toBe(count);
      expect((await api("GET", "/trash?limit=200")).json.items.some((c: any) => c.id === other.id)).toBe(false);
      const audit = (await api("GET", "/audit?action=CONTACTS_MERGE_UNDONE")).json.items[0];
      expect(audit).toMatchObject({ operation: "CONTACTS_MERGE_UNDONE" });

      // Each contact's history tells it: merged, moved to the trash, merge undone, back from the trash.
      const history = async (id: string) => (await api("GET", `/contacts/${id}/history`)).json.items as any[];
      const kept = await history(keep.id);
      expect(kept.slice(0, 2).map((h) => h.action)).toEqual(["unmerge", "merge"]);
      expect(kept[1].changes).toContainEqual({ field: "company", from: null, to: "Acme" });
      expect(kept[0].changes).toContainEqual({ field: "company", from: "Acme", to: null });
      expect((await history(other.id)).slice(0, 2).map((h) => h.action)).toEqual(["undelete", "delete"]);

      const again = await api("POST", `/merges/${merged.json.mergeId}/undo`);
      expect(again.status).toBe(409);
      expect(again.json.error).toMatchObject({ code: "MERGE_UNDONE", message: "This merge has already been undone." });
    });

    it("refuses after the kept contact was edited, naming it, and changes nothing", async () => {
      const keep = await contact({ first_name: "Edith", last_name: "Edited" });
      const other = await contact({ first_name: "Edie", last_name: "Edited" });
      const merged = await api("POST", "/contacts/merge", { keepId: keep.id, mergeIds: [other.id] });
      const edited = await api("PATCH", `/contacts/${keep.id}`, { version: merged.json.contact.version, job_title: "Boss" });
      expect(edited.status).toBe(200);
      const res = await api("POST", `/merges/${merged.json.mergeId}/undo`);
      expect(res.status).toBe(409);
      expect(res.json.error).toMatchObject({
        code: "MERGE_CHANGED",
        message: "Edith Edited was changed after the merge, so it cannot be undone.",
        contact: { id: keep.id, name: "Edith Edited" },
      });
      expect((await api("GET", `/contacts/${keep.id}`)).json).toMatchObject({ job_title: "Boss", version: edited.json.version });
      expect((await api("GET", `/contacts/${other.id}`)).status).toBe(404);
      // Still undoable later is not promised, but the refusal did not mark it undone.
      expect((await api("POST", `/merges/${merged.json.mergeId}/undo`)).json.error.code).toBe("MERGE_CHANGED");
    });

    it("refuses when a merged contact was restored from the trash since, naming it", async () => {
      const keep = await contact({ first_name: "Rita", last_name: "Restored" });
      const other = await contact({ first_name: "Rick", last_name: "Restored" });
      const merged = await api("POST", "/contacts/merge", { keepId: keep.id, mergeIds: [other.id] });
      expect((await api("POST", `/trash/${other.id}/restore`)).status).toBe(200);
      const res = await api("POST", `/merges/${merged.json.mergeId}/undo`);
      expect(res.status).toBe(409);
      expect(res.json.error.message).toBe("Rick Restored was changed after the merge, so it cannot be undone.");
    });

    it("answers 404 for another organization's merge or an unknown one", async () => {
      const keep = await contact({ first_name: "Olga" });
      const other = await contact({ first_name: "Olga" });
      const merged = await api("POST", "/contacts/merge", { keepId: keep.id, mergeIds: [other.id] });
      expect((await api("POST", `/merges/${merged.json.mergeId}/undo`, undefined, outsider, otherOrg)).status).toBe(404);
      expect((await api("POST", `/merges/${merged.json.mergeId}/undo`, undefined, outsider)).status).toBe(404);
      expect((await api("POST", "/merges/nope/undo")).status).toBe(404);
    });
  });

  it("'Merge into it' on create reports each changed field and each typed value not taken", async () => {
    const held = await contact({ first_name: "Mona", phone: "(629) 555-0301", email: "mona@old.example", city: "Nashville" });
    const res = await api("POST", "/contacts", {
      first_name: "Monica",
      last_name: "Lane",
      phone: "6295550301",
      email: "mona@new.example",
      on_duplicate: "merge",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      merged: true,
      contact: { id: held.id, first_name: "Mona", last_name: "Lane", email: "mona@old.example" },
    });
    expect(res.json.changes.sort()).toEqual(["emails", "last_name"]);
    expect(res.json.not_applied).toEqual(["first_name"]);
    const detail = (await api("GET", `/contacts/${held.id}`)).json;
    expect(detail.emails.map((e: any) => e.value)).toEqual(["mona@old.example", "mona@new.example"]);
  });
});
