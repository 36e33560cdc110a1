import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { DAV, type DavCredentials, createAppPassword, dav, propfindBody, responsesOf } from "../test/dav-client.js";

// The third review: staff pulled the whole book through CardDAV, unaudited, while export is the
// admins' alone. The organization decides ('Staff may sync the book to their devices', off by
// default), and every device's first visit and first full sync are audited.

const card = (lines: string[]) => ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD", ""].join("\r\n");
const REFUSAL =
  "Staff cannot sync this organization's book to their devices. The owner or an admin can turn on 'Staff may sync the book to their devices' in User Management.";
const MULTIGET = (hrefs: string[], data = true) =>
  `<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/>${data ? "<C:address-data/>" : ""}</D:prop>${hrefs
    .map((h) => `<D:href>${h}</D:href>`)
    .join("")}</C:addressbook-multiget>`;
const SYNC = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/><card:address-data/></d:prop></d:sync-collection>`;
const QUERY = `<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop><C:filter><C:prop-filter name="FN"><C:text-match>a</C:text-match></C:prop-filter></C:filter></C:addressbook-query>`;

describe.each(engines)("staff syncing the book, and the audit of devices (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let owner: { id: string; email: string; password: string };
  let staff: { id: string; email: string; password: string };
  let ownerCookie: string;
  let ownerDav: DavCredentials;
  let staffDav: DavCredentials;
  let cardId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await buildUser(t);
    staff = await buildUser(t);
    org = await buildOrg(t, owner.id, "Riverside Clinic");
    await addMember(t, org, staff.id, "staff");
    ownerCookie = await signIn(t.app, owner.email, owner.password);
    ownerDav = await createAppPassword(t.app, owner.email, owner.password, "Owner's iPhone");
    staffDav = await createAppPassword(t.app, staff.email, staff.password, "Staff's Android");
    const created = await api("POST", "/contacts", { first_name: "Alice", last_name: "Ames", phone: "5550100200" });
    cardId = created.json.contact.id;
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown) =>
    send(t.app, method, `/api/orgs/${org}${path}`, { cookie: ownerCookie, body });
  const book = (user: { id: string }) => `/dav/addressbooks/${user.id}/${org}/`;
  const setStaffSync = async (on: boolean) => expect((await api("PATCH", "", { staffCardDav: on })).status).toBe(200);
  /** The CARDDAV_SYNC rows, in a fixed order (rows written in one millisecond have no order of their own). */
  const syncAudit = async () =>
    ((await api("GET", "/audit?action=CARDDAV_SYNC")).json.items as { user: { id: string }; newData: Record<string, unknown> }[])
      .map((row) => ({ user: row.user.id, ...(row.newData as { device: string; newDevice: boolean; fullSync: boolean }) }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const booksListed = async (user: { id: string }, auth: DavCredentials) => {
    const res = await dav(t.app, "PROPFIND", `/dav/addressbooks/${user.id}/`, {
      auth,
      depth: "1",
      body: propfindBody([["A", "resourcetype"]]),
    });
    expect(res.status).toBe(207);
    return responsesOf(res)
      .filter((r) => r.found.get(`${DAV}|resourcetype`)?.children.some((c) => c.name === "addressbook"))
      .map((r) => r.href);
  };

  it("while off, answers every request of a staff member on the book 403 saying who can turn it on, and changes nothing", async () => {
    const bookPath = book(staff);
    const cardPath = `${bookPath}${cardId}.vcf`;
    const requests: [string, string, { body?: string; depth?: string; headers?: Record<string, string> }][] = [
      ["PROPFIND", bookPath, { depth: "0" }],
      ["PROPFIND", bookPath, { depth: "1", body: propfindBody([["C", "address-data"]]) }],
      ["PROPFIND", cardPath, { depth: "0" }],
      ["REPORT", bookPath, { body: MULTIGET([cardPath]) }],
      ["REPORT", bookPath, { body: SYNC("") }],
      ["REPORT", bookPath, { body: QUERY }],
      ["GET", cardPath, {}],
      ["PUT", `${bookPath}new.vcf`, { body: card(["FN:New One", "TEL:5550100999"]) }],
      ["PUT", cardPath, { body: card(["FN:Changed", "TEL:5550100200"]) }],
      ["DELETE", cardPath, {}],
      [
        "PROPPATCH",
        bookPath,
        { body: `<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>x</d:displayname></d:prop></d:set></d:propertyupdate>` },
      ],
    ];
    for (const [method, path, options] of requests) {
      const res = await dav(t.app, method, path, { auth: staffDav, ...options });
      expect([method, path, res.status, res.text]).toEqual([method, path, 403, REFUSAL]);
    }
    const alice = await api("GET", `/contacts/${cardId}`);
    expect(alice.json).toMatchObject({ first_name: "Alice", version: 1 });
    expect((await api("GET", "/contacts/counts")).json.all).toBe(1);
    // Discovery does not offer what the device cannot open; owners and admins always see their books.
    expect(await booksListed(staff, staffDav)).toEqual([]);
    expect(await booksListed(owner, ownerDav)).toEqual([book(owner)]);
    // No device of the staff member is recorded: it got nothing.
    expect((await syncAudit()).filter((row) => row.user === staff.id)).toEqual([]);
  });

  it("when turned on, lists and syncs the book for staff; turned off again, refuses the next request at once", async () => {
    await setStaffSync(true);
    expect(await booksListed(staff, staffDav)).toEqual([book(staff)]);
    const listing = await dav(t.app, "PROPFIND", book(staff), { auth: staffDav, depth: "1", body: propfindBody([["A", "getetag"]]) });
    expect(responsesOf(listing).map((r) => r.href)).toContain(`${book(staff)}${cardId}.vcf`);
    expect(
      (await dav(t.app, "PUT", `${book(staff)}staff-card.vcf`, { auth: staffDav, body: card(["FN:From Staff", "TEL:5550100777"]) })).status,
    ).toBe(201);
    await setStaffSync(false);
    const refused = await dav(t.app, "GET", `${book(staff)}staff-card.vcf`, { auth: staffDav });
    expect([refused.status, refused.text]).toEqual([403, REFUSAL]);
  });

  it("audits a device's first visit and its first full sync once each, with the device's name and never its secret", async () => {
    await setStaffSync(true);
    const before = await syncAudit();
    // The staff device of the test above: seen, not yet a full sync. Its first full sync now.
    expect(before.filter((row) => row.user === staff.id)).toEqual([
      { user: staff.id, device: "Staff's Android", newDevice: true, fullSync: false },
    ]);
    const initial = await dav(t.app, "REPORT", book(staff), { auth: staffDav, body: SYNC("") });
    expect(initial.status).toBe(207);
    const token = initial.xml!.children.find((c) => c.name === "sync-token")!.text;
    // Later syncs, listings and reads write nothing more.
    await dav(t.app, "REPORT", book(staff), { auth: staffDav, body: SYNC(token) });
    await dav(t.app, "REPORT", book(staff), { auth: staffDav, body: SYNC("") });
    await dav(t.app, "PROPFIND", book(staff), { auth: staffDav, depth: "1", body: propfindBody([["C", "address-data"]]) });
    await dav(t.app, "GET", `${book(staff)}${cardId}.vcf`, { auth: staffDav });
    const after = await syncAudit();
    expect(after.filter((row) => row.user === staff.id)).toEqual([
      { user: staff.id, device: "Staff's Android", newDevice: false, fullSync: true },
      { user: staff.id, device: "Staff's Android", newDevice: true, fullSync: false },
    ]);

    // A new device whose first request takes the whole book: one row says both.
    const laptop = await createAppPassword(t.app, owner.email, owner.password, "Owner's laptop");
    await dav(t.app, "PROPFIND", book(owner), {
      auth: laptop,
      depth: "1",
      body: propfindBody([
        ["A", "getetag"],
        ["C", "address-data"],
      ]),
    });
    // A client that lists, then asks for every card by name (vdirsyncer): the multiget is its full sync.
    const tablet = await createAppPassword(t.app, owner.email, owner.password, "Owner's tablet");
    const listing = await dav(t.app, "PROPFIND", book(owner), { auth: tablet, depth: "1", body: propfindBody([["A", "getetag"]]) });
    const hrefs = responsesOf(listing)
      .map((r) => r.href)
      .filter((h) => h.endsWith(".vcf"));
    await dav(t.app, "REPORT", book(owner), { auth: tablet, body: MULTIGET(hrefs.slice(0, 1)) });
    await dav(t.app, "REPORT", book(owner), { auth: tablet, body: MULTIGET(hrefs) });
    const owners = (await syncAudit()).filter((row) => row.user === owner.id && row.device !== "Owner's iPhone");
    expect(owners).toEqual([
      { user: owner.id, device: "Owner's laptop", newDevice: true, fullSync: true },
      { user: owner.id, device: "Owner's tablet", newDevice: false, fullSync: true },
      { user: owner.id, device: "Owner's tablet", newDevice: true, fullSync: false },
    ]);
    const raw = JSON.stringify((await api("GET", "/audit?action=CARDDAV_SYNC")).json);
    for (const secret of [ownerDav.password, staffDav.password, laptop.password, tablet.password]) expect(raw).not.toContain(secret);
  });
});
