import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { CARDDAV, DAV, type DavCredentials, createAppPassword, dav, hrefIn, propfindBody, responsesOf } from "../test/dav-client.js";
import { childOf, childrenOf } from "./xml.js";

const card = (lines: string[], version = "3.0") => ["BEGIN:VCARD", `VERSION:${version}`, ...lines, "END:VCARD", ""].join("\r\n");

describe.each(engines)("CardDAV server (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let admin: { id: string; email: string; password: string };
  let staff: { id: string; email: string; password: string };
  let outsider: { id: string; email: string; password: string };
  let adminDav: DavCredentials;
  let staffDav: DavCredentials;
  let outsiderDav: DavCredentials;
  let adminCookie: string;
  let n = 0;
  const phone = () => `555${String(1_000_000 + ++n).slice(1)}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await buildUser(t);
    staff = await buildUser(t);
    outsider = await buildUser(t);
    org = await buildOrg(t, admin.id, "Clinic");
    otherOrg = await buildOrg(t, outsider.id, "Other Org");
    await addMember(t, org, staff.id, "staff");
    adminDav = await createAppPassword(t.app, admin.email, admin.password, "Admin's iPhone");
    staffDav = await createAppPassword(t.app, staff.email, staff.password, "Staff's Android");
    outsiderDav = await createAppPassword(t.app, outsider.email, outsider.password);
    adminCookie = await signIn(t.app, admin.email, admin.password);
    // Staff sync here (staff-sync.test.ts covers the setting itself).
    expect((await send(t.app, "PATCH", `/api/orgs/${org}`, { cookie: adminCookie, body: { staffCardDav: true } })).status).toBe(200);
  });
  afterAll(() => t?.close());

  const book = (user: { id: string } = admin, orgId = org) => `/dav/addressbooks/${user.id}/${orgId}/`;
  const api = (method: string, path: string, body?: unknown) =>
    send(t.app, method, `/api/orgs/${org}${path}`, { cookie: adminCookie, body });
  const sync = async (token: string, auth = adminDav, orgId = org, user: { id: string } = admin) => {
    const res = await dav(t.app, "REPORT", book(user, orgId), {
      auth,
      body: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
    });
    expect(res.status, res.text).toBe(207);
    return { token: childOf(res.xml, DAV, "sync-token")!.text, responses: responsesOf(res) };
  };
  const put = (name: string, body: string, headers: Record<string, string> = {}, auth = adminDav) =>
    dav(t.app, "PUT", `${book()}${name}`, { auth, body, headers });

  describe("authentication", () => {
    it("accepts an app password and refuses the account password", async () => {
      expect((await dav(t.app, "PROPFIND", "/dav/", { auth: adminDav, depth: "0" })).status).toBe(207);
      const withAccount = await dav(t.app, "PROPFIND", "/dav/", { auth: { email: admin.email, password: admin.password }, depth: "0" });
      expect(withAccount.status).toBe(401);
      expect(withAccount.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
      const without = await dav(t.app, "PROPFIND", "/dav/", { depth: "0" });
      expect(without.status).toBe(401);
      expect(without.text).toContain("app password");
    });

    it("takes the e-mail in any case and the password with its dashes, in any case", async () => {
      const res = await dav(t.app, "PROPFIND", "/dav/", {
        auth: { email: admin.email.toUpperCase(), password: adminDav.password.toUpperCase() },
      });
      expect(res.status).toBe(207);
    });

    it("lists app passwords with their last use, and a revoked one stops working at once", async () => {
      const extra = await createAppPassword(t.app, staff.email, staff.password, "Old laptop");
      expect((await dav(t.app, "PROPFIND", "/dav/", { auth: extra, depth: "0" })).status).toBe(207);
      const cookie = extra.cookie;
      const list = await send(t.app, "GET", "/api/me/app-passwords", { cookie });
      const listed = list.json.appPasswords.find((p: { id: string }) => p.id === extra.id);
      expect(listed).toMatchObject({ name: "Old laptop" });
      expect(listed.last_used_at).not.toBeNull();
      expect(JSON.stringify(list.json)).not.toContain(extra.password);
      // Another account cannot revoke it.
      expect((await send(t.app, "DELETE", `/api/me/app-passwords/${extra.id}`, { cookie: adminCookie })).status).toBe(404);
      expect((await send(t.app, "DELETE", `/api/me/app-passwords/${extra.id}`, { cookie })).status).toBe(204);
      expect((await dav(t.app, "PROPFIND", "/dav/", { auth: extra, depth: "0" })).status).toBe(401);
      // The other password of the account still works.
      expect((await dav(t.app, "PROPFIND", "/dav/", { auth: staffDav, depth: "0" })).status).toBe(207);
    });

    it("refuses an app password without a name", async () => {
      const res = await send(t.app, "POST", "/api/me/app-passwords", { cookie: adminCookie, body: { name: "  " } });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe("Name is required");
    });

    it("revokes every app password when the account password changes", async () => {
      const user = await buildUser(t);
      await addMember(t, org, user.id, "staff");
      const device = await createAppPassword(t.app, user.email, user.password);
      expect((await dav(t.app, "PROPFIND", "/dav/", { auth: device })).status).toBe(207);
      const res = await send(t.app, "POST", "/api/me/password", {
        cookie: device.cookie,
        body: { currentPassword: user.password, newPassword: "Another-Horse-43" },
      });
      expect(res.status).toBe(200);
      expect((await dav(t.app, "PROPFIND", "/dav/", { auth: device })).status).toBe(401);
    });

    it("revokes a member's app passwords when an admin resets their password or deletes the account", async () => {
      const user = await buildUser(t);
      await addMember(t, org, user.id, "staff");
      const device = await createAppPassword(t.app, user.email, user.password);
      const reset = await send(t.app, "POST", `/api/orgs/${org}/members/${user.id}/reset-password`, { cookie: adminCookie });
      expect(reset.status, reset.text).toBe(200);
      expect((await dav(t.app, "PROPFIND", "/dav/", { auth: device })).status).toBe(401);

      const other = await buildUser(t);
      await addMember(t, org, other.id, "staff");
      const phone2 = await createAppPassword(t.app, other.email, other.password);
      expect((await send(t.app, "DELETE", `/api/orgs/${org}/members/${other.id}/account`, { cookie: adminCookie })).status).toBe(204);
      expect((await dav(t.app, "PROPFIND", "/dav/", { auth: phone2 })).status).toBe(401);
      expect(await t.repos.appPasswords.listOfUser(other.id)).toEqual([]);
    });

    it("rate-limits failed attempts per address like sign-in, then refuses even a right password", async () => {
      const limited = await createTestApp(engine, { SIGN_IN_RATE_LIMIT: "3/60" });
      try {
        const user = await buildUser(limited);
        const device = await createAppPassword(limited.app, user.email, user.password);
        for (let i = 0; i < 3; i++) {
          expect((await dav(limited.app, "PROPFIND", "/dav/", { auth: { email: user.email, password: `wrong-${i}` } })).status).toBe(401);
        }
        const refused = await dav(limited.app, "PROPFIND", "/dav/", { auth: device });
        expect(refused.status).toBe(429);
        expect(refused.headers.get("retry-after")).toBe("60");
      } finally {
        await limited.close();
      }
    });
  });

  describe("discovery", () => {
    it("redirects /.well-known/carddav to /dav/ and answers the principal from / and /dav/", async () => {
      const wellKnown = await dav(t.app, "PROPFIND", "/.well-known/carddav", { depth: "0" });
      expect(wellKnown.status).toBe(301);
      expect(wellKnown.headers.get("location")).toBe("/dav/");
      for (const path of ["/", "/dav/"]) {
        const res = await dav(t.app, "PROPFIND", path, {
          auth: adminDav,
          depth: "0",
          body: propfindBody([
            ["A", "current-user-principal"],
            ["A", "resourcetype"],
            ["A", "getetag"],
          ]),
        });
        expect(res.status).toBe(207);
        const [root] = responsesOf(res);
        expect(hrefIn(root!.found.get(`${DAV}|current-user-principal`))).toBe(`/dav/principals/${admin.id}/`);
        expect(root!.missing).toEqual([`${DAV}|getetag`]);
      }
    });

    it("lists one address book per organization of the person, named after it, and nothing of others", async () => {
      const principal = await dav(t.app, "PROPFIND", `/dav/principals/${admin.id}/`, {
        auth: adminDav,
        depth: "0",
        body: propfindBody([["C", "addressbook-home-set"]]),
      });
      const home = hrefIn(responsesOf(principal)[0]!.found.get(`${CARDDAV}|addressbook-home-set`));
      expect(home).toBe(`/dav/addressbooks/${admin.id}/`);
      const listing = await dav(t.app, "PROPFIND", home!, {
        auth: adminDav,
        depth: "1",
        body: propfindBody([
          ["A", "displayname"],
          ["A", "resourcetype"],
          ["A", "sync-token"],
          ["CS", "getctag"],
        ]),
      });
      const books = responsesOf(listing).filter((r) => r.found.get(`${DAV}|resourcetype`)?.children.some((c) => c.name === "addressbook"));
      expect(
        books.map((b) => [b.href, childOf(b.found.get(`${DAV}|displayname`), DAV, "x")?.text ?? b.found.get(`${DAV}|displayname`)!.text]),
      ).toEqual([[book(), "Clinic"]]);
      expect(books[0]!.found.get(`${DAV}|sync-token`)!.text).toMatch(/^urn:contactbook:sync:\d+$/);
    });

    it("answers 404 for another person's principal and home, and another organization's book and cards", async () => {
      expect((await dav(t.app, "PROPFIND", `/dav/principals/${outsider.id}/`, { auth: adminDav, depth: "0" })).status).toBe(404);
      expect((await dav(t.app, "PROPFIND", `/dav/addressbooks/${outsider.id}/`, { auth: adminDav, depth: "0" })).status).toBe(404);
      expect((await dav(t.app, "PROPFIND", book(admin, otherOrg), { auth: adminDav, depth: "0" })).status).toBe(404);
      expect((await dav(t.app, "PROPFIND", book(outsider, otherOrg), { auth: adminDav, depth: "0" })).status).toBe(404);
      const theirs = await dav(t.app, "PUT", `${book(outsider, otherOrg)}x.vcf`, {
        auth: outsiderDav,
        body: card(["FN:Their Card", `TEL:${phone()}`]),
      });
      expect(theirs.status).toBe(201);
      expect((await dav(t.app, "GET", `${book(admin, otherOrg)}x.vcf`, { auth: adminDav })).status).toBe(404);
      expect((await dav(t.app, "DELETE", `${book(admin, otherOrg)}x.vcf`, { auth: adminDav })).status).toBe(404);
      expect(
        (await dav(t.app, "PUT", `${book(admin, otherOrg)}y.vcf`, { auth: adminDav, body: card(["FN:Y", `TEL:${phone()}`]) })).status,
      ).toBe(404);
      // Nor through a REPORT on one's own book naming the other book's card.
      const multiget = await dav(t.app, "REPORT", book(), {
        auth: adminDav,
        body: `<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><C:address-data/></D:prop><D:href>${book(outsider, otherOrg)}x.vcf</D:href></C:addressbook-multiget>`,
      });
      expect(responsesOf(multiget)[0]!.status).toContain("404");
    });

    it("ends a removed member's access at once", async () => {
      const user = await buildUser(t);
      await addMember(t, org, user.id, "staff");
      const device = await createAppPassword(t.app, user.email, user.password);
      expect((await dav(t.app, "PROPFIND", book(user), { auth: device, depth: "0" })).status).toBe(207);
      expect((await send(t.app, "DELETE", `/api/orgs/${org}/members/${user.id}`, { cookie: adminCookie })).status).toBe(204);
      expect((await dav(t.app, "PROPFIND", book(user), { auth: device, depth: "0" })).status).toBe(404);
      expect((await dav(t.app, "PUT", `${book(user)}z.vcf`, { auth: device, body: card(["FN:Z", `TEL:${phone()}`]) })).status).toBe(404);
    });
  });

  describe("cards", () => {
    it("creates a contact from a card, keeps what the app has no field for and gives it back unchanged", async () => {
      const number = phone();
      const sent = card([
        "UID:0A1B2C3D-phone-uid",
        "N:Okafor;Ada;;;",
        "FN:Ada Okafor",
        "ORG:Okafor Labs",
        `TEL;TYPE=CELL:${number}`,
        "TEL;TYPE=WORK:555-0100",
        "TEL;TYPE=HOME:555-0199",
        "EMAIL;TYPE=INTERNET:ada@example.com",
        "EMAIL;TYPE=WORK:ada@work.example.com",
        "BDAY:1985-04-12",
        "URL:https://ada.example.com",
        "item1.X-ABRELATEDNAMES:Grace",
        "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD",
        "NOTE:Met at the conference\\, twice",
      ]);
      const res = await put("ada.vcf", sent, { "If-None-Match": "*" });
      expect(res.status, res.text).toBe(201);
      const listed = await api("GET", `/contacts?q=okafor`);
      expect(listed.json.items).toHaveLength(1);
      expect(listed.json.items[0]).toMatchObject({
        first_name: "Ada",
        last_name: "Okafor",
        company: "Okafor Labs",
        phone: number,
        phone_type: "mobile",
        phone2: "555-0100",
        phone2_type: "work",
        email: "ada@example.com",
        notes: "Met at the conference, twice",
      });
      const got = await dav(t.app, "GET", `${book()}ada.vcf`, { auth: adminDav });
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
      expect(got.headers.get("etag")).toMatch(/^"1-[0-9a-f]{8}"$/);
      const lines = got.text.split("\r\n");
      // Every line comes back: the third number, the second e-mail, the birthday and website as fields,
      // the related name as one, and the photo this server cannot decode as the device sent it.
      const detail = (await api("GET", `/contacts/${listed.json.items[0].id}`)).json;
      expect(detail.phones.map((p: { value: string }) => p.value)).toEqual([number, "555-0100", "555-0199"]);
      expect(detail.emails.map((e: { value: string }) => e.value)).toEqual(["ada@example.com", "ada@work.example.com"]);
      expect(detail).toMatchObject({ birthday: "1985-04-12", urls: [{ value: "https://ada.example.com" }] });
      for (const kept of [
        "UID:0A1B2C3D-phone-uid",
        "BDAY:1985-04-12",
        "URL:https://ada.example.com",
        "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAA=",
      ]) {
        expect(lines).toContain(kept);
      }
      expect(lines.some((l) => /^TEL;TYPE=HOME/.test(l) && l.endsWith(":555-0199"))).toBe(true);
      expect(lines.some((l) => /^EMAIL;TYPE=.*WORK/.test(l) && l.endsWith(":ada@work.example.com"))).toBe(true);
      expect(lines.some((l) => /X-ABRELATEDNAMES:Grace$/.test(l))).toBe(true);
      expect(lines).toContain("VERSION:3.0");
      expect(lines.filter((l) => l.startsWith("TEL"))).toHaveLength(3);
    });

    it("answers vCard 4.0 when the client asks for it", async () => {
      await put("v4.vcf", card(["FN:Four Ways", `TEL:${phone()}`]));
      const got = await dav(t.app, "GET", `${book()}v4.vcf`, { auth: adminDav, headers: { accept: "text/vcard; version=4.0" } });
      expect(got.text).toContain("VERSION:4.0");
      expect(got.headers.get("content-type")).toContain("version=4.0");
      const multiget = await dav(t.app, "REPORT", book(), {
        auth: adminDav,
        body: `<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/><C:address-data content-type="text/vcard" version="4.0"/></D:prop><D:href>${book()}v4.vcf</D:href></C:addressbook-multiget>`,
      });
      expect(responsesOf(multiget)[0]!.found.get(`${CARDDAV}|address-data`)!.text).toContain("VERSION:4.0");
    });

    it("stores a card whose values hold control characters without them", async () => {
      const res = await put(
        "nul.vcf",
        card(["FN:Nul Card", `TEL:${phone()}`, "NOTE;ENCODING=QUOTED-PRINTABLE:one=00two", "X-KEPT:a\u0000b"]),
      );
      expect(res.status).toBe(201);
      const got = await dav(t.app, "GET", `${book()}nul.vcf`, { auth: adminDav });
      expect(got.text).toContain("NOTE:onetwo");
      expect(got.text).toContain("X-KEPT:ab");
    });

    it("refuses a card without a phone with a clear message, and stores nothing", async () => {
      const before = (await api("GET", "/contacts/counts")).json.all;
      const res = await put("nophone.vcf", card(["FN:No Phone", "EMAIL:no@example.com"]));
      expect(res.status).toBe(403);
      expect(childOf(res.xml, CARDDAV, "valid-address-data")).toBeDefined();
      expect(res.text).toContain("Missing phone number");
      expect((await api("GET", "/contacts/counts")).json.all).toBe(before);
      expect((await dav(t.app, "GET", `${book()}nophone.vcf`, { auth: adminDav })).status).toBe(404);
      const notACard = await put("junk.vcf", "hello", { "content-type": "text/vcard" });
      expect(notACard.status).toBe(403);
      expect(notACard.text).toContain("not a vCard");
    });

    it("answers 412 on a stale ETag, for edits from the app as from another device", async () => {
      await put("stale.vcf", card(["FN:Stale Sam", `TEL:${phone()}`]));
      const first = await dav(t.app, "GET", `${book()}stale.vcf`, { auth: adminDav });
      const etag = first.headers.get("etag")!;
      const id = (await api("GET", "/contacts?q=stale")).json.items[0].id;
      // Someone edits it in the app.
      expect((await api("PATCH", `/contacts/${id}`, { version: 1, notes: "edited in the app" })).status).toBe(200);
      const stale = await put("stale.vcf", card(["FN:Stale Sam", "TEL:5550000111"]), { "If-Match": etag });
      expect(stale.status).toBe(412);
      expect((await api("GET", `/contacts/${id}`)).json).toMatchObject({ notes: "edited in the app", version: 2 });
      expect((await dav(t.app, "DELETE", `${book()}stale.vcf`, { auth: adminDav, headers: { "If-Match": etag } })).status).toBe(412);
      expect((await put("stale.vcf", card(["FN:Stale Sam", "TEL:5550000111"]), { "If-None-Match": "*" })).status).toBe(412);
      const fresh = (await dav(t.app, "GET", `${book(staff)}stale.vcf`, { auth: staffDav })).headers.get("etag")!;
      expect(fresh).not.toBe(etag);
      // The staff member's view of the same book is the same card (every member reads and writes).
      const staffPut = await dav(t.app, "PUT", `${book(staff)}stale.vcf`, {
        auth: staffDav,
        body: card(["FN:Stale Sam", "TEL:5550000111", "NOTE:from the phone"]),
        headers: { "If-Match": fresh },
      });
      expect(staffPut.status).toBe(204);
      expect((await api("GET", `/contacts/${id}`)).json).toMatchObject({ phone: "5550000111", notes: "from the phone", version: 3 });
    });

    it("deletes to the trash; a restore in the app brings the card back", async () => {
      await put("trash.vcf", card(["FN:Trash Tom", `TEL:${phone()}`]));
      const id = (await api("GET", "/contacts?q=trash tom")).json.items[0].id;
      expect((await dav(t.app, "DELETE", `${book()}trash.vcf`, { auth: adminDav })).status).toBe(204);
      expect((await dav(t.app, "GET", `${book()}trash.vcf`, { auth: adminDav })).status).toBe(404);
      const trash = await api("GET", "/trash");
      expect(trash.json.items.map((c: { id: string }) => c.id)).toContain(id);
      expect((await api("POST", `/trash/${id}/restore`)).status).toBe(200);
      expect((await dav(t.app, "GET", `${book()}trash.vcf`, { auth: adminDav })).status).toBe(200);
    });

    it("creates a new contact for a new card even with another contact's phone: the other contact is left as it was", async () => {
      const number = phone();
      const created = await api("POST", "/contacts", { first_name: "Merle", phone: number });
      const before = (await api("GET", `/contacts/${created.json.contact.id}`)).json;
      const { token } = await sync("");
      const res = await put("merle-phone.vcf", card(["N:Jones;Merle;;;", "FN:Merle Jones", `TEL:${number}`, "EMAIL:merle@example.com"]));
      expect(res.status).toBe(201);
      expect((await api("GET", `/contacts/${created.json.contact.id}`)).json).toEqual(before);
      const twins = (await api("GET", `/contacts?q=merle`)).json.items;
      expect(twins.map((c: { last_name: string | null; email: string | null }) => [c.last_name, c.email]).sort()).toEqual([
        [null, null],
        ["Jones", "merle@example.com"],
      ]);
      // The device's card is its own resource: the next sync shows it, and nothing of the other contact.
      const changes = await sync(token);
      expect(changes.responses.map((r) => [r.href, r.status])).toEqual([[`${book()}merle-phone.vcf`, undefined]]);
    });
  });

  describe("sync-collection", () => {
    it("reports creates, edits, trash, restores and purges since a token, and nothing when nothing changed", async () => {
      const initial = await sync("");
      expect(initial.responses.every((r) => r.found.has(`${DAV}|getetag`))).toBe(true);
      const again = await sync(initial.token);
      expect(again.responses).toEqual([]);
      expect(again.token).toBe(initial.token);

      const created = (await api("POST", "/contacts", { first_name: "Syncy", phone: phone() })).json.contact;
      const href = `${book()}${created.id}.vcf`;
      const afterCreate = await sync(initial.token);
      expect(afterCreate.responses.map((r) => r.href)).toEqual([href]);

      await api("PATCH", `/contacts/${created.id}`, { version: 1, last_name: "McSync" });
      const afterEdit = await sync(afterCreate.token);
      expect(afterEdit.responses.map((r) => r.href)).toEqual([href]);
      expect(afterEdit.responses[0]!.found.get(`${DAV}|getetag`)!.text).toMatch(/^"2-/);

      // A favourite is not part of the card: no change to sync.
      await api("POST", `/contacts/${created.id}/favorite`, { is_favorite: true });
      expect((await sync(afterEdit.token)).responses).toEqual([]);

      await api("DELETE", `/contacts/${created.id}`);
      const afterTrash = await sync(afterEdit.token);
      expect(afterTrash.responses).toEqual([expect.objectContaining({ href, status: expect.stringContaining("404") })]);

      await api("POST", `/trash/${created.id}/restore`);
      const afterRestore = await sync(afterTrash.token);
      expect(afterRestore.responses.map((r) => [r.href, r.status])).toEqual([[href, undefined]]);

      await api("DELETE", `/contacts/${created.id}`);
      const trashed = await sync(afterRestore.token);
      expect((await api("DELETE", `/trash/${created.id}`)).status).toBe(204);
      const afterPurge = await sync(trashed.token);
      expect(afterPurge.responses).toEqual([expect.objectContaining({ href, status: expect.stringContaining("404") })]);
      // A client that slept through it all learns only that the card is gone.
      const sleeper = await sync(initial.token);
      expect(sleeper.responses.filter((r) => r.href === href)).toEqual([
        expect.objectContaining({ status: expect.stringContaining("404") }),
      ]);
      // The initial sync never lists what is gone.
      expect((await sync("")).responses.some((r) => r.href === href)).toBe(false);
    });

    it("reports changes made through the importer, each imported card once, and later changes after them", async () => {
      const { token } = await sync("");
      const csv = `first_name,phone\nImported Ivy,${phone()}\nImported Ian,${phone()}\nImported Ida,${phone()}\n`;
      const form = new FormData();
      form.set("file", new File([csv], "ivy.csv", { type: "text/csv" }));
      const res = await t.app.request(`/api/orgs/${org}/imports`, {
        method: "POST",
        body: form,
        headers: { cookie: adminCookie, origin: "http://localhost:3000" },
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      for (let i = 0; i < 50; i++) {
        const changes = await sync(token);
        if (changes.responses.length) {
          // The batch took its numbers as one range: three distinct positions, none shared.
          expect(new Set(changes.responses.map((r) => r.href)).size).toBe(3);
          const later = await api("POST", "/contacts", { first_name: "After Import", phone: phone() });
          const after = await sync(changes.token);
          expect(after.responses.map((r) => r.href)).toEqual([expect.stringContaining(later.json.contact.id)]);
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("the imported contacts never showed in a sync");
    });

    it("refuses a token that is not one of ours with valid-sync-token", async () => {
      const res = await dav(t.app, "REPORT", book(), {
        auth: adminDav,
        body: `<d:sync-collection xmlns:d="DAV:"><d:sync-token>urn:contactbook:sync:999999999</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
      });
      expect(res.status).toBe(403);
      expect(childOf(res.xml, DAV, "valid-sync-token")).toBeDefined();
    });

    it("pages a large change list with 507 and a token to go on from", async () => {
      const base = await sync("");
      for (let i = 0; i < 3; i++) await api("POST", "/contacts", { first_name: `Paged ${i}`, phone: phone() });
      const seen: string[] = [];
      let token = base.token;
      for (let round = 0; round < 5; round++) {
        const res = await dav(t.app, "REPORT", book(), {
          auth: adminDav,
          body: `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:limit><d:nresults>2</d:nresults></d:limit><d:prop><d:getetag/></d:prop></d:sync-collection>`,
        });
        const responses = responsesOf(res);
        token = childOf(res.xml, DAV, "sync-token")!.text;
        seen.push(...responses.filter((r) => r.href.endsWith(".vcf")).map((r) => r.href));
        if (!responses.some((r) => r.status?.includes("507"))) break;
      }
      expect(new Set(seen).size).toBe(3);
    });
  });

  describe("listing and reports", () => {
    it("lists the cards of a book with ETags (depth 1), and refuses depth infinity", async () => {
      const res = await dav(t.app, "PROPFIND", book(), {
        auth: adminDav,
        depth: "1",
        body: propfindBody([
          ["A", "getetag"],
          ["A", "resourcetype"],
        ]),
      });
      expect(res.status).toBe(207);
      const cards = responsesOf(res).filter((r) => r.href !== book());
      const count = (await api("GET", "/contacts/counts")).json.all;
      expect(cards).toHaveLength(count);
      expect(cards.every((c) => /^"\d+-[0-9a-f]{8}"$/.test(c.found.get(`${DAV}|getetag`)!.text))).toBe(true);
      const infinite = await dav(t.app, "PROPFIND", book(), { auth: adminDav, depth: "infinity" });
      expect(infinite.status).toBe(403);
      expect(childOf(infinite.xml, DAV, "propfind-finite-depth")).toBeDefined();
    });

    it("answers addressbook-query text-matches on FN, EMAIL and TEL", async () => {
      await put("q1.vcf", card(["FN:Quinn Query", "TEL:555-777-0001", "EMAIL:quinn@query.example"]));
      await put("q2.vcf", card(["FN:Other Person", "TEL:555-777-0002", "EMAIL:other@elsewhere.example"]));
      const query = async (filter: string) => {
        const res = await dav(t.app, "REPORT", book(), {
          auth: adminDav,
          depth: "1",
          body: `<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop><C:filter>${filter}</C:filter></C:addressbook-query>`,
        });
        expect(res.status, res.text).toBe(207);
        return responsesOf(res).map((r) => r.href.split("/").pop());
      };
      expect(await query(`<C:prop-filter name="FN"><C:text-match match-type="contains">quinn</C:text-match></C:prop-filter>`)).toEqual([
        "q1.vcf",
      ]);
      expect(
        await query(`<C:prop-filter name="EMAIL"><C:text-match match-type="ends-with">@elsewhere.example</C:text-match></C:prop-filter>`),
      ).toEqual(["q2.vcf"]);
      expect(
        await query(`<C:prop-filter name="TEL"><C:text-match match-type="starts-with">555-777-000</C:text-match></C:prop-filter>`),
      ).toEqual(["q1.vcf", "q2.vcf"]);
      const unsupported = await dav(t.app, "REPORT", book(), {
        auth: adminDav,
        body: `<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><C:filter><C:prop-filter name="BDAY"/></C:filter></C:addressbook-query>`,
      });
      expect(unsupported.status).toBe(403);
      expect(childOf(unsupported.xml, CARDDAV, "supported-filter")).toBeDefined();
    });

    it("answers a multiget in the order asked, 404 for names it does not hold", async () => {
      const res = await dav(t.app, "REPORT", book(), {
        auth: adminDav,
        body: `<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/><C:address-data/></D:prop><D:href>${book()}q2.vcf</D:href><D:href>${book()}missing.vcf</D:href><D:href>${book()}q1.vcf</D:href></C:addressbook-multiget>`,
      });
      const responses = responsesOf(res);
      expect(responses.map((r) => [r.href.split("/").pop(), r.status?.includes("404") ?? false])).toEqual([
        ["q2.vcf", false],
        ["missing.vcf", true],
        ["q1.vcf", false],
      ]);
      expect(responses[0]!.found.get(`${CARDDAV}|address-data`)!.text).toContain("FN:Other Person");
      expect(childrenOf(res.xml, DAV, "response")).toHaveLength(3);
    });

    it("refuses XML declaring an external entity with 400", async () => {
      const external = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&x;</d:displayname></d:prop></d:propfind>`;
      expect((await dav(t.app, "PROPFIND", book(), { auth: adminDav, depth: "0", body: external })).status).toBe(400);
    });

    it("of two creates under one name at once, one wins and the other is refused: one contact", async () => {
      const [a, b] = await Promise.all([
        put("race.vcf", card(["FN:Sprint One", `TEL:${phone()}`]), { "If-None-Match": "*" }),
        put("race.vcf", card(["FN:Sprint Two", `TEL:${phone()}`]), { "If-None-Match": "*" }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, expect.any(Number)]);
      expect([409, 412]).toContain([a.status, b.status].find((s) => s !== 201));
      expect((await api("GET", "/contacts?q=sprint")).json.items).toHaveLength(1);
    });

    it("refuses malformed XML with 400 and unknown reports with 403", async () => {
      expect((await dav(t.app, "PROPFIND", book(), { auth: adminDav, depth: "0", body: "<not-closed" })).status).toBe(400);
      const res = await dav(t.app, "REPORT", book(), { auth: adminDav, body: `<D:expand-property xmlns:D="DAV:"/>` });
      expect(res.status).toBe(403);
    });
  });
});
