import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { createAppPassword, dav } from "../test/dav-client.js";
import { send, signIn } from "../test/requests.js";
import { upload } from "../test/uploads.js";

// Two people edit one contact at once (issue 24): edits of different fields both apply, an edit of a
// field someone else changed since answers 409 naming it with both values, and nothing is lost.
describe.each(engines)("concurrent contact edits (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let ann: string;
  let ben: string;
  let annUser: { id: string; name: string };
  let annLogin: { email: string; password: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t, { name: "Ann Admin" });
    const b = await buildUser(t, { name: "Ben Staff" });
    annUser = { id: a.id, name: a.name };
    annLogin = a;
    org = await buildOrg(t, a.id, "Office");
    await addMember(t, org, b.id, "staff");
    ann = await signIn(t.app, a.email, a.password);
    ben = await signIn(t.app, b.email, b.password);
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body: unknown, cookie: string) =>
    send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
  const phone = (value: string, type = "mobile") => ({ value, type, label: null });
  const email = (value: string) => ({ value, type: "work", label: null });

  // Each its own number: a create with a number the book has merges into that contact.
  let next = 100;
  async function create(extra: Record<string, unknown> = {}) {
    const res = await api(
      "POST",
      "/contacts",
      { first_name: "Cora", last_name: "Shared", phones: [phone(`(555) 011-0${next++}`)], ...extra },
      ann,
    );
    expect(res.status).toBe(201);
    return res.json.contact as { id: string; version: number };
  }
  const read = async (id: string) => (await api("GET", `/contacts/${id}`, undefined, ann)).json;

  it("applies two edits from version 1 of different fields, each answering 200 and the new version", async () => {
    const c = await create();
    const first = await api("PATCH", `/contacts/${c.id}`, { version: 1, notes: "Prefers mornings" }, ann);
    expect(first.status).toBe(200);
    expect(first.json.version).toBe(2);
    const second = await api("PATCH", `/contacts/${c.id}`, { version: 1, job_title: "Buyer" }, ben);
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ version: 3, notes: "Prefers mornings", job_title: "Buyer" });
    expect(await read(c.id)).toMatchObject({ version: 3, notes: "Prefers mornings", job_title: "Buyer", last_name: "Shared" });
  });

  it("answers 409 naming a field someone changed since, with both values, who and when, and writes nothing", async () => {
    const c = await create();
    const first = await api("PATCH", `/contacts/${c.id}`, { version: 1, notes: "Ann's note" }, ann);
    expect(first.status).toBe(200);
    const stale = await api("PATCH", `/contacts/${c.id}`, { version: 1, notes: "Ben's note", job_title: "Buyer" }, ben);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe("VERSION_CONFLICT");
    expect(stale.json.error.message).toBe("Someone else changed this contact while you were editing. Choose which value to keep.");
    expect(stale.json.error.conflicts).toEqual([
      { field: "notes", yours: "Ben's note", theirs: "Ann's note", by: annUser, at: first.json.updated_at },
    ]);
    expect(await read(c.id)).toMatchObject({ version: 2, notes: "Ann's note", job_title: null });

    // Ben keeps his own value and saves again from the version the 409 was about.
    const resent = await api("PATCH", `/contacts/${c.id}`, { version: 2, notes: "Ben's note", job_title: "Buyer" }, ben);
    expect(resent.status).toBe(200);
    expect(await read(c.id)).toMatchObject({ version: 3, notes: "Ben's note", job_title: "Buyer" });
  });

  it("never counts a sent value equal to the stored one as a conflict", async () => {
    const c = await create();
    await api("PATCH", `/contacts/${c.id}`, { version: 1, notes: "Same words" }, ann);
    const same = await api("PATCH", `/contacts/${c.id}`, { version: 1, notes: "Same words", nickname: "Cee" }, ben);
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ version: 3, notes: "Same words", nickname: "Cee" });
  });

  it("treats a list as one field: a phone added beside an e-mail added both apply; two phone edits conflict", async () => {
    const c = await create({ phones: [phone("(555) 010-2000")] });
    const phones = [phone("(555) 010-2000"), phone("(555) 010-2001", "work")];
    const emails = [email("cora@shared.example")];
    const a = await api("PATCH", `/contacts/${c.id}`, { version: 1, phones }, ann);
    const b = await api("PATCH", `/contacts/${c.id}`, { version: 1, emails }, ben);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await read(c.id)).toMatchObject({ version: 3, phones, emails });

    const bensPhones = [phone("(555) 010-2000"), phone("(555) 010-2999", "home")];
    const clash = await api("PATCH", `/contacts/${c.id}`, { version: 1, phones: bensPhones }, ben);
    expect(clash.status).toBe(409);
    expect(clash.json.error.conflicts).toEqual([
      { field: "phones", yours: bensPhones, theirs: phones, by: annUser, at: expect.any(String) },
    ]);
    // The spec's flat `phone` edits the first phone: the phones list, changed since, so the same conflict.
    const flat = await api("PATCH", `/contacts/${c.id}`, { version: 1, phone: "(555) 010-3000" }, ben);
    expect(flat.status).toBe(409);
    expect(flat.json.error.conflicts.map((x: { field: string }) => x.field)).toEqual(["phones"]);
    expect(await read(c.id)).toMatchObject({ version: 3, phones, emails });

    const chosen = await api("PATCH", `/contacts/${c.id}`, { version: 3, phones: bensPhones }, ben);
    expect(chosen.status).toBe(200);
    expect(await read(c.id)).toMatchObject({ version: 4, phones: bensPhones, emails });
  });

  it("keeps the old API for a client that sends every field: only the fields changed since that it sends differently conflict", async () => {
    const c = await create({ notes: "Original", company: "Acme", phones: [phone("(555) 010-4000")] });
    await api("PATCH", `/contacts/${c.id}`, { version: 1, notes: "Ann's update" }, ann);
    const whole = { version: 1, first_name: "Cora", last_name: "Shared", company: "Acme Ltd", notes: "Original", phone: "(555) 010-4000" };
    const stale = await api("PATCH", `/contacts/${c.id}`, whole, ben);
    expect(stale.status).toBe(409);
    expect(stale.json.error.conflicts.map((x: { field: string }) => x.field)).toEqual(["notes"]);
    expect(await read(c.id)).toMatchObject({ version: 2, notes: "Ann's update", company: "Acme" });
    const current = await api("PATCH", `/contacts/${c.id}`, { ...whole, version: 2, notes: "Ann's update" }, ben);
    expect(current.status).toBe(200);
    expect(current.json).toMatchObject({ company: "Acme Ltd", notes: "Ann's update", version: 3 });
  });

  it("checks a contact from before field stamps as if every field changed at its current version", async () => {
    const c = await create({ notes: "Old row" });
    await api("PATCH", `/contacts/${c.id}`, { version: 1, job_title: "Clerk" }, ann);
    await t.database.db.updateTable("contacts").set({ field_stamps: null }).where("id", "=", c.id).execute();
    const differs = await api("PATCH", `/contacts/${c.id}`, { version: 1, notes: "New words" }, ben);
    expect(differs.status).toBe(409);
    expect(differs.json.error.conflicts).toEqual([
      { field: "notes", yours: "New words", theirs: "Old row", by: null, at: expect.any(String) },
    ]);
    // Not knowing when it changed, a field of such a row conflicts only where the value sent differs.
    const same = await api("PATCH", `/contacts/${c.id}`, { version: 1, job_title: "Clerk" }, ben);
    expect(same.status).toBe(200);
    // From then on the row has stamps: the fields written before count as written at that version.
    const after = await api("PATCH", `/contacts/${c.id}`, { version: 2, notes: "New words" }, ben);
    expect(after.status).toBe(200);
  });

  it("counts what a create merged into the contact as changed: its fields conflict, the others apply", async () => {
    const c = await create({ phones: [phone("(555) 010-5000")] });
    const merged = await api("POST", "/contacts", { first_name: "Cora", phone: "(555) 010-5000", email: "cora@merge.example" }, ann);
    expect(merged.json).toMatchObject({ merged: true, changes: ["emails"] });
    const emails = await api("PATCH", `/contacts/${c.id}`, { version: 1, emails: [email("ben@typed.example")] }, ben);
    expect(emails.status).toBe(409);
    expect(emails.json.error.conflicts).toMatchObject([{ field: "emails", by: annUser }]);
    const notes = await api("PATCH", `/contacts/${c.id}`, { version: 1, notes: "Met at the fair" }, ben);
    expect(notes.status).toBe(200);
    expect(await read(c.id)).toMatchObject({ version: 3, notes: "Met at the fair", email: "cora@merge.example" });
  });

  it("counts a CardDAV write's changes as that person's, and keeps CardDAV's whole-card If-Match rule", async () => {
    const c = await create({ phones: [phone("(555) 010-6000")] });
    const device = await createAppPassword(t.app, annLogin.email, annLogin.password, "Ann's phone");
    const path = `/dav/addressbooks/${annUser.id}/${org}/${c.id}.vcf`;
    const etag = (await dav(t.app, "GET", path, { auth: device })).headers.get("etag")!;
    const card = ["BEGIN:VCARD", "VERSION:3.0", "N:Shared;Cora;;;", "FN:Cora Shared", "TEL;TYPE=CELL:(555) 010-6111", "END:VCARD", ""];
    expect((await dav(t.app, "PUT", path, { auth: device, body: card.join("\r\n"), headers: { "If-Match": etag } })).status).toBe(204);

    const other = await api("PATCH", `/contacts/${c.id}`, { version: 1, job_title: "Clerk" }, ben);
    expect(other.status).toBe(200);
    const clash = await api("PATCH", `/contacts/${c.id}`, { version: 1, phone: "(555) 010-6222" }, ben);
    expect(clash.status).toBe(409);
    expect(clash.json.error.conflicts).toMatchObject([{ field: "phones", by: annUser }]);
    // The device's stale ETag still answers 412, whatever fields the app changed.
    expect((await dav(t.app, "PUT", path, { auth: device, body: card.join("\r\n"), headers: { "If-Match": etag } })).status).toBe(412);
  });

  it("counts an import's fills and their undo as changes by whoever ran them", async () => {
    const c = await create({ phones: [phone("(555) 010-7000")] });
    const csv = "First Name,Last Name,Mobile Phone,E-mail Address\r\nCora,Shared,(555) 010-7000,cora@import.example\r\n";
    const run = await upload(t.app, `/api/orgs/${org}/imports`, { bytes: csv, name: "fill.csv" }, {}, ann);
    expect(run.json).toMatchObject({ merged: 1 });
    expect(await read(c.id)).toMatchObject({ version: 2, email: "cora@import.example" });
    expect((await api("POST", `/imports/${run.json.id}/undo`, undefined, ann)).status).toBe(200);
    expect(await read(c.id)).toMatchObject({ version: 3, email: null });

    const notes = await api("PATCH", `/contacts/${c.id}`, { version: 1, notes: "Typed meanwhile" }, ben);
    expect(notes.status).toBe(200);
    // From the version the import wrote: the undo since is what conflicts.
    const emails = await api("PATCH", `/contacts/${c.id}`, { version: 2, email: "ben@typed.example" }, ben);
    expect(emails.status).toBe(409);
    expect(emails.json.error.conflicts).toMatchObject([{ field: "emails", theirs: [], by: annUser }]);
  });

  it("still answers 409 to a version the contact never had", async () => {
    const c = await create();
    const ahead = await api("PATCH", `/contacts/${c.id}`, { version: 5, notes: "From the future" }, ben);
    expect(ahead.status).toBe(409);
    expect((await read(c.id)).version).toBe(1);
  });
});
