import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { upload } from "../test/uploads.js";
import { OXFORD_WORK_ADDRESS } from "../test/rich-contact.js";

// A contact beyond the spec's minimum: every phone, e-mail, address, date and detail is kept, returned,
// searched and matched (issue "Rich contacts").
describe.each(engines)("rich contacts API (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t);
    const s = await buildUser(t);
    org = await buildOrg(t, a.id, "Clinic");
    await addMember(t, org, s.id, "staff");
    admin = await signIn(t.app, a.email, a.password);
    staff = await signIn(t.app, s.email, s.password);
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = admin) =>
    send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });

  const rich = {
    kind: "person",
    name_prefix: "Dr.",
    first_name: "Grace",
    middle_name: "Brewster",
    last_name: "Hopper",
    name_suffix: "PhD",
    phonetic_first_name: "Greys",
    phonetic_last_name: "Hoppa",
    nickname: "Amazing Grace",
    company: "Navy Labs",
    department: "Computing",
    job_title: "Rear Admiral",
    notes: "Bring the nanosecond wire",
    phones: [
      { value: "(615) 777-0101", type: "work", label: null },
      { value: "(615) 777-0102", type: "mobile", label: null },
      { value: "(615) 777-0103", type: "custom", label: "Lab bench" },
    ],
    emails: [
      { value: "grace@navy.example", type: "work", label: null },
      { value: "amazing.grace@home.example", type: "home", label: null },
    ],
    addresses: [
      {
        street: "1 Harbor Way",
        extended: "Suite 9",
        city: "Arlington",
        region: "VA",
        postal_code: "22201",
        country: "USA",
        type: "work",
        label: null,
      },
      { ...OXFORD_WORK_ADDRESS, type: "custom", label: "Summer" },
    ],
    urls: [{ value: "https://grace.example", type: "homepage", label: null }],
    dates: [
      { value: "--12-09", type: "birthday", label: null },
      { value: "1930-06-15", type: "anniversary", label: null },
      { value: "1944-01-01", type: "custom", label: "First program" },
    ],
    custom_fields: [{ value: "B12", type: "custom", label: "Locker" }],
  };

  it("stores every field and list, answers them all on GET, and keeps the spec's fields as the first entries", async () => {
    const created = await api("POST", "/contacts", rich);
    expect(created.status).toBe(201);
    const contact = created.json.contact;
    expect(contact).toMatchObject({
      phone: "(615) 777-0101",
      phone_type: "work",
      phone2: "(615) 777-0102",
      phone2_type: "mobile",
      email: "grace@navy.example",
      address: "1 Harbor Way",
      city: "Arlington",
      province_state: "VA",
      postal_zip_code: "22201",
      job_title: "Rear Admiral",
      nickname: "Amazing Grace",
      birthday: "--12-09",
      photo_etag: null,
    });
    const detail = await api("GET", `/contacts/${contact.id}`);
    expect(detail.status).toBe(200);
    const { phones, emails, addresses, urls, dates, custom_fields, ...singles } = detail.json;
    expect({ phones, emails, addresses, urls, dates, custom_fields }).toEqual({
      phones: rich.phones,
      emails: rich.emails,
      addresses: rich.addresses,
      urls: rich.urls,
      dates: rich.dates,
      custom_fields: rich.custom_fields,
    });
    for (const key of ["name_prefix", "middle_name", "name_suffix", "phonetic_first_name", "phonetic_last_name", "department"] as const)
      expect(singles[key]).toBe(rich[key]);
    // List rows carry what the list shows, not the lists.
    const listed = (await api("GET", `/contacts?q=hopper`)).json.items[0];
    expect(listed).toMatchObject({ id: contact.id, job_title: "Rear Admiral", birthday: "--12-09" });
    expect(listed).not.toHaveProperty("phones");
  });

  it("finds a contact by its third phone, its second e-mail, a second address's city, a custom value and a title", async () => {
    for (const q of ["6157770103", "amazing.grace@home", "oxford", "B12", "rear admiral", "nanosecond"]) {
      const items = (await api("GET", `/contacts?q=${encodeURIComponent(q)}`)).json.items;
      expect(
        items.map((c: { last_name: string }) => c.last_name),
        q,
      ).toEqual(["Hopper"]);
    }
  });

  it("edits only what a request names: a flat phone2 edits the second phone and keeps the third; a list replaces its list", async () => {
    const id = (await api("GET", "/contacts?q=hopper")).json.items[0].id;
    const before = (await api("GET", `/contacts/${id}`)).json;
    const edited = await api("PATCH", `/contacts/${id}`, { version: before.version, phone2: "(615) 777-0199" });
    expect(edited.status).toBe(200);
    const after = (await api("GET", `/contacts/${id}`)).json;
    expect(after.phones.map((p: { value: string }) => p.value)).toEqual(["(615) 777-0101", "(615) 777-0199", "(615) 777-0103"]);
    expect(after.emails).toEqual(rich.emails);

    const replaced = await api("PATCH", `/contacts/${id}`, { version: after.version, emails: [{ value: "g@navy.example", type: "work" }] });
    expect(replaced.status).toBe(200);
    expect(replaced.json.email).toBe("g@navy.example");
    expect((await api("GET", `/contacts/${id}`)).json.emails).toEqual([{ value: "g@navy.example", type: "work", label: null }]);

    const both = await api("PATCH", `/contacts/${id}`, { version: replaced.json.version, email: "x@example.com", emails: [] });
    expect(both.status).toBe(400);
    expect(both.json.error.message).toBe("Send either email or emails, not both");
  });

  it.each([
    [{ dates: [{ value: "2026-02-30", type: "birthday" }] }, "Please enter a date as YYYY-MM-DD (or --MM-DD without a year)"],
    [{ urls: [{ value: "javascript:alert(1)", type: "homepage" }] }, "Please enter a web address (http or https)"],
    [{ emails: [{ value: "nope", type: "home" }] }, "Please enter a valid email address"],
    [{ phone: undefined, phones: [{ value: "12", type: "mobile" }] }, "Please enter a valid phone number (7-16 digits)"],
    [{ phone: undefined, phones: [{ value: "(615) 777-0300", type: "pigeon" }] }, "Unknown phone type 'pigeon'"],
  ])("refuses %j with a clear message and stores nothing", async (body, message) => {
    const before = (await api("GET", "/contacts/counts")).json.all;
    const res = await api("POST", "/contacts", { first_name: "Bad", phone: "(615) 777-0400", ...body });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(message);
    expect((await api("GET", "/contacts/counts")).json.all).toBe(before);
  });

  it("answers malformed shapes with 400, never 500, and stores nothing", async () => {
    const before = (await api("GET", "/contacts/counts")).json.all;
    for (const body of [
      { first_name: "Bad", phones: "x" },
      { first_name: "Bad", phones: [{ value: 5550100999 }] },
      { first_name: "Bad", phone: "(615) 777-0401", emails: [1, 2] },
      { first_name: "Bad", phone: "(615) 777-0401", kind: "robot" },
      { first_name: "Bad", phone: "(615) 777-0401", dates: [{ value: 20260101, type: "birthday" }] },
      { first_name: "Bad", phone: { number: 1 } },
      { first_name: "Bad", phone: "(615) 777-0401", addresses: [{ type: "home" }] },
    ]) {
      const res = await api("POST", "/contacts", body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect((await api("GET", "/contacts/counts")).json.all).toBe(before);
  });

  it("matches a new contact by any of an existing contact's phones, and lists shared phones and e-mails as duplicates", async () => {
    const merged = await api("POST", "/contacts", {
      first_name: "Grace",
      phone: "+1 615 777 0103",
      emails: [{ value: "grace@lab.example" }],
    });
    expect(merged.status).toBe(201);
    expect(merged.json.merged).toBe(true);
    expect(merged.json.changes).toEqual(["emails"]);

    const twin = await api("POST", "/contacts", {
      first_name: "Gracie",
      phone: "(615) 777-0103",
      email: "g@navy.example",
      on_duplicate: "new",
    });
    expect(twin.json.merged).toBe(false);
    const groups = (await api("GET", "/contacts/duplicates")).json.items;
    expect(
      groups.map((g: { kind: string; normalized_phone: string; contact_count: number }) => [g.kind, g.normalized_phone, g.contact_count]),
    ).toEqual([
      ["email", "g@navy.example", 2],
      ["phone", "(615) 777-0103", 2],
    ]);
  });

  it("names a contact holding the typed e-mail (any of its e-mails) when asked, and never merges by e-mail alone", async () => {
    // Grace's work address since her e-mails were replaced above (Gracie, added after her, holds it too).
    const byEmail = await api("GET", `/contacts/phone-match?phone=&email=${encodeURIComponent("G@Navy.example")}`);
    expect(byEmail.json.match).toMatchObject({ name: "Grace Hopper", by: "email" });
    const asked = await api("POST", "/contacts", {
      first_name: "Office",
      phone: "(615) 777-0601",
      email: "g@navy.example",
      on_duplicate: "ask",
    });
    expect(asked.status).toBe(409);
    expect(asked.json.error).toMatchObject({ code: "DUPLICATE_EMAIL", message: "This e-mail address already belongs to Grace Hopper." });
    const merged = await api("POST", "/contacts", { first_name: "Office", phone: "(615) 777-0601", email: "g@navy.example" });
    expect(merged.json).toMatchObject({ merged: false, contact: { first_name: "Office" } });
  });

  it("filters and orders by birthday", async () => {
    await api("POST", "/contacts", { first_name: "April", phone: "(615) 777-0501", dates: [{ value: "1990-04-02", type: "birthday" }] });
    await api("POST", "/contacts", { first_name: "Early April", phone: "(615) 777-0502", dates: [{ value: "--04-01", type: "birthday" }] });
    const april = (await api("GET", "/contacts?filter=birthdays&month=04&sort=birthday")).json.items;
    expect(april.map((c: { first_name: string; birthday: string }) => [c.first_name, c.birthday])).toEqual([
      ["Early April", "--04-01"],
      ["April", "1990-04-02"],
    ]);
    expect((await api("GET", "/contacts/counts?month=04")).json.birthdays).toBe(2);
    // Under a search, one pass over the matches counts every chip.
    expect((await api("GET", "/contacts/counts?q=april&month=04")).json).toEqual({ all: 2, favorites: 0, recent: 0, birthdays: 2 });
    // The month's birthdays come by day whatever the list's sort.
    const byName = (await api("GET", "/contacts?filter=birthdays&month=04&sort=first_name")).json.items;
    expect(byName.map((c: { first_name: string }) => c.first_name)).toEqual(["Early April", "April"]);
    const byBirthday = (await api("GET", "/contacts?sort=birthday&limit=3")).json.items;
    expect(byBirthday.map((c: { first_name: string }) => c.first_name)).toEqual(["Early April", "April", "Grace"]);
  });

  it("follows the organization's phone rule: on by default; off, a contact with only an e-mail is taken", async () => {
    const onlyEmail = { first_name: "Mail", emails: [{ value: "mail@example.com", type: "home" }] };
    const refused = await api("POST", "/contacts", onlyEmail);
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe("Phone number is required");

    expect((await send(t.app, "PATCH", `/api/orgs/${org}`, { cookie: staff, body: { requirePhone: false } })).status).toBe(403);
    const off = await send(t.app, "PATCH", `/api/orgs/${org}`, { cookie: admin, body: { requirePhone: false } });
    expect(off.json).toMatchObject({ requirePhone: false });
    expect((await send(t.app, "GET", "/api/orgs", { cookie: staff })).json.items[0]).toMatchObject({ requirePhone: false });

    const taken = await api("POST", "/contacts", onlyEmail, staff);
    expect(taken.status).toBe(201);
    expect(taken.json.contact).toMatchObject({ phone: null, email: "mail@example.com" });
    // The importer follows the same rule: its preview and its run take a row without a number.
    const file = { bytes: "Name,E-mail\r\nMail Only,mail.only@example.com\r\n", name: "mail.csv" };
    const preview = await upload(t.app, `/api/orgs/${org}/imports/preview`, file, {}, admin);
    expect(preview.json.contacts[0]).toMatchObject({ error: null, data: { first_name: "Mail", phones: [] } });
    const imported = await upload(t.app, `/api/orgs/${org}/imports`, file, {}, admin);
    expect(imported.json).toMatchObject({ status: "done", imported: 1, failed: 0 });
    // A phone that is given must still be a phone.
    expect((await api("POST", "/contacts", { ...onlyEmail, phone: "12" })).json.error.message).toBe(
      "Please enter a valid phone number (7-16 digits)",
    );
    await send(t.app, "PATCH", `/api/orgs/${org}`, { cookie: admin, body: { requirePhone: true } });
  });
});
