import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import iconv from "iconv-lite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { csvOf, upload } from "../test/uploads.js";

const GOOGLE_HEADERS = [
  "First Name",
  "Middle Name",
  "Last Name",
  "Organization Name",
  "E-mail 1 - Label",
  "E-mail 1 - Value",
  "Phone 1 - Label",
  "Phone 1 - Value",
  "Phone 2 - Label",
  "Phone 2 - Value",
  "Notes",
];
const OUTLOOK_HEADERS = [
  "Title",
  "First Name",
  "Middle Name",
  "Last Name",
  "Company",
  "Business Street",
  "Business City",
  "Business State",
  "Business Postal Code",
  "Business Phone",
  "Mobile Phone",
  "E-mail Address",
  "Notes",
];

/** Windows-1252 bytes, as Outlook writes them (one byte per character here). */
const cp1252 = (text: string) => Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));

describe.each(engines)("imports API (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let admin: string;
  let staff: string;
  let outsider: string;
  let adminId: string;
  let serial = 0;
  /** A phone number no other test uses. */
  const phone = () => `+1 212 555 ${String(1000 + ++serial).padStart(4, "0")}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t);
    adminId = a.id;
    const s = await buildUser(t);
    const o = await buildUser(t);
    org = await buildOrg(t, a.id);
    otherOrg = await buildOrg(t, o.id, "Other");
    await addMember(t, org, s.id, "staff");
    admin = await signIn(t.app, a.email, a.password);
    staff = await signIn(t.app, s.email, s.password);
    outsider = await signIn(t.app, o.email, o.password);
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = staff, orgId = org) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie, body });
  const importFile = (bytes: Uint8Array | string, name: string, fields: Record<string, string> = {}, cookie = staff, orgId = org) =>
    upload(t.app, `/api/orgs/${orgId}/imports`, { bytes, name }, fields, cookie);
  const preview = (bytes: Uint8Array | string, name: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    upload(t.app, `/api/orgs/${org}/imports/preview`, { bytes, name }, fields, staff, headers);
  const search = async (q: string) => (await api("GET", `/contacts?q=${encodeURIComponent(q)}&limit=100`)).json.items as any[];
  const total = async () => (await api("GET", "/contacts/counts")).json.all as number;
  /** A run once it has ended: a busy machine may answer a larger file while it is still running. */
  const finished = async (run: any) => {
    for (let i = 0; run.status === "running" && i < 400; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (await api("GET", `/imports/${run.id}`)).json;
    }
    return run;
  };

  it("previews a Google Contacts export: encoding, delimiter, header and the guessed mapping", async () => {
    const csv = csvOf(GOOGLE_HEADERS, [
      {
        "First Name": "Ada",
        "Last Name": "Lovelace",
        "E-mail 1 - Value": "ada@example.com",
        "Phone 1 - Label": "Mobile",
        "Phone 1 - Value": phone(),
      },
    ]);
    const res = await preview(csv, "contacts.csv");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      format: "csv",
      encoding: "utf-8",
      delimiter: ",",
      hasHeader: true,
      headers: GOOGLE_HEADERS,
      estimatedRows: 1,
    });
    // Every column has a place: Google's numbered groups fill one entry each, part by part.
    const targets = res.json.mapping.map((m: any) => [m.target, m.part ?? null, m.entry ?? null]);
    expect(targets).toEqual([
      ["first_name", null, null],
      ["middle_name", null, null],
      ["last_name", null, null],
      ["company", null, null],
      ["emails", "label", 1],
      ["emails", "value", 1],
      ["phones", "label", 1],
      ["phones", "value", 1],
      ["phones", "label", 2],
      ["phones", "value", 2],
      ["notes", null, null],
    ]);
    expect(res.json.sample[1].slice(0, 3)).toEqual(["Ada", "", "Lovelace"]);
  });

  it("previews an Outlook export written in Windows-1252 with semicolons and reads its accents", async () => {
    const row = ["", "Renée", "", "Müller", "Café Noël", "1 Rue de la Paix", "Zürich", "ZH", "8001", phone(), "", "renee@example.com", ""];
    const text = [OUTLOOK_HEADERS.join(";"), row.join(";")].join("\r\n");
    const res = await preview(cp1252(text), "outlook.csv");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ format: "csv", encoding: "windows-1252", delimiter: ";", hasHeader: true });
    expect(res.json.sample[1]).toEqual(row);
    const byHeader = Object.fromEntries(
      OUTLOOK_HEADERS.map((h, i) => {
        const m = res.json.mapping[i];
        return [h, [m.target, m.part, m.type].filter(Boolean).join(".")];
      }),
    );
    // The business address is an address of type work, part by part (it was left out before).
    expect(byHeader).toMatchObject({
      "First Name": "first_name",
      "Last Name": "last_name",
      Company: "company",
      "Business Street": "addresses.street.work",
      "Business City": "addresses.city.work",
      "Business State": "addresses.region.work",
      "Business Postal Code": "addresses.postal_code.work",
      "Business Phone": "phones.value.work",
      "Mobile Phone": "phones.value.mobile",
      "E-mail Address": "emails.value",
    });
  });

  it("reads a file in the uploader's code page, or in the encoding chosen in the preview, and imports it so", async () => {
    const tel = phone();
    // Excel on a Czech Windows: Windows-1250, whose Czech letters are other, real letters in Windows-1252.
    const bytes = new Uint8Array(iconv.encode(`First Name,Last Name,Mobile Phone\r\nJiří,Dvořák,${tel}\r\n`, "windows-1250"));
    const header = ["First Name", "Last Name", "Mobile Phone"];
    const guessed = await preview(bytes, "kontakty.csv");
    expect(guessed.json).toMatchObject({ encoding: "windows-1252", sample: [header, ["Jiøí", "Dvoøák", tel]] });
    const czech = await preview(bytes, "kontakty.csv", {}, { "accept-language": "cs-CZ,cs;q=0.9,en;q=0.8" });
    expect(czech.json).toMatchObject({ encoding: "windows-1250", sample: [header, ["Jiří", "Dvořák", tel]] });
    const chosen = await preview(bytes, "kontakty.csv", { encoding: "windows-1250" });
    expect(chosen.json).toMatchObject({ encoding: "windows-1250", sample: [header, ["Jiří", "Dvořák", tel]] });

    const unknown = await importFile(bytes, "kontakty.csv", { encoding: "latin-2" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe("Unknown text encoding");
    expect(await search("Dvo")).toEqual([]);

    const res = await importFile(bytes, "kontakty.csv", { encoding: "windows-1250" });
    expect(res.json).toMatchObject({ status: "done", imported: 1 });
    expect((await search("Dvořák")).map((c) => `${c.first_name} ${c.last_name}`)).toEqual(["Jiří Dvořák"]);
  });

  it("keeps an Outlook file's curly apostrophes, quotes, dashes and euro signs (Windows-1252 bytes 0x80-0x9F)", async () => {
    const text = `First Name,Last Name,Mobile Phone,Notes\r\nSeán,O’Brien,${phone()},“VIP” – pays in €\r\n`;
    const res = await importFile(new Uint8Array(iconv.encode(text, "windows-1252")), "outlook.csv");
    expect(res.json).toMatchObject({ status: "done", imported: 1 });
    const [sean] = await search("O’Brien");
    expect(sean).toMatchObject({ first_name: "Seán", last_name: "O’Brien", notes: "“VIP” – pays in €" });
  });

  it("reads the table under a sheet's title and date rows, and imports its rows only", async () => {
    const tel = phone();
    const text = [
      "Parish contacts,,,",
      "Exported:,2024-03-01,,",
      ",,,",
      "Name,Phone,Email,Notes",
      `Ada Lovelace,${tel},ada@example.com,choir`,
      "Charles Babbage,,charles@example.com,",
    ].join("\r\n");
    const shown = await preview(text, "parish.csv");
    expect(shown.json).toMatchObject({
      hasHeader: true,
      firstRow: 4,
      headers: ["Name", "Phone", "Email", "Notes"],
      estimatedRows: 2,
      sample: [["Name", "Phone", "Email", "Notes"], ["Ada Lovelace", tel, "ada@example.com", "choir"], expect.any(Array)],
    });
    expect(shown.json.mapping.map((m: any) => m.target)).toEqual(["full_name", "phones", "emails", "notes"]);

    const res = await importFile(text, "parish.csv");
    expect(res.json).toMatchObject({ status: "done", total: 2, imported: 1, failed: 1 });
    expect(res.json.errors).toEqual([{ row: "Row 6", message: "Row 6: Missing phone number" }]);
    expect((await search("Lovelace")).map((c) => [c.first_name, c.last_name, c.notes])).toEqual([["Ada", "Lovelace", "choir"]]);
    expect(await search("Parish contacts")).toEqual([]);
  });

  it("previews a vCard file as its first cards", async () => {
    const tel = phone();
    const vcf = `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace Hopper\r\nN:Hopper;Grace;;;\r\nTEL;TYPE=CELL:${tel}\r\nEMAIL:grace@example.com\r\nEND:VCARD\r\n`;
    const res = await preview(vcf, "grace.vcf");
    expect(res.json).toMatchObject({ format: "vcard", estimatedRows: 1, sample: [["Grace Hopper", tel, "grace@example.com"]] });
  });

  it("imports the spec's CSV layout: counts, per-row reasons, the list shows the contacts, usage and audit recorded", async () => {
    const [p1, p2] = [phone(), phone()];
    const csv = csvOf(
      ["name", "last_name", "phone", "email", "notes"],
      [
        { name: "Zelda", last_name: "Fitzgerald", phone: p1, email: "zelda@example.com", notes: 'Line one\nline two, with "quotes"' },
        { name: "Nophone", last_name: "Person" },
        { name: "Scott", last_name: "Fitzgerald", phone: p2, email: "not-an-email" },
      ],
    );
    const before = await total();
    const res = await importFile(csv, "spec.csv");
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "done", format: "csv", total: 3, processed: 3, imported: 2, merged: 0, failed: 1 });
    expect(res.json.errors).toEqual([{ row: "Row 3", message: "Row 3: Missing phone number" }]);
    expect(res.json.notices.map((n: any) => n.message)).toEqual([expect.stringMatching(/^Row 4: .*e-mail/i)]);
    expect(await total()).toBe(before + 2);
    const found = await search("Fitzgerald");
    expect(found.map((c) => c.first_name).sort()).toEqual(["Scott", "Zelda"]);
    expect(found.find((c) => c.first_name === "Zelda")).toMatchObject({
      email: "zelda@example.com",
      notes: 'Line one\nline two, with "quotes"',
    });
    expect(found.find((c) => c.first_name === "Scott").email).toBeNull();

    const period = new Date().toISOString().slice(0, 7);
    const usage = await t.database.db
      .selectFrom("usage_stats")
      .selectAll()
      .where("organization_id", "=", org)
      .where("period", "=", period)
      .execute();
    expect(usage.reduce((sum, u) => sum + Number(u.imports), 0)).toBeGreaterThanOrEqual(2);
    const audit = await t.database.db.selectFrom("audit_logs").select("operation").where("record_id", "=", res.json.id).execute();
    expect(audit.map((a) => a.operation)).toEqual(["IMPORT_COMPLETED"]);
  });

  it("merges a row into the contact with the same phone and a name that agrees, fills only its empty fields and names it in the summary", async () => {
    const tel = phone();
    const existing = await api("POST", "/contacts", { first_name: "Jane", last_name: "Doe", phone: tel });
    expect(existing.status).toBe(201);
    const formatted = tel.replace("+1 ", "(").replace(" 555 ", ") 555-");
    const csv = csvOf(
      ["First Name", "Last Name", "Phone", "E-mail", "Company"],
      [
        { "First Name": "Jane", "Last Name": "", Phone: formatted, "E-mail": "jane@example.com", Company: "Acme" },
        { "First Name": "Jane", "Last Name": "Doe", Phone: tel, Company: "Ignored Inc" },
      ],
    );
    const before = await total();
    const res = await importFile(csv, "merge.csv");
    expect(res.json).toMatchObject({ status: "done", imported: 0, merged: 2, failed: 0 });
    expect(res.json.notices).toEqual([{ row: "Row 2", message: "Row 2: merged into Jane Doe" }]);
    const contact = (await api("GET", `/contacts/${existing.json.contact.id}`)).json;
    expect(contact).toMatchObject({ first_name: "Jane", last_name: "Doe", email: "jane@example.com", company: "Acme" });
    expect(await total()).toBe(before);

    const again = await importFile(csv, "merge.csv");
    expect(again.json).toMatchObject({ imported: 0, merged: 2 });
    expect(await total()).toBe(before);
  });

  it("matches people, not only numbers: an Outlook row sharing John Smith's office line is Bob Smith, a new contact", async () => {
    const office = phone();
    const john = (await api("POST", "/contacts", { first_name: "John", last_name: "Smith", company: "Acme", phone: office })).json.contact;
    const csv = csvOf(OUTLOOK_HEADERS, [
      { "First Name": "Bob", "Last Name": "Smith", Company: "Acme", "Business Phone": office, "E-mail Address": "bob@acme.example" },
    ]);
    const shown = (await preview(csv, "outlook.csv")).json;
    expect(shown).toMatchObject({ matches: [], matchCount: 0 });
    const res = await importFile(csv, "outlook.csv", { mode: "update" });
    expect(res.json).toMatchObject({ status: "done", imported: 1, merged: 0, failed: 0 });
    expect(res.json.notices).toEqual([
      {
        row: "Row 2",
        message: "Row 2: added as a new contact: it shares a number or e-mail address with John Smith, whose name differs",
      },
    ]);
    expect((await api("GET", `/contacts/${john.id}`)).json).toMatchObject({ first_name: "John", last_name: "Smith", email: null });
    expect((await search("bob@acme.example")).map((c) => [c.first_name, c.last_name])).toEqual([["Bob", "Smith"]]);
  });

  it("matches a row by a shared e-mail too; the preview lists the rows that will change contacts, and one can be left out", async () => {
    const [annPhone, carlPhone, newPhone, otherPhone] = [phone(), phone(), phone(), phone()];
    const ann = (await api("POST", "/contacts", { first_name: "Ann", last_name: "Lee", phone: annPhone, email: "ann.lee@example.com" }))
      .json.contact;
    const carl = (await api("POST", "/contacts", { first_name: "Carl", last_name: "Diaz", phone: carlPhone })).json.contact;
    const csv = csvOf(
      ["First Name", "Last Name", "Phone", "E-mail", "Company"],
      [
        { "First Name": "ann", "Last Name": "LEE", Phone: newPhone, "E-mail": "Ann.Lee@example.com" },
        { "First Name": "Carl", "Last Name": "", Phone: carlPhone, Company: "Diaz & Co" },
        { "First Name": "Nadia", "Last Name": "New", Phone: otherPhone },
      ],
    );
    const shown = (await preview(csv, "people.csv")).json;
    expect(shown.matchCount).toBe(2);
    expect(shown.matches).toEqual([
      { row: "Row 2", contactId: ann.id, contactName: "Ann Lee", by: "email" },
      { row: "Row 3", contactId: carl.id, contactName: "Carl Diaz", by: "phone" },
    ]);
    const refused = await importFile(csv, "people.csv", { exclude: "Row 3" });
    expect(refused.status).toBe(400);
    const res = await importFile(csv, "people.csv", { exclude: JSON.stringify(["Row 3"]) });
    expect(res.json).toMatchObject({ status: "done", imported: 1, merged: 1, skipped: 1 });
    expect(res.json.notices).toContainEqual({ row: "Row 3", message: "Row 3: left out, as chosen in the preview" });
    const annNow = (await api("GET", `/contacts/${ann.id}`)).json;
    expect(annNow.phones.map((p: { value: string }) => p.value)).toEqual([annPhone, newPhone]);
    expect((await api("GET", `/contacts/${carl.id}`)).json.company).toBeNull();
  });

  it("re-importing the same file adds no contact, and rows of one file with the same phone merge", async () => {
    const [p1, p2] = [phone(), phone()];
    const csv = csvOf(
      ["name", "phone", "email"],
      [
        { name: "Twin", phone: p1 },
        { name: "Twin", phone: p1, email: "twin@example.com" },
        { name: "Other", phone: p2 },
      ],
    );
    const before = await total();
    const first = await importFile(csv, "twins.csv");
    expect(first.json).toMatchObject({ imported: 2, merged: 1 });
    const second = await importFile(csv, "twins.csv");
    expect(second.json).toMatchObject({ imported: 0, merged: 3 });
    expect(await total()).toBe(before + 2);
    expect((await search("Twin")).map((c) => c.email)).toEqual(["twin@example.com"]);
  });

  it("imports a file of several batches in order: a later batch merges into contacts an earlier one created", async () => {
    // 4,600 rows are three batches; rows 4100-4599 repeat the numbers of rows 3400-3899 with an e-mail, and
    // every thousandth row has no number. (A file this large is prepared on a thread of its own, batches
    // ahead of the writes.)
    const number = (i: number) => `+1 415 55${String(i).padStart(5, "0")}`;
    const rows = Array.from({ length: 4600 }, (_, i): Record<string, string> =>
      i >= 4100
        ? { name: `batch ${i - 700}`, phone: number(i - 700), email: `again${i}@example.com` }
        : { name: `Batch ${i}`, phone: i % 1000 === 999 ? "" : number(i) },
    );
    const before = await total();
    const run = await finished((await importFile(csvOf(["name", "phone", "email"], rows), "batches.csv")).json);
    expect(run).toMatchObject({ status: "done", total: 4600, processed: 4600, imported: 4096, merged: 500, failed: 4 });
    expect(run.errors.map((e: any) => e.message)).toEqual([1001, 2001, 3001, 4001].map((row) => `Row ${row}: Missing phone number`));
    // The same name in another case is no news.
    expect(run.notices).toHaveLength(0);
    expect(await total()).toBe(before + 4096);
    expect((await search("4155503899")).map((c) => [c.first_name, c.last_name, c.email])).toEqual([
      ["Batch", "3899", "again4599@example.com"],
    ]);
  });

  it("counts every number and e-mail held twice through a file of several batches, for the Duplicates finder", async () => {
    // A book of its own: one contact holds an office line and an e-mail before the file. The file's 4,600
    // rows (three batches) are people of other names: each with a mobile of its own, one of 40 office
    // lines, and an e-mail of its own, but rows 2000-2099 repeat the e-mails of rows 1900-1999 (the batch
    // before theirs, still being written while theirs is planned) and row 10 the first contact's.
    const book = await buildOrg(t, adminId, "Counted");
    const office = (i: number) => `+1 415 57${String(i % 40).padStart(5, "0")}`;
    const email = (i: number) => `c${i >= 2000 && i < 2100 ? i - 100 : i}@count.test`;
    expect(
      (await api("POST", "/contacts", { first_name: "Existing", last_name: "Holder", phone: office(0), email: email(10) }, admin, book))
        .status,
    ).toBe(201);
    const headers = ["First Name", "Last Name", "Phone 1 - Value", "Phone 2 - Value", "E-mail 1 - Value"];
    const rows = Array.from({ length: 4600 }, (_, i) => ({
      "First Name": "Counted",
      "Last Name": `P${i.toString(36)}q`,
      "Phone 1 - Value": `+1 415 56${String(i).padStart(5, "0")}`,
      "Phone 2 - Value": office(i),
      "E-mail 1 - Value": email(i),
    }));
    let run = (await importFile(csvOf(headers, rows), "counted.csv", {}, admin, book)).json;
    for (let i = 0; run.status === "running" && i < 400; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (await api("GET", `/imports/${run.id}`, undefined, admin, book)).json;
    }
    expect(run).toMatchObject({ status: "done", imported: 4600, merged: 0, failed: 0 });
    const db = t.database.db;
    const counted = await db.selectFrom("contact_key_counts").select(["kind", "key", "n"]).where("organization_id", "=", book).execute();
    const held = await db
      .selectFrom("contact_keys")
      .select(({ fn }) => ["kind", "key", fn.countAll<number>().as("n")])
      .where("organization_id", "=", book)
      .groupBy(["kind", "key"])
      .having(({ fn }) => fn.countAll(), ">", 1)
      .execute();
    const sorted = (list: { kind: string; key: string; n: unknown }[]) => list.map((r) => `${r.kind} ${r.key} ${Number(r.n)}`).toSorted();
    expect(sorted(counted)).toEqual(sorted(held));
    // The 40 office lines, the 100 e-mails repeated and the first contact's e-mail.
    expect(held).toHaveLength(141);
    // The first office line: its 115 rows and the first contact.
    expect(Math.max(...held.map((r) => Number(r.n)))).toBe(116);
  });

  it("imports a large vCard file card by card, pictures, UIDs and unmodelled lines included", async () => {
    // 4,200 cards (prepared on a thread of their own); one in the last batch carries a photo, a UID and a
    // property the app has no field for, which must all reach its contact.
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#00ff00" } })
      .jpeg()
      .toBuffer();
    const number = (i: number) => `+1 646 55${String(i).padStart(5, "0")}`;
    const card = (i: number) =>
      ["BEGIN:VCARD", "VERSION:3.0", `FN:Card ${i}`, `N:${i};Card;;;`, `TEL;TYPE=CELL:${number(i)}`]
        .concat(
          i === 4150
            ? [
                `PHOTO;ENCODING=b;TYPE=JPEG:${photo.toString("base64")}`,
                "UID:card-4150@example.com",
                "X-SOCIALPROFILE;TYPE=twitter:@card4150",
              ]
            : [],
          ["END:VCARD"],
        )
        .join("\r\n");
    const run = await finished((await importFile(Array.from({ length: 4200 }, (_, i) => card(i)).join("\r\n"), "many.vcf")).json);
    expect(run).toMatchObject({ status: "done", total: 4200, imported: 4200, failed: 0 });
    const [found] = await search("6465504150");
    expect(found).toMatchObject({ first_name: "Card", last_name: "4150", photo_etag: expect.any(String) });
    const picture = await send(t.app, "GET", `/api/orgs/${org}/contacts/${found.id}/photo`, { cookie: staff });
    expect(picture.status).toBe(200);
    const exported = await (
      await t.app.request(`/api/orgs/${org}/export?format=vcard&q=6465504150`, { headers: { cookie: admin, origin: APP_URL } })
    ).text();
    expect(exported).toContain("UID:card-4150@example.com");
    expect(exported).toContain("X-SOCIALPROFILE;TYPE=twitter:@card4150");
  });

  it("asks once per run what to do with a matching phone: update with the file's values, or skip the row", async () => {
    const tel = phone();
    const created = await api("POST", "/contacts", { first_name: "Mode", last_name: "Tester", company: "Old Co", phone: tel });
    const id = created.json.contact.id as string;
    const csv = csvOf(
      ["First Name", "Last Name", "Phone", "Company"],
      [{ "First Name": "Mode", "Last Name": "Tester", Phone: tel, Company: "New Co" }],
    );
    const skipped = await importFile(csv, "mode.csv", { mode: "skip" });
    expect(skipped.json).toMatchObject({ imported: 0, merged: 0, skipped: 1 });
    expect((await api("GET", `/contacts/${id}`)).json.company).toBe("Old Co");
    const filled = await importFile(csv, "mode.csv", { mode: "fill" });
    expect(filled.json).toMatchObject({ merged: 1 });
    expect((await api("GET", `/contacts/${id}`)).json.company).toBe("Old Co");
    const updated = await importFile(csv, "mode.csv", { mode: "update" });
    expect(updated.json).toMatchObject({ merged: 1 });
    expect((await api("GET", `/contacts/${id}`)).json.company).toBe("New Co");
  });

  it("uses the mapping and header choice the user sends", async () => {
    const tel = phone();
    const csv = `Mapped,${tel},Person Co\r\n`;
    const mapping = JSON.stringify([{ target: "first_name" }, { target: "phone", phoneType: "work" }, { target: "company" }]);
    const res = await importFile(csv, "noheader.csv", { mapping, hasHeader: "false" });
    expect(res.json).toMatchObject({ imported: 1, failed: 0 });
    expect((await search("Person Co"))[0]).toMatchObject({ first_name: "Mapped", company: "Person Co", phone_type: "work" });
    const short = await importFile(csv, "noheader.csv", { mapping: JSON.stringify([{ target: "first_name" }]), hasHeader: "false" });
    expect(short.status).toBe(400);
  });

  it("imports a vCard file: a broken card fails alone with its own reason", async () => {
    const [p1, p2] = [phone(), phone()];
    const vcf = [
      "BEGIN:VCARD",
      "VERSION:2.1",
      "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=89mile;Zola;;;",
      `TEL;CELL:${p1}`,
      "EMAIL;INTERNET:emile@example.com",
      "ORG:Rougon;Macquart",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:No Phone Here",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:4.0",
      "FN:Victor Hugo",
      `item1.TEL;TYPE=work:tel:${p2}`,
      "NOTE:Les Mis\\, érables\\nvolume 1",
      "END:VCARD",
      "",
    ].join("\r\n");
    const res = await importFile(vcf, "cards.vcf");
    expect(res.json).toMatchObject({ status: "done", format: "vcard", total: 3, imported: 2, failed: 1 });
    expect(res.json.errors).toEqual([{ row: "Contact 2", message: "Contact 2: Missing phone number" }]);
    expect((await search("Zola"))[0]).toMatchObject({ first_name: "Zola", last_name: "Émile", company: "Rougon", phone_type: "mobile" });
    expect((await search("Victor"))[0]).toMatchObject({
      first_name: "Victor",
      last_name: "Hugo",
      notes: "Les Mis, érables\nvolume 1",
      phone_type: "work",
    });
  });

  it("imports values holding control characters without them: a quoted-printable =00, a NUL deep in a CSV file", async () => {
    const [p1, p2, p3] = [phone(), phone(), phone()];
    const vcf = [
      "BEGIN:VCARD",
      "VERSION:2.1",
      "N:Nulcard;Nadia",
      `TEL;CELL:${p1}`,
      "NOTE;ENCODING=QUOTED-PRINTABLE:before=00after=07",
      "END:VCARD",
      "",
    ].join("\r\n");
    const cards = await importFile(vcf, "nul.vcf");
    expect(cards.json).toMatchObject({ status: "done", imported: 1, failed: 0 });
    expect((await search("Nulcard"))[0]).toMatchObject({ first_name: "Nadia", notes: "beforeafter" });

    // A NUL in the first 8 KB marks a binary file (refused whole); further on it is a stray byte.
    const filler = { name: "Padding Person", phone: p2, notes: "x".repeat(4500) };
    const csv = csvOf(["name", "phone", "notes"], [filler, filler, { name: "Nul\u0000row Person", phone: p3, notes: "a\u0000b" }]);
    const rows = await importFile(csv, "nul.csv");
    expect(rows.json).toMatchObject({ status: "done", total: 3, imported: 2, merged: 1, failed: 0 });
    expect((await search("Nulrow"))[0]).toMatchObject({ first_name: "Nulrow", last_name: "Person", notes: "ab" });
  });

  it("downloads the failed rows as a CSV to fix and import again", async () => {
    const csv = csvOf(
      ["name", "phone", "notes"],
      [
        { name: "=cmd|' /C calc'!A0", notes: "no phone" },
        { name: "Fine", phone: phone() },
      ],
    );
    const res = await importFile(csv, "bad rows.csv");
    expect(res.json).toMatchObject({ imported: 1, failed: 1 });
    const download = await t.app.request(`/api/orgs/${org}/imports/${res.json.id}/failed-rows`, {
      headers: { origin: APP_URL, cookie: staff },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain("text/csv");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="bad_rows-failed-rows.csv"');
    // A BOM for spreadsheet programs, and a formula-looking cell defused with an apostrophe.
    expect(Buffer.from(await download.arrayBuffer()).toString("utf8")).toBe(
      "\uFEFFname,phone,notes,Error\r\n'=cmd|' /C calc'!A0,,no phone,Row 2: Missing phone number",
    );
  });

  it("imports picked phone contacts under the native rules", async () => {
    const [p1, p2] = [phone(), phone()];
    const res = await api("POST", "/imports/native", {
      mode: "fill",
      contacts: [
        { name: ["Native Person"], tel: [p1, phone()], email: ["native@example.com", "second@example.com"] },
        { name: [], tel: [p2] },
        { name: ["No Number"], tel: [] },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "done", format: "native", total: 3, imported: 2, failed: 1 });
    expect((await search("Native"))[0]).toMatchObject({ first_name: "Native", last_name: "Person", email: "native@example.com" });
    const unknown = (await search("Unknown")).find(
      (c) => c.phone_digits?.endsWith(p2.replace(/\D/g, "").slice(-7)) || c.first_name === "Unknown",
    );
    expect(unknown).toMatchObject({ first_name: "Unknown" });
  });

  it("undoes an import: created contacts go to the trash, merged fields come back, contacts edited since are listed", async () => {
    const [kept, edited, fresh] = [phone(), phone(), phone()];
    const a = (await api("POST", "/contacts", { first_name: "Keep", last_name: "Me", phone: kept })).json.contact;
    const b = (await api("POST", "/contacts", { first_name: "Edit", last_name: "Me", phone: edited })).json.contact;
    const csv = csvOf(
      ["name", "phone", "email"],
      [
        { name: "Keep", phone: kept, email: "keep@example.com" },
        { name: "Edit", phone: edited, email: "edit@example.com" },
        { name: "Brand New", phone: fresh },
      ],
    );
    const before = await total();
    const run = await importFile(csv, "undo.csv");
    expect(run.json).toMatchObject({ imported: 1, merged: 2, canUndo: true });
    const current = (await api("GET", `/contacts/${b.id}`)).json;
    expect((await api("PATCH", `/contacts/${b.id}`, { version: current.version, notes: "edited by hand" })).status).toBe(200);

    const undone = await api("POST", `/imports/${run.json.id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({
      canUndo: false,
      undoReport: { trashed: 1, restored: 1, editedSince: [{ id: b.id, name: "Edit Me" }] },
    });
    expect(await total()).toBe(before);
    expect((await api("GET", `/contacts/${a.id}`)).json.email).toBeNull();
    expect((await api("GET", `/contacts/${b.id}`)).json.email).toBe("edit@example.com");
    const trash = (await api("GET", "/trash?limit=100", undefined, admin)).json.items as any[];
    expect(trash.some((c) => c.first_name === "Brand")).toBe(true);
    expect((await api("POST", `/imports/${run.json.id}/undo`)).status).toBe(409);
  });

  it("lets only the importer or an admin undo", async () => {
    const run = await importFile(csvOf(["name", "phone"], [{ name: "Admins", phone: phone() }]), "admin.csv", {}, admin);
    const denied = await api("POST", `/imports/${run.json.id}/undo`, undefined, staff);
    expect(denied.status).toBe(403);
    expect((await api("GET", `/imports/${run.json.id}`, undefined, staff)).json.canUndo).toBe(false);
    expect((await api("POST", `/imports/${run.json.id}/undo`, undefined, admin)).status).toBe(200);
  });

  it("lists the organization's imports, newest first", async () => {
    const list = await api("GET", "/imports?limit=2");
    expect(list.status).toBe(200);
    expect(list.json.items).toHaveLength(2);
    expect(list.json.nextCursor).toEqual(expect.any(String));
    const dates = list.json.items.map((i: any) => i.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each([
    [
      "a PNG named .png",
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
      "photo.png",
      415,
      "Only .csv and .vcf files can be imported",
    ],
    [
      "a PNG named .csv",
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
      "photo.csv",
      400,
      "Failed to parse CSV file",
    ],
    ["a CSV named .vcf", "name,phone\nA,5551234567\n", "contacts.vcf", 400, "Failed to parse vCard file"],
    ["prose without a name", "Dear friends.\nSee you soon.", "letter", 415, "Only .csv and .vcf files can be imported"],
    ["a table named .xlsx", "name,phone\nA,5551234567\n", "book.xlsx", 415, "Only .csv and .vcf files can be imported"],
    ["an empty CSV", "", "empty.csv", 400, "Failed to parse CSV file"],
  ])("refuses %s and writes nothing", async (_what, bytes, name, status, message) => {
    const before = (await api("GET", "/imports?limit=100")).json.items.length;
    const res = await importFile(bytes, name);
    expect(res.status).toBe(status);
    expect(res.json.error.message).toBe(message);
    expect((await api("GET", "/imports?limit=100")).json.items.length).toBe(before);
  });

  it("answers another organization's imports with 404 and lets no outsider import", async () => {
    const run = await importFile(csvOf(["name", "phone"], [{ name: "Private", phone: phone() }]), "mine.csv");
    expect((await api("GET", `/imports/${run.json.id}`, undefined, outsider, otherOrg)).status).toBe(404);
    expect((await api("GET", `/imports/${run.json.id}/failed-rows`, undefined, outsider, otherOrg)).status).toBe(404);
    expect((await api("POST", `/imports/${run.json.id}/undo`, undefined, outsider, otherOrg)).status).toBe(404);
    const foreign = await importFile(csvOf(["name", "phone"], [{ name: "Sneaky", phone: phone() }]), "x.csv", {}, outsider, org);
    expect(foreign.status).toBe(404);
    expect(await search("Sneaky")).toEqual([]);
  });

  it("shows a run that stopped mid-way as interrupted, and importing the file again completes it without twins", async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({ name: `Resume${i}`, phone: `+44 20 7946 ${String(i).padStart(4, "0")}` }));
    const csv = csvOf(["name", "phone"], rows);
    const before = await total();
    const run = { json: await finished((await importFile(csv, "resume.csv")).json) };
    expect(run.json).toMatchObject({ status: "done", imported: 1200 });
    // What a crash after the first two batches leaves: those rows committed, the record still 'running'
    // with an old heartbeat, the rest never written.
    const lost = await t.database.db
      .selectFrom("contacts")
      .select("id")
      .where("import_id", "=", run.json.id)
      .orderBy("id")
      .limit(200)
      .execute();
    await t.database.db
      .deleteFrom("contacts")
      .where(
        "id",
        "in",
        lost.map((r) => r.id),
      )
      .execute();
    await t.repos.contacts(org).counter.adjust(-200);
    await t.database.db
      .updateTable("imports")
      .set({ status: "running", processed: 1000, finished_at: null, heartbeat_at: new Date(Date.now() - 5 * 60_000).toISOString() })
      .where("id", "=", run.json.id)
      .execute();
    const shown = await api("GET", `/imports/${run.json.id}`);
    expect(shown.json).toMatchObject({ status: "interrupted", processed: 1000, total: 1200 });

    const rerun = { json: await finished((await importFile(csv, "resume.csv")).json) };
    expect(rerun.json).toMatchObject({ status: "done", imported: 200, merged: 1000, failed: 0 });
    expect(await total()).toBe(before + 1200);
    const names = await t.database.db
      .selectFrom("contacts")
      .select("first_name")
      .where("organization_id", "=", org)
      .where("first_name", "like", "Resume%")
      .where("deleted_at", "is", null)
      .execute();
    expect(new Set(names.map((n) => n.first_name)).size).toBe(1200);
    expect(names).toHaveLength(1200);
  });
});

describe.each(engines)("import size limit (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { IMPORT_MAX_BYTES: "2048" });
    const u = await buildUser(t);
    org = await buildOrg(t, u.id);
    cookie = await signIn(t.app, u.email, u.password);
  });
  afterAll(() => t?.close());

  it("answers 413 over IMPORT_MAX_BYTES and writes nothing", async () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ name: `Big${i}`, phone: `+1 312 555 ${String(i).padStart(4, "0")}` }));
    const res = await upload(t.app, `/api/orgs/${org}/imports`, { bytes: csvOf(["name", "phone"], rows), name: "big.csv" }, {}, cookie);
    expect(res.status).toBe(413);
    expect(res.json.error.message).toBe("File is too large (max 2KB)");
    expect((await send(t.app, "GET", `/api/orgs/${org}/contacts/counts`, { cookie })).json.all).toBe(0);
    expect((await send(t.app, "GET", `/api/orgs/${org}/imports`, { cookie })).json.items).toEqual([]);
    const small = await upload(
      t.app,
      `/api/orgs/${org}/imports`,
      { bytes: csvOf(["name", "phone"], rows.slice(0, 3)), name: "small.csv" },
      {},
      cookie,
    );
    expect(small.json).toMatchObject({ imported: 3 });
  });

  it("asks for a file when the form has none, or the body is not a form, and writes nothing", async () => {
    const form = new FormData();
    form.set("mode", "fill");
    const noFile = await t.app.request(`/api/orgs/${org}/imports`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: "http://localhost:3000" },
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { error: { message: string } }).error.message).toBe("Choose a .csv or .vcf file");
    const json = await send(t.app, "POST", `/api/orgs/${org}/imports`, { cookie, body: { file: "name,phone" } });
    expect(json.status).toBe(400);
    expect(json.json.error.message).toBe("Choose a .csv or .vcf file");
    const cut = await t.app.request(`/api/orgs/${org}/imports/preview`, {
      method: "POST",
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname,phone\r\nAnn,5551234567',
      headers: { cookie, origin: "http://localhost:3000", "content-type": "multipart/form-data; boundary=x" },
    });
    expect(cut.status).toBe(400);
    expect((await send(t.app, "GET", `/api/orgs/${org}/imports`, { cookie })).json.items).toHaveLength(1);
  });
});

describe.each(engines)("the real-world corpus through the API (%s)", (engine) => {
  const corpus = join(import.meta.dirname, "../../../shared/testdata/real-world");
  const files = readdirSync(corpus, { recursive: true, encoding: "utf8" }).filter((f) => /\.(vcf|csv)$/i.test(f));
  let t: TestApp;
  let org: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const u = await buildUser(t);
    org = await buildOrg(t, u.id);
    cookie = await signIn(t.app, u.email, u.password);
  });
  afterAll(() => t?.close());

  it("imports every file to the end, each contact imported, merged or refused with its reason", async () => {
    for (const name of files) {
      const res = await upload(
        t.app,
        `/api/orgs/${org}/imports`,
        { bytes: new Uint8Array(readFileSync(join(corpus, name))), name: basename(name) },
        {},
        cookie,
      );
      if (res.status === 400) {
        expect(res.json.error.message, name).toMatch(/^Failed to parse (CSV|vCard) file$/);
        continue;
      }
      expect(res.status, name).toBe(201);
      const run = res.json;
      expect(run.status, name).toBe("done");
      expect(run.imported + run.merged + run.skipped + run.failed, name).toBe(run.total);
      expect(
        run.errors.every((e: any) => /^(Row|Contact) \d+: .+/.test(e.message)),
        name,
      ).toBe(true);
    }
    expect((await send(t.app, "GET", `/api/orgs/${org}/contacts/counts`, { cookie })).json.all).toBeGreaterThan(20);
  });
});
