import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneContactHistory } from "../services/contact-history.js";
import { createAppPassword, dav } from "../test/dav-client.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { readSse } from "../test/sse.js";
import { csvOf, upload } from "../test/uploads.js";

// Who changed a contact, when, and what: the history of every write path, and an earlier version back.
describe.each(engines)("contact history (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let admin: { id: string; email: string; name: string; password: string };
  let adminCookie: string;
  let staffCookie: string;
  let outsiderCookie: string;
  let n = 0;
  const phone = () => `615555${String(10_000 + ++n).slice(1)}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { HISTORY_DAYS: "30" });
    admin = await buildUser(t, { name: "Ada Admin" });
    const staff = await buildUser(t, { name: "Sam Staff" });
    const outsider = await buildUser(t);
    org = await buildOrg(t, admin.id, "Clinic");
    otherOrg = await buildOrg(t, outsider.id, "Other");
    await addMember(t, org, staff.id, "staff");
    adminCookie = await signIn(t.app, admin.email, admin.password);
    staffCookie = await signIn(t.app, staff.email, staff.password);
    outsiderCookie = await signIn(t.app, outsider.email, outsider.password);
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = adminCookie, orgId = org) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie, body });
  const history = async (id: string, cookie = adminCookie) => {
    const res = await api("GET", `/contacts/${id}/history`, undefined, cookie);
    expect(res.status, res.text).toBe(200);
    return res.json.items as any[];
  };
  const audit = async (action: string) => (await api("GET", `/audit?action=${action}&limit=200`)).json.items as any[];

  it("records create, edit, delete and restore newest first, with each field's old and new value", async () => {
    const first = phone();
    const created = (await api("POST", "/contacts", { first_name: "Grace", last_name: "Hopper", phone: first })).json.contact;
    const second = phone();
    const edited = await api("PATCH", `/contacts/${created.id}`, {
      version: created.version,
      job_title: "Admiral",
      phones: [{ value: second, type: "work", label: null }],
    });
    expect(edited.status).toBe(200);
    expect((await api("DELETE", `/contacts/${created.id}`)).status).toBe(204);
    // In the trash, its history is there to read before restoring it.
    expect((await history(created.id)).map((h) => h.action)).toEqual(["delete", "update", "create"]);
    expect((await api("POST", `/trash/${created.id}/restore`)).status).toBe(200);

    const items = await history(created.id);
    expect(items.map((h) => [h.version, h.action])).toEqual([
      [4, "undelete"],
      [3, "delete"],
      [2, "update"],
      [1, "create"],
    ]);
    expect(items.every((h) => h.user?.id === admin.id && h.user.name === "Ada Admin" && h.source === "app")).toBe(true);
    const update = items[2];
    expect(update.changes).toEqual([
      { field: "job_title", from: null, to: "Admiral" },
      {
        field: "phones",
        from: [expect.objectContaining({ value: expect.stringContaining("555") })],
        to: [expect.objectContaining({ type: "work" })],
      },
    ]);
    expect(items[3].changes).toEqual(
      expect.arrayContaining([
        { field: "first_name", from: null, to: "Grace" },
        { field: "last_name", from: null, to: "Hopper" },
      ]),
    );
    expect(items[0].changes).toEqual([]);

    // The audit log names the contact in each entry.
    for (const operation of ["CONTACT_CREATED", "CONTACT_UPDATED", "CONTACT_DELETED", "CONTACT_RESTORED"]) {
      const entries = (await audit(operation)).filter((e) => e.recordId === created.id || e.record_id === created.id);
      expect(entries.length, operation).toBeGreaterThan(0);
      expect(JSON.stringify(entries[0]), operation).toContain("Grace Hopper");
    }
  });

  it("restores an earlier version's values as a new version, in the history and the audit log", async () => {
    const created = (await api("POST", "/contacts", { first_name: "Alan", company: "Bletchley", phone: phone() })).json.contact;
    const v2 = (await api("PATCH", `/contacts/${created.id}`, { version: 1, company: "Manchester", notes: "Moved north" })).json;
    const v3 = (await api("PATCH", `/contacts/${created.id}`, { version: v2.version, last_name: "Turing" })).json;
    expect(v3.version).toBe(3);

    // Others' screens hear of it as of any edit.
    const live = readSse(await t.app.request(`/api/orgs/${org}/events`, { headers: { origin: APP_URL, cookie: staffCookie } }));
    await live.next((f) => f.event === "ready");
    const restored = await api("POST", `/contacts/${created.id}/history/1/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(await live.event("contact.updated")).toMatchObject({ ids: [created.id], version: 4, actorId: admin.id });
    await live.cancel();
    expect(restored.json).toMatchObject({ version: 4, company: "Bletchley", notes: null, last_name: null, first_name: "Alan" });
    const now = (await api("GET", `/contacts/${created.id}`)).json;
    expect(now).toMatchObject({ version: 4, company: "Bletchley", notes: null });

    const [latest] = await history(created.id);
    expect(latest).toMatchObject({ version: 4, action: "restore", user: { id: admin.id } });
    expect(latest.changes).toEqual(
      expect.arrayContaining([
        { field: "company", from: "Manchester", to: "Bletchley" },
        { field: "notes", from: "Moved north", to: null },
        { field: "last_name", from: "Turing", to: null },
      ]),
    );
    const entry = (await audit("CONTACT_RESTORED")).find((e) => JSON.stringify(e).includes('"restoredVersion":1'));
    expect(JSON.stringify(entry)).toContain("Alan");

    expect((await api("POST", `/contacts/${created.id}/history/99/restore`)).status).toBe(404);
  });

  it("answers 404 for another organization's contact, and lets staff read the history", async () => {
    const created = (await api("POST", "/contacts", { first_name: "Private", phone: phone() })).json.contact;
    expect((await api("GET", `/contacts/${created.id}/history`, undefined, outsiderCookie, otherOrg)).status).toBe(404);
    expect((await api("POST", `/contacts/${created.id}/history/1/restore`, undefined, outsiderCookie, otherOrg)).status).toBe(404);
    expect((await api("GET", `/contacts/${created.id}/history`, undefined, outsiderCookie)).status).toBe(404);
    expect((await history(created.id, staffCookie)).map((h) => h.action)).toEqual(["create"]);
  });

  it("records an import per contact under its file name, one audit entry for the run, and its undo", async () => {
    const kept = phone();
    const existing = (await api("POST", "/contacts", { first_name: "Keep", phone: kept })).json.contact;
    const before = (await audit("CONTACT_CREATED")).length;
    const csv = csvOf(
      ["name", "phone", "email"],
      [
        { name: "Keep", phone: kept, email: "keep@example.com" },
        { name: "Fresh Person", phone: phone() },
      ],
    );
    const run = await upload(t.app, `/api/orgs/${org}/imports`, { bytes: csv, name: "office.csv" }, {}, adminCookie);
    expect(run.json).toMatchObject({ imported: 1, merged: 1 });
    expect((await audit("CONTACT_CREATED")).length).toBe(before);
    const completed = (await audit("IMPORT_COMPLETED")).find((e) => JSON.stringify(e).includes(run.json.id));
    expect(JSON.stringify(completed)).toContain("office.csv");

    const [merged] = await history(existing.id);
    expect(merged).toMatchObject({ action: "update", source: "import", actor: "office.csv", user: { id: admin.id } });
    expect(merged.changes).toEqual([{ field: "emails", from: [], to: [expect.objectContaining({ value: "keep@example.com" })] }]);
    const fresh = (await api("GET", `/contacts?q=${encodeURIComponent("Fresh Person")}`)).json.items[0];
    expect((await history(fresh.id))[0]).toMatchObject({ action: "create", source: "import", actor: "office.csv", version: 1 });

    expect((await api("POST", `/imports/${run.json.id}/undo`)).status).toBe(200);
    const [undone] = await history(existing.id);
    expect(undone).toMatchObject({ action: "undo", source: "import", actor: "office.csv" });
    expect(undone.changes).toEqual([{ field: "emails", from: [expect.objectContaining({ value: "keep@example.com" })], to: [] }]);
  });

  it("records a CardDAV write under the device's name", async () => {
    const device = await createAppPassword(t.app, admin.email, admin.password, "Ada's iPhone");
    const tel = phone();
    const body = ["BEGIN:VCARD", "VERSION:3.0", "FN:Dev Ice", "N:Ice;Dev;;;", `TEL:${tel}`, "END:VCARD", ""].join("\r\n");
    const put = await dav(t.app, "PUT", `/dav/addressbooks/${admin.id}/${org}/dev-ice.vcf`, { auth: device, body });
    expect(put.status).toBe(201);
    const contact = (await api("GET", `/contacts?q=${encodeURIComponent("Dev Ice")}`)).json.items[0];
    const [entry] = await history(contact.id);
    expect(entry).toMatchObject({ action: "create", source: "carddav", actor: "Ada's iPhone", user: { id: admin.id } });
    const created = (await audit("CONTACT_CREATED")).find((e) => JSON.stringify(e).includes(contact.id));
    expect(JSON.stringify(created)).toContain("Ada's iPhone");
  });

  it("purges a contact's earlier values with it and keeps the fact, audited", async () => {
    const created = (await api("POST", "/contacts", { first_name: "Gone", last_name: "Forever", phone: phone() })).json.contact;
    await api("DELETE", `/contacts/${created.id}`);
    expect((await api("DELETE", `/trash/${created.id}`)).status).toBe(204);
    expect((await api("GET", `/contacts/${created.id}/history`)).status).toBe(404);
    const rows = await t.database.db
      .selectFrom("contact_history")
      .select(["action", "changes"])
      .where("contact_id", "=", created.id)
      .execute();
    expect(rows).toEqual([{ action: "purge", changes: "[]" }]);
    const purged = (await audit("CONTACT_PURGED")).find((e) => JSON.stringify(e).includes(created.id));
    expect(JSON.stringify(purged)).toContain("Gone Forever");
  });

  it("pages 50 entries at a time, and restores nothing of a contact in the trash", async () => {
    let contact = (await api("POST", "/contacts", { first_name: "Paged", phone: phone() })).json.contact;
    for (let i = 0; i < 54; i++)
      contact = (await api("PATCH", `/contacts/${contact.id}`, { version: contact.version, notes: `edit ${i}` })).json;
    const first = await api("GET", `/contacts/${contact.id}/history`);
    expect(first.json.items.map((h: any) => h.version)).toEqual(Array.from({ length: 50 }, (_, i) => 55 - i));
    const rest = await api("GET", `/contacts/${contact.id}/history?cursor=${first.json.nextCursor}`);
    expect(rest.json).toMatchObject({ nextCursor: null });
    expect(rest.json.items.map((h: any) => h.version)).toEqual([5, 4, 3, 2, 1]);
    expect((await api("GET", `/contacts/${contact.id}/history?cursor=nonsense`)).status).toBe(400);

    await api("DELETE", `/contacts/${contact.id}`);
    expect((await api("POST", `/contacts/${contact.id}/history/1/restore`)).status).toBe(404);
  });

  it("prunes entries older than HISTORY_DAYS", async () => {
    const created = (await api("POST", "/contacts", { first_name: "Old", phone: phone() })).json.contact;
    await api("PATCH", `/contacts/${created.id}`, { version: 1, notes: "recent" });
    const longAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    await t.database.db
      .updateTable("contact_history")
      .set({ at: longAgo })
      .where("contact_id", "=", created.id)
      .where("version", "=", 1)
      .execute();
    expect(await pruneContactHistory(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await history(created.id)).map((h) => h.version)).toEqual([2]);
  });
});
