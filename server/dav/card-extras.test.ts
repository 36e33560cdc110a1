import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRA_LINES_MAX } from "../vcard/extras.js";
import { buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { upload } from "../test/uploads.js";
import { CARDDAV, type DavCredentials, createAppPassword, dav, propfindBody, responsesOf } from "../test/dav-client.js";

// The third review: a card PUT with Alice's phone merged into Alice and brought its other lines along
// (a third TEL, a second EMAIL, a javascript: URL, a remote PHOTO), never shown, unsanitized, sent to
// every member's phone and into exports. A PUT now creates or replaces its own resource, and the lines
// kept beside the fields are cleaned and shown.

const card = (lines: string[], version = "3.0") => ["BEGIN:VCARD", `VERSION:${version}`, ...lines, "END:VCARD", ""].join("\r\n");
const unfolded = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n");

describe.each(engines)("the lines of a device's card without a field (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let owner: { id: string; email: string; password: string };
  let cookie: string;
  let device: DavCredentials;
  let n = 0;
  const phone = () => `555${String(2_000_000 + ++n).slice(1)}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await buildUser(t);
    org = await buildOrg(t, owner.id, "Clinic");
    cookie = await signIn(t.app, owner.email, owner.password);
    device = await createAppPassword(t.app, owner.email, owner.password, "Phone");
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown) => send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
  const book = () => `/dav/addressbooks/${owner.id}/${org}/`;
  const put = (name: string, body: string) => dav(t.app, "PUT", `${book()}${name}`, { auth: device, body });
  const idOf = async (q: string) => (await api("GET", `/contacts?q=${encodeURIComponent(q)}`)).json.items[0].id as string;

  /** The card at `name` as every read path writes it: GET, multiget, a depth-1 listing, a sync from scratch and the vCard export. */
  async function everyReading(name: string, id: string): Promise<string[]> {
    const href = `${book()}${name}`;
    const data = (res: Awaited<ReturnType<typeof dav>>) =>
      responsesOf(res)
        .find((r) => r.href === href)!
        .found.get(`${CARDDAV}|address-data`)!
        .text.replace(/\r?\n/g, "\r\n");
    const get = (await dav(t.app, "GET", href, { auth: device })).text;
    const multiget = await dav(t.app, "REPORT", book(), {
      auth: device,
      body: `<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><C:address-data/></D:prop><D:href>${href}</D:href></C:addressbook-multiget>`,
    });
    const listing = await dav(t.app, "PROPFIND", book(), { auth: device, depth: "1", body: propfindBody([["C", "address-data"]]) });
    const sync = await dav(t.app, "REPORT", book(), {
      auth: device,
      body: `<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><c:address-data/></d:prop></d:sync-collection>`,
    });
    const exported = await t.app.request(`/api/orgs/${org}/export?format=vcard`, { headers: { cookie, origin: APP_URL } });
    const cards = (await exported.text()).split("END:VCARD\r\n").map((c) => `${c}END:VCARD\r\n`);
    const inExport = cards.find((c) => c.includes(`UID:${id}`) || c.includes(name.replace(".vcf", "")))!;
    return [get, data(multiget), data(listing), data(sync), inExport];
  }

  it("makes a new contact of the review's card, leaves Alice as she was, and drops the script and the remote photo everywhere", async () => {
    const alicePhone = phone();
    const alice = (await api("POST", "/contacts", { first_name: "Alice", last_name: "Ames", phone: alicePhone })).json.contact;
    const aliceBefore = (await api("GET", `/contacts/${alice.id}`)).json;
    const res = await put(
      "mallory.vcf",
      card([
        "UID:mallory-uid",
        "N:Mallet;Mallory;;;",
        "FN:Mallory Mallet",
        `TEL;TYPE=CELL:${alicePhone}`,
        "TEL;TYPE=WORK:+1 555 0100 301",
        "TEL;TYPE=HOME:+1 555 0100 302",
        "EMAIL:mallory@example.com",
        "EMAIL;TYPE=WORK:second@example.com",
        "URL:javascript:alert(1)",
        "PHOTO;VALUE=URI:http://evil.test/x.jpg",
      ]),
    );
    expect(res.status, res.text).toBe(201);
    expect((await api("GET", `/contacts/${alice.id}`)).json).toEqual(aliceBefore);
    const id = await idOf("Mallory");
    expect(id).not.toBe(alice.id);
    const mallory = (await api("GET", `/contacts/${id}`)).json;
    expect(mallory).toMatchObject({ first_name: "Mallory", phone: alicePhone, phone2: "+1 555 0100 301", email: "mallory@example.com" });
    // The third number and the second e-mail are fields of Mallory's own (never merged into Alice).
    expect(mallory.phones[2]).toEqual({ value: "+1 555 0100 302", type: "home", label: null });
    expect(mallory.emails[1]).toEqual({ value: "second@example.com", type: "work", label: null });
    expect(mallory.urls).toEqual([]);
    expect(mallory.extras).toEqual([]);
    for (const text of await everyReading("mallory.vcf", "mallory-uid")) {
      const lines = unfolded(text);
      expect(lines.some((l) => /^TEL;TYPE=HOME/.test(l) && l.endsWith(":+1 555 0100 302"))).toBe(true);
      expect(lines.some((l) => /^EMAIL;TYPE=.*WORK/.test(l) && l.endsWith(":second@example.com"))).toBe(true);
      expect(text).not.toMatch(/javascript|evil\.test/i);
    }
    const [stored] = await t.database.db.selectFrom("contacts").select("vcard_extra").where("id", "=", id).execute();
    expect(stored!.vcard_extra).toBeNull();
  });

  it("keeps harmless lines and embedded images, drops scripts, non-image data and every media URI, and caps count and size", async () => {
    const kept = [
      "URL:https://ada.example.com",
      "BDAY:1985-04-12",
      "item1.X-ABRELATEDNAMES:Grace",
      "item1.X-ABLabel:_$!<Sister>!$_",
      "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD",
      "LOGO;VALUE=URI:data:image/png;base64,iVBORw0KGgo=",
    ];
    const dropped = [
      "URL: JaVaScRiPt:alert(1)",
      "X-LINK:vbscript:msgbox(1)",
      "URL:data:text/html;base64,PHNjcmlwdD4=",
      "PHOTO;VALUE=URI:data:image/svg+xml;base64,PHN2Zz4=",
      "LOGO;VALUE=URI:https://evil.test/logo.png",
      "SOUND;VALUE=URI:ftp://evil.test/a.wav",
      "KEY;VALUE=URI:file:///etc/passwd",
      "PHOTO;VALUE=URI:cid:part1",
      'X-EVIL;X-HREF="javascript:alert(1)":hello',
      `X-BIG:${"x".repeat(20_000)}`,
    ];
    const filler = Array.from({ length: EXTRA_LINES_MAX + 20 }, (_, i) => `X-FILLER:${i}`);
    const created = await put("kept.vcf", card(["FN:Kept Lines", `TEL:${phone()}`, ...dropped, ...kept, ...filler]));
    expect(created.status, created.text).toBe(201);
    const id = await idOf("Kept Lines");
    for (const text of await everyReading("kept.vcf", id)) {
      const lines = unfolded(text);
      // The website, birthday and related name are fields now, written back in their own lines; the logo
      // stays as written; the photo this server cannot decode comes back as the device's own bytes.
      for (const line of ["URL:https://ada.example.com", "BDAY:1985-04-12", "LOGO;VALUE=URI:data:image/png;base64,iVBORw0KGgo="])
        expect(lines).toContain(line);
      expect(lines.some((l) => /X-ABRELATEDNAMES:Grace$/.test(l))).toBe(true);
      expect(lines.some((l) => l.startsWith("PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAA"))).toBe(true);
      for (const line of dropped) expect(lines).not.toContain(line);
      expect(text).not.toMatch(/javascript|vbscript|evil\.test|svg|text\/html|xxxxxxxxxx/i);
      // The photo and the logo are the kept lines before the fillers.
      expect(lines.filter((l) => l.startsWith("X-FILLER:"))).toHaveLength(EXTRA_LINES_MAX - 2);
    }
    const detail = (await api("GET", `/contacts/${id}`)).json;
    expect(detail).toMatchObject({ birthday: "1985-04-12", urls: [{ value: "https://ada.example.com" }] });
    expect(detail.custom_fields).toEqual([{ value: "Grace", type: "custom", label: "Sister" }]);
    expect(detail.extras.slice(0, 2)).toEqual([
      { name: "PHOTO", params: { TYPE: "JPEG" }, value: "(embedded image, 1 KB)" },
      { name: "LOGO", params: {}, value: "(embedded image, 1 KB)" },
    ]);
  });

  it("writes lines stored before the rule without the harmful ones, and shows what remains", async () => {
    expect((await put("older.vcf", card(["FN:Older Card", `TEL:${phone()}`]))).status).toBe(201);
    const id = await idOf("Older Card");
    await t.database.db
      .updateTable("contacts")
      .set({ vcard_extra: "URL:javascript:alert(1)\nPHOTO;VALUE=URI:http://evil.test/x.jpg\nBDAY:1990-01-01" })
      .where("id", "=", id)
      .execute();
    for (const text of await everyReading("older.vcf", id)) {
      expect(unfolded(text)).toContain("BDAY:1990-01-01");
      expect(text).not.toMatch(/javascript|evil\.test/);
    }
    expect((await api("GET", `/contacts/${id}`)).json.extras).toEqual([{ name: "BDAY", params: {}, value: "1990-01-01" }]);
  });

  it("replaces a card's lines when the device writes it again at its ETag", async () => {
    expect((await put("again.vcf", card(["FN:Again Card", `TEL:${phone()}`, "BDAY:1970-01-01", "NICKNAME:Old"]))).status).toBe(201);
    const got = await dav(t.app, "GET", `${book()}again.vcf`, { auth: device });
    const res = await dav(t.app, "PUT", `${book()}again.vcf`, {
      auth: device,
      body: card(["FN:Again Card", "TEL:5550101010", "NICKNAME:New", "URL:javascript:alert(2)"]),
      headers: { "If-Match": got.headers.get("etag")! },
    });
    expect(res.status).toBe(204);
    const again = (await api("GET", `/contacts/${await idOf("Again Card")}`)).json;
    expect(again).toMatchObject({ nickname: "New", birthday: null, urls: [], extras: [] });
  });

  it("cleans the lines of an imported vCard file the same way", async () => {
    const vcf = card([
      "FN:Imported Iris",
      `TEL:${phone()}`,
      "URL:javascript:alert(3)",
      "NICKNAME:Iris",
      "PHOTO;VALUE=URI:https://evil.test/i.jpg",
    ]);
    const res = await upload(t.app, `/api/orgs/${org}/imports`, { bytes: vcf, name: "iris.vcf" }, {}, cookie);
    expect(res.status, res.text).toBeLessThan(300);
    expect(res.json).toMatchObject({ status: "done", imported: 1 });
    expect((await api("GET", `/contacts/${await idOf("Imported Iris")}`)).json).toMatchObject({ nickname: "Iris", urls: [], extras: [] });
  });
});
