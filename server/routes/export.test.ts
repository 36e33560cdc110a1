import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_PAGE } from "../services/export.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { upload } from "../test/uploads.js";
import { readVCards } from "../vcard/read.js";
import { vcardToCandidate } from "../vcard/to-candidate.js";

const today = () => new Date().toISOString().slice(0, 10);
const period = () => new Date().toISOString().slice(0, 7);

/** Every field an exported format carries back through an import. */
const SPEC_FIELDS = ["first_name", "last_name", "phone", "email", "notes"] as const;
const ALL_FIELDS = [...SPEC_FIELDS, "company", "phone_type", "phone2", "address", "city", "province_state", "postal_zip_code"] as const;

/** A contact with every field, and the characters files get wrong: quotes, commas, line breaks, accents, formulas. */
const RICH = {
  first_name: "Zoë",
  last_name: 'O"Brien, Jr.',
  company: "Acme; Inc.",
  email: "zoe@example.com",
  phone: "+1 555 0100",
  phone_type: "work_mobile",
  phone2: "(555) 555-0123",
  phone2_type: "fax_home",
  address: "12 Main St, Apt 4",
  city: "Springfield",
  province_state: "IL",
  postal_zip_code: "62701",
  notes: 'Line one\nLine "two", with commas; and 日本語 😀',
  is_favorite: true,
};
const FORMULAS = {
  first_name: '=HYPERLINK("http://evil.example","click")',
  last_name: "@SUM(1+1)",
  phone: "-555-0199-22",
  email: "",
  notes: "+cmd|' /C calc'!A0\nsecond line",
};

describe.each(engines)("export API (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let emptyOrg: string;
  let admin: string;
  let adminId: string;
  let staff: string;
  let staffId: string;
  let outsider: string;
  let ownerOfOther: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t, { name: "Ada Admin" });
    const s = await buildUser(t, { name: "Sam Staff" });
    const o = await buildUser(t);
    adminId = a.id;
    staffId = s.id;
    org = await buildOrg(t, a.id);
    emptyOrg = await buildOrg(t, a.id, "Empty");
    otherOrg = await buildOrg(t, o.id, "Other");
    await addMember(t, org, s.id, "staff");
    admin = await signIn(t.app, a.email, a.password);
    staff = await signIn(t.app, s.email, s.password);
    outsider = await signIn(t.app, o.email, o.password);
    ownerOfOther = outsider;
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = admin, orgId = org) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie, body });
  /** The file as bytes decoded without dropping a BOM (Response.text() would). */
  const download = async (query: string, cookie = admin, orgId = org) => {
    const res = await t.app.request(`/api/orgs/${orgId}/export?${query}`, { headers: { cookie, origin: APP_URL } });
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, text, json: res.status === 200 ? undefined : (JSON.parse(text) as any) };
  };
  const create = async (fields: Record<string, unknown>, orgId = org) => {
    const res = await api("POST", "/contacts", fields, admin, orgId);
    expect(res.status).toBe(201);
    return res.json.contact as Record<string, any>;
  };
  const csvRecords = (text: string) => {
    expect(text.startsWith("\uFEFF")).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    return parsed.data;
  };
  const auditRows = async (operation: string, orgId = org) =>
    (
      await t.database.db
        .selectFrom("audit_logs")
        .selectAll()
        .where("organization_id", "=", orgId)
        .where("operation", "=", operation)
        .orderBy("created_at")
        .execute()
    ).map((r) => ({ ...r, data: JSON.parse(r.new_data ?? "null") }));
  const importInto = async (orgId: string, text: string, name: string) => {
    const res = await upload(t.app, `/api/orgs/${orgId}/imports`, { bytes: text, name }, {}, admin);
    expect(res.status).toBe(201);
    let run = res.json;
    for (let i = 0; run.status === "running" && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await api("GET", `/imports/${run.id}`, undefined, admin, orgId)).json;
    }
    expect(run).toMatchObject({ status: "done", failed: 0 });
    return run;
  };
  const allContacts = async (orgId: string) => {
    const items: Record<string, any>[] = [];
    let cursor: string | null = null;
    do {
      const res = await api("GET", `/contacts?sort=first_name&limit=200${cursor ? `&cursor=${cursor}` : ""}`, undefined, admin, orgId);
      items.push(...res.json.items);
      cursor = res.json.nextCursor;
    } while (cursor);
    return items;
  };
  const pick = (contact: Record<string, any>, fields: readonly string[]) =>
    Object.fromEntries(
      fields
        .map((f) => [f, contact[f] ?? null])
        .concat(fields.includes("phone2") && contact.phone2 ? [["phone2_type", contact.phone2_type]] : []),
    );
  const byPhone = (a: Record<string, any>, b: Record<string, any>) => String(a.phone).localeCompare(String(b.phone));

  let rich: Record<string, any>;
  let plain: Record<string, any>;
  let groupId: string;

  beforeAll(async () => {
    // A few milliseconds apart, so creation order (the export's order) is certain.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    rich = await create(RICH);
    await tick();
    plain = await create({ first_name: "Bob", phone: "555 010 0200" });
    await tick();
    await create(FORMULAS);
    const group = await api("POST", "/groups", { name: "Clients", description: null });
    groupId = group.json.id;
    expect((await api("POST", `/groups/${groupId}/members`, { contact_ids: [plain.id] })).status).toBe(201);
  });

  it("streams the spec's CSV: its file name, a BOM, its five columns, every contact oldest first", async () => {
    const res = await download("format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="contacts-export-${today()}.csv"`);
    const records = csvRecords(res.text);
    expect(records[0]).toEqual(["first_name", "last_name", "phone", "email", "notes"]);
    expect(records.slice(1).map((r) => r[0])).toEqual(["Zoë", "Bob", "'" + FORMULAS.first_name]);
    expect(records.find((r) => r[0] === "Zoë")).toEqual(["Zoë", RICH.last_name, "'+1 555 0100", "zoe@example.com", RICH.notes]);
    expect(res.text).toContain("\r\n");
  });

  it("writes formula-like cells as quoted text with a leading apostrophe (OWASP), line breaks included", async () => {
    const res = await download("format=csv");
    const line = res.text.split("\r\n").find((l) => l.includes("HYPERLINK"))!;
    expect(line.startsWith(`"'=HYPERLINK(""http://evil.example"",""click"")","'@SUM(1+1)","'-555-0199-22",,"'+cmd|' /C calc'!A0`)).toBe(
      true,
    );
    const record = csvRecords(res.text).find((r) => r[0]!.includes("HYPERLINK"))!;
    expect(record).toEqual(["'" + FORMULAS.first_name, "'" + FORMULAS.last_name, "'" + FORMULAS.phone, "", "'" + FORMULAS.notes]);
    // No cell of any record starts with a formula character.
    for (const cell of csvRecords(res.text).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("writes the full CSV with every field, in Google's numbered layout, under headers the importer recognises", async () => {
    const res = await download("format=csv-full");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="contacts-full-${today()}.csv"`);
    const [header, ...rows] = csvRecords(res.text);
    expect(header!.slice(0, 4)).toEqual(["Name Prefix", "First Name", "Middle Name", "Last Name"]);
    expect(header).toEqual(expect.arrayContaining(["Organization Name", "Notes", "Phone 1 - Type", "Phone 1 - Value", "Phone 2 - Value"]));
    expect(header).toEqual(expect.arrayContaining(["E-mail 1 - Value", "Address 1 - Street", "Address 1 - City", "Address 1 - Region"]));
    const zoe = Object.fromEntries(header!.map((h, i) => [h, rows.find((r) => r[header!.indexOf("First Name")] === "Zoë")![i]]));
    expect(zoe).toMatchObject({
      "First Name": RICH.first_name,
      "Last Name": RICH.last_name,
      "Organization Name": RICH.company,
      Notes: RICH.notes,
      "Phone 1 - Value": "'+1 555 0100",
      "Phone 2 - Value": RICH.phone2,
      "E-mail 1 - Value": RICH.email,
      "Address 1 - Street": RICH.address,
      "Address 1 - City": RICH.city,
      "Address 1 - Region": RICH.province_state,
      "Address 1 - Postal Code": RICH.postal_zip_code,
    });
    // The importer maps every column back to where it came from.
    const preview = await upload(t.app, `/api/orgs/${emptyOrg}/imports/preview`, { bytes: res.text, name: "full.csv" }, {}, admin);
    expect(preview.json.mapping.map((m: any) => m.target)).not.toContain("custom");
    expect(preview.json.mapping.map((m: any) => m.target)).not.toContain("ignore");
  });

  it("writes vCard 3.0 (.vcf): one card per contact that reads back to the same fields", async () => {
    const res = await download("format=vcard");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="contacts-${today()}.vcf"`);
    expect(res.text.startsWith("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toBe(true);
    for (const line of res.text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const cards = readVCards(Buffer.from(res.text, "utf8").toString("latin1"), "utf-8");
    expect(cards).toHaveLength(3);
    const zoe = cards.map(vcardToCandidate).find((c) => c.singles.first_name === "Zoë")!;
    expect(zoe.singles).toMatchObject({ last_name: RICH.last_name, company: RICH.company, notes: RICH.notes });
    expect(zoe.lists.addresses[0]).toMatchObject({ city: "Springfield" });
    expect(zoe.lists.phones.map(({ value, type }) => ({ value, type }))).toEqual([
      { value: "+1 555 0100", type: "work_mobile" },
      { value: "(555) 555-0123", type: "fax_home" },
    ]);
    expect(cards.find((c) => c.properties.some((p) => p.name === "UID" && p.value === rich.id))).toBeDefined();
  });

  it("exports the current search, a filter, or one group", async () => {
    const names = async (query: string) =>
      csvRecords((await download(`format=csv&${query}`)).text)
        .slice(1)
        .map((r) => r[0]);
    expect(await names("q=zoe")).toEqual(["Zoë"]);
    expect(await names("q=555%20010%200200")).toEqual(["Bob"]);
    expect(await names("filter=favorites")).toEqual(["Zoë"]);
    expect(await names(`group=${groupId}`)).toEqual(["Bob"]);
    expect(await names(`group=${groupId}&q=zoe`)).toEqual([]);
    expect(await names("filter=recent")).toEqual([]);
    for (const opened of [plain, rich]) expect((await api("POST", `/contacts/${opened.id}/access`)).status).toBe(200);
    expect(await names("filter=recent")).toEqual(["Zoë", "Bob"]);
    const summary = await api("GET", `/export/summary?format=vcard&group=${groupId}`);
    expect(summary.json).toEqual({ count: 1, fileName: `contacts-${today()}.vcf` });
    expect((await api("GET", "/export/summary?format=csv")).json.count).toBe(3);
  });

  it("audits a successful export with format, scope and count, and counts it in usage", async () => {
    const before = (await api("GET", "/usage")).json.months.at(-1).exports as number;
    await download(`format=vcard&group=${groupId}`);
    const rows = await auditRows("EXPORT_SUCCESS");
    expect(rows.at(-1)).toMatchObject({
      user_id: adminId,
      table_name: "contacts",
      data: { format: "vcard", scope: "group", group: { id: groupId, name: "Clients" }, count: 1 },
    });
    await download("format=csv&q=zoe&filter=favorites");
    expect((await auditRows("EXPORT_SUCCESS")).at(-1)!.data).toEqual({
      format: "csv",
      scope: "search",
      q: "zoe",
      filter: "favorites",
      count: 1,
    });
    const usage = (await api("GET", "/usage")).json;
    expect(usage.months.at(-1)).toMatchObject({ period: period(), exports: before + 2 });
    expect(usage.people.find((p: any) => p.userId === adminId && p.period === period())).toMatchObject({ name: "Ada Admin" });
  });

  it("refuses staff with the spec's message and audits the attempt with role and reason", async () => {
    const res = await download("format=csv", staff);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe("Access denied: Admin privileges required for data export");
    const denied = await auditRows("EXPORT_DENIED");
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({
      user_id: staffId,
      table_name: "contacts",
      data: { role: "staff", reason: "insufficient_permissions", format: "csv" },
    });
    expect((await api("GET", "/export/summary", undefined, staff)).status).toBe(403);
    expect((await api("GET", "/usage", undefined, staff)).status).toBe(403);
    expect((await api("GET", "/audit", undefined, staff)).status).toBe(403);
  });

  it("answers 404 for another organization, its groups, and outsiders, without auditing anything there", async () => {
    expect((await download("format=csv", outsider)).status).toBe(404);
    expect((await download("format=csv", admin, otherOrg)).status).toBe(404);
    const theirGroup = await api("POST", "/groups", { name: "Theirs", description: null }, ownerOfOther, otherOrg);
    expect((await download(`format=csv&group=${theirGroup.json.id}`)).status).toBe(404);
    expect((await api("GET", "/usage", undefined, outsider)).status).toBe(404);
    expect((await api("GET", "/audit", undefined, outsider)).status).toBe(404);
    expect(await auditRows("EXPORT_DENIED", otherOrg)).toEqual([]);
  });

  it("refuses a bad format or filter with a clear message", async () => {
    const res = await download("format=xlsx");
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("Format must be csv, csv-full, vcard or vcard4");
    expect((await download("filter=nope")).json.error.message).toBe("Filter must be all, favorites or recent");
    expect((await api("GET", "/usage?from=2026-13")).status).toBe(400);
    expect((await api("GET", "/audit?cursor=bogus")).status).toBe(400);
  });

  it("exports 0 contacts as a header alone (CSV) or an empty file (vCard)", async () => {
    const csv = await download("format=csv", admin, emptyOrg);
    expect(csv.status).toBe(200);
    expect(csv.text).toBe("\uFEFFfirst_name,last_name,phone,email,notes\r\n");
    const vcf = await download("format=vcard", admin, emptyOrg);
    expect(vcf.status).toBe(200);
    expect(vcf.text).toBe("");
    expect((await api("GET", "/export/summary", undefined, admin, emptyOrg)).json.count).toBe(0);
    expect((await auditRows("EXPORT_SUCCESS", emptyOrg)).map((r) => r.data.count)).toEqual([0, 0]);
  });

  it.each([
    ["csv", SPEC_FIELDS],
    ["csv-full", ALL_FIELDS],
    ["vcard", ALL_FIELDS],
  ] as const)("round-trips %s: an import into an empty organization gives back the same contacts, no twins", async (format, fields) => {
    const target = await buildOrg(t, adminId, `Round trip ${format}`);
    const exported = await download(`format=${format}`);
    await importInto(target, exported.text, format === "vcard" ? "book.vcf" : "book.csv");
    const original = (await allContacts(org)).map((c) => pick(c, fields)).sort(byPhone);
    const copy = (await allContacts(target)).map((c) => pick(c, fields)).sort(byPhone);
    expect(copy).toEqual(original);
    // The same file again merges into what is there.
    await importInto(target, exported.text, format === "vcard" ? "book.vcf" : "book.csv");
    expect(await allContacts(target)).toHaveLength(original.length);
  });

  it("writes back in vCard what an imported card had beyond the app's fields (its UID, a birthday, a URL)", async () => {
    const source = await buildOrg(t, adminId, "Cards with extras");
    const card = ["BEGIN:VCARD", "VERSION:3.0", "UID:phone-uid-42", "N:Lovelace;Ada;;;", "FN:Ada Lovelace"];
    card.push("TEL;TYPE=CELL:+44 20 7946 0958", "BDAY:1815-12-10", "URL:https://example.com/ada", "END:VCARD", "");
    await importInto(source, card.join("\r\n"), "ada.vcf");
    const exported = await download("format=vcard", admin, source);
    const lines = exported.text.split("\r\n");
    expect(lines).toContain("UID:phone-uid-42");
    expect(lines).toContain("BDAY:1815-12-10");
    expect(lines).toContain("URL:https://example.com/ada");
    expect(lines.filter((l) => l === "BEGIN:VCARD")).toHaveLength(1);
  });

  it("streams a book larger than one page in keyset pages, each contact once", async () => {
    const big = await buildOrg(t, adminId, "Big");
    const total = EXPORT_PAGE * 2 + 17;
    const lines = ["first_name,phone"];
    for (let i = 0; i < total; i++) lines.push(`Person ${String(i).padStart(5, "0")},+1 646 555 ${String(i).padStart(4, "0")}`);
    await importInto(big, lines.join("\r\n"), "big.csv");
    const records = csvRecords((await download("format=csv", admin, big)).text).slice(1);
    expect(records).toHaveLength(total);
    expect(new Set(records.map((r) => r[2])).size).toBe(total);
    const cards = readVCards((await download("format=vcard", admin, big)).text, "utf-8");
    expect(cards).toHaveLength(total);
    expect((await auditRows("EXPORT_SUCCESS", big)).map((r) => r.data.count)).toEqual([total, total]);

    // A download cut short (the browser's Cancel) is audited as such, with what was sent, and not counted.
    const exportsBefore = (await api("GET", "/usage", undefined, admin, big)).json.months.at(-1).exports;
    const res = await t.app.request(`/api/orgs/${big}/export?format=csv`, { headers: { cookie: admin, origin: APP_URL } });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    let failed: Awaited<ReturnType<typeof auditRows>> = [];
    for (let i = 0; i < 50 && failed.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      failed = await auditRows("EXPORT_FAILED", big);
    }
    expect(failed).toHaveLength(1);
    expect(failed[0]!.data).toMatchObject({ format: "csv", scope: "all", reason: "cancelled" });
    expect(failed[0]!.data.count).toBeLessThan(total);
    expect((await api("GET", "/usage", undefined, admin, big)).json.months.at(-1).exports).toBe(exportsBefore);
  });

  it("counts searches (a new search, not its further pages) and imports in usage, per person and month", async () => {
    const usage = async () => (await api("GET", "/usage")).json;
    const mine = (report: any, userId: string) =>
      report.people.find((p: any) => p.userId === userId && p.period === period()) ?? { searches: 0, imports: 0 };
    const before = await usage();
    await api("GET", "/contacts?q=zoe", undefined, staff);
    await api("GET", "/contacts?q=bob", undefined, staff);
    await api("GET", "/contacts?q=bob&cursor=WyJib2IiLCJ4Il0", undefined, staff);
    await api("GET", "/contacts", undefined, staff);
    await upload(
      t.app,
      `/api/orgs/${org}/imports`,
      { bytes: "name,phone\r\nNew One,+1 917 555 0101\r\nNew Two,+1 917 555 0102\r\n", name: "two.csv" },
      {},
      staff,
    );
    const after = await usage();
    expect(mine(after, staffId).searches - mine(before, staffId).searches).toBe(2);
    expect(mine(after, staffId).imports - mine(before, staffId).imports).toBe(2);
    expect(after.months.at(-1).searches - before.months.at(-1).searches).toBe(2);
    expect(after.months).toHaveLength(12);
    const range = (await api("GET", `/usage?from=${period()}&to=${period()}`)).json;
    expect(range.months).toEqual([expect.objectContaining({ period: period() })]);
  });

  it("lists the audit log newest first, filtered by action, person and date, in pages", async () => {
    const all = (await api("GET", "/audit?limit=200")).json.items as any[];
    const operations = all.map((e) => e.operation);
    expect(operations).toEqual(expect.arrayContaining(["EXPORT_SUCCESS", "EXPORT_DENIED", "IMPORT_COMPLETED"]));
    expect(all.map((e) => e.createdAt)).toEqual([...all.map((e) => e.createdAt)].sort().reverse());
    const denied = (await api("GET", "/audit?action=EXPORT_DENIED")).json.items;
    expect(denied).toEqual([
      expect.objectContaining({
        operation: "EXPORT_DENIED",
        user: { id: staffId, name: "Sam Staff", email: expect.any(String) },
        newData: { role: "staff", reason: "insufficient_permissions", format: "csv" },
      }),
    ]);
    const bySam = (await api("GET", `/audit?user=${staffId}&limit=200`)).json.items as any[];
    expect(new Set(bySam.map((e) => e.user.id))).toEqual(new Set([staffId]));
    expect(bySam.map((e) => e.operation)).toEqual(expect.arrayContaining(["EXPORT_DENIED", "IMPORT_COMPLETED"]));
    expect((await api("GET", `/audit?from=${today()}&to=${today()}&limit=200`)).json.items).toHaveLength(all.length);
    expect((await api("GET", "/audit?to=2000-01-01")).json.items).toEqual([]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await api("GET", `/audit?limit=2${cursor ? `&cursor=${cursor}` : ""}`)).json;
      seen.push(...page.items.map((e: any) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it("keeps a download's headers plain (no caching of contact data)", async () => {
    const res = await t.app.request(`/api/orgs/${org}/export?format=csv`, { headers: { cookie: admin, origin: APP_URL } });
    expect(res.headers.get("cache-control")).toBe("no-store");
    await res.body?.cancel();
  });
});
