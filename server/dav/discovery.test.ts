import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { CARDDAV, DAV, type DavCredentials, createAppPassword, dav, hrefIn, responsesOf } from "../test/dav-client.js";
import { send } from "../test/requests.js";
import { CALSERVER, childOf, childrenOf } from "./xml.js";

// Discovery scripted as iOS/macOS Contacts and DAVx5 run it, each answer checked against the RFCs:
// RFC 4918 (WebDAV), RFC 5397 (current-user-principal), RFC 6764 (well-known), RFC 6352 (CardDAV),
// RFC 6578 (sync-collection), RFC 3744 (privileges).

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

describe.each(engines)("CardDAV discovery as phones do it (%s)", (engine) => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  let org: string;
  let secondOrg: string;
  let device: DavCredentials & { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    user = await buildUser(t);
    org = await buildOrg(t, user.id, "Harbour Dental");
    secondOrg = await buildOrg(t, user.id, "Choir");
    device = await createAppPassword(t.app, user.email, user.password, "iPhone");
    const created = await send(t.app, "POST", `/api/orgs/${org}/contacts`, {
      cookie: device.cookie,
      body: { first_name: "Iris", last_name: "Patel", phone: "555-300-0001" },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => t?.close());

  /** Checks the multistatus shape every answer shares (RFC 4918 14.16, 14.24). */
  function multistatus(res: Awaited<ReturnType<typeof dav>>) {
    expect(res.status, res.text).toBe(207);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(res.xml?.ns).toBe(DAV);
    expect(res.xml?.name).toBe("multistatus");
    for (const response of childrenOf(res.xml, DAV, "response")) {
      expect(childrenOf(response, DAV, "href")).toHaveLength(1);
      for (const propstat of childrenOf(response, DAV, "propstat")) {
        expect(childOf(propstat, DAV, "status")?.text).toMatch(/^HTTP\/1\.1 (200 OK|404 Not Found|403 Forbidden)$/);
      }
    }
    return responsesOf(res);
  }

  it("iOS / macOS Contacts: well-known, root, principal, home with every book, then OPTIONS", async () => {
    // 1. RFC 6764 section 5: the well-known URI redirects to the context path, before any credentials.
    const wellKnown = await dav(t.app, "PROPFIND", "/.well-known/carddav", { depth: "0" });
    expect([301, 302, 307, 308]).toContain(wellKnown.status);
    const context = wellKnown.headers.get("location")!;
    expect(context).toBe("/dav/");

    // 2. Unauthenticated first, as iOS does: a Basic challenge (RFC 7617).
    const challenge = await dav(t.app, "PROPFIND", context, { depth: "0" });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get("www-authenticate")).toMatch(/^Basic realm="[^"]+"/);

    // 3. RFC 5397: current-user-principal on the context path.
    const root = multistatus(
      await dav(t.app, "PROPFIND", context, {
        auth: device,
        depth: "0",
        body: xml(
          `<A:propfind xmlns:A="DAV:"><A:prop><A:current-user-principal/><A:principal-URL/><A:resourcetype/></A:prop></A:propfind>`,
        ),
      }),
    );
    const principal = hrefIn(root[0]!.found.get(`${DAV}|current-user-principal`))!;
    expect(principal).toBe(`/dav/principals/${user.id}/`);
    expect(root[0]!.missing).toEqual([`${DAV}|principal-URL`]);

    // 4. RFC 6352 7.1.1: the principal names the address-book home.
    const principalAnswer = multistatus(
      await dav(t.app, "PROPFIND", principal, {
        auth: device,
        depth: "0",
        body: xml(
          `<A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:carddav" xmlns:C="http://calendarserver.org/ns/"><A:prop><B:addressbook-home-set/><A:displayname/><C:email-address-set/><A:principal-URL/><A:resourcetype/><A:supported-report-set/></A:prop></A:propfind>`,
        ),
      }),
    )[0]!;
    expect(principalAnswer.href).toBe(principal);
    const home = hrefIn(principalAnswer.found.get(`${CARDDAV}|addressbook-home-set`))!;
    expect(home).toBe(`/dav/addressbooks/${user.id}/`);
    expect(
      principalAnswer.found
        .get(`${DAV}|resourcetype`)!
        .children.map((c) => c.name)
        .sort(),
    ).toEqual(["collection", "principal"]);
    expect(childOf(principalAnswer.found.get(`${CALSERVER}|email-address-set`), CALSERVER, "email-address")?.text).toBe(user.email);

    // 5. The home at depth 1: one address book per organization (RFC 6352 5.2: collection + addressbook).
    const listing = multistatus(
      await dav(t.app, "PROPFIND", home, {
        auth: device,
        depth: "1",
        body: xml(
          `<A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:carddav" xmlns:C="http://calendarserver.org/ns/"><A:prop><A:resourcetype/><A:displayname/><A:current-user-privilege-set/><C:getctag/><A:sync-token/><A:supported-report-set/><B:max-resource-size/><A:quota-available-bytes/></A:prop></A:propfind>`,
        ),
      }),
    );
    expect(listing[0]!.href).toBe(home);
    const books = listing.slice(1);
    expect(books.map((b) => b.found.get(`${DAV}|displayname`)!.text).sort()).toEqual(["Choir", "Harbour Dental"]);
    for (const book of books) {
      expect(book.href.startsWith(home)).toBe(true);
      expect(
        book.found
          .get(`${DAV}|resourcetype`)!
          .children.map((c) => `${c.ns}|${c.name}`)
          .sort(),
      ).toEqual([`${DAV}|collection`, `${CARDDAV}|addressbook`].sort());
      const privileges = childrenOf(book.found.get(`${DAV}|current-user-privilege-set`), DAV, "privilege").map((p) => p.children[0]!.name);
      expect(privileges).toEqual(expect.arrayContaining(["read", "write", "bind", "unbind"]));
      const reports = childrenOf(book.found.get(`${DAV}|supported-report-set`), DAV, "supported-report").map(
        (r) => childOf(r, DAV, "report")!.children[0]!.name,
      );
      expect(reports.sort()).toEqual(["addressbook-multiget", "addressbook-query", "sync-collection"]);
      expect(book.found.get(`${DAV}|sync-token`)!.text).toMatch(/^urn:contactbook:sync:\d+$/);
      expect(book.found.get(`${CALSERVER}|getctag`)!.text).toMatch(/^\d+$/);
      expect(book.missing).toEqual([`${DAV}|quota-available-bytes`]);
    }

    // 6. RFC 6352 6.1: OPTIONS says "addressbook" in the DAV header.
    const options = await dav(t.app, "OPTIONS", books[0]!.href);
    expect(options.status).toBe(200);
    expect(options.headers.get("dav")).toMatch(/\baddressbook\b/);
    expect(options.headers.get("allow")).toContain("REPORT");
  });

  it("DAVx5: PROPFIND on the server root, the home-set, then a first sync-collection and a multiget", async () => {
    // DAVx5 tries the URL the person typed first: the server's root.
    const root = multistatus(
      await dav(t.app, "PROPFIND", "/", {
        auth: device,
        depth: "0",
        body: xml(
          `<propfind xmlns="DAV:" xmlns:CARD="urn:ietf:params:xml:ns:carddav"><prop><resourcetype/><displayname/><current-user-principal/><CARD:addressbook-home-set/></prop></propfind>`,
        ),
      }),
    )[0]!;
    const principal = hrefIn(root.found.get(`${DAV}|current-user-principal`))!;
    const homeFromRoot = hrefIn(root.found.get(`${CARDDAV}|addressbook-home-set`))!;
    const fromPrincipal = multistatus(
      await dav(t.app, "PROPFIND", principal, {
        auth: device,
        depth: "0",
        body: xml(
          `<propfind xmlns="DAV:" xmlns:CARD="urn:ietf:params:xml:ns:carddav"><prop><CARD:addressbook-home-set/></prop></propfind>`,
        ),
      }),
    )[0]!;
    expect(hrefIn(fromPrincipal.found.get(`${CARDDAV}|addressbook-home-set`))).toBe(homeFromRoot);

    const books = multistatus(
      await dav(t.app, "PROPFIND", homeFromRoot, {
        auth: device,
        depth: "1",
        body: xml(
          `<propfind xmlns="DAV:" xmlns:CARD="urn:ietf:params:xml:ns:carddav"><prop><resourcetype/><displayname/><CARD:addressbook-description/><current-user-privilege-set/><CARD:supported-address-data/></prop></propfind>`,
        ),
      }),
    ).filter((r) => r.found.get(`${DAV}|resourcetype`)?.children.some((c) => c.name === "addressbook"));
    const dental = books.find((b) => b.found.get(`${DAV}|displayname`)!.text === "Harbour Dental")!;
    const versions = childrenOf(dental.found.get(`${CARDDAV}|supported-address-data`), CARDDAV, "address-data-type").map(
      (e) => e.attrs.version,
    );
    expect(versions.sort()).toEqual(["3.0", "4.0"]);

    // RFC 6578 3.2: an empty token is the initial sync: every card, with a token to continue from.
    const initial = await dav(t.app, "REPORT", dental.href, {
      auth: device,
      depth: "0",
      body: xml(
        `<sync-collection xmlns="DAV:"><sync-token/><sync-level>1</sync-level><prop><getcontenttype/><getetag/></prop></sync-collection>`,
      ),
    });
    const cards = multistatus(initial);
    expect(cards).toHaveLength(1);
    expect(cards[0]!.found.get(`${DAV}|getcontenttype`)!.text).toMatch(/^text\/vcard/);
    const token = childOf(initial.xml, DAV, "sync-token")!.text;
    expect(token).toMatch(/^urn:contactbook:sync:\d+$/);

    // RFC 6352 8.7: the multiget answers address-data in the version asked for (DAVx5 asks for 4.0).
    const multiget = multistatus(
      await dav(t.app, "REPORT", dental.href, {
        auth: device,
        depth: "0",
        body: xml(
          `<CARD:addressbook-multiget xmlns="DAV:" xmlns:CARD="urn:ietf:params:xml:ns:carddav"><prop><getetag/><CARD:address-data content-type="text/vcard" version="4.0"/></prop><href>${cards[0]!.href}</href></CARD:addressbook-multiget>`,
        ),
      }),
    )[0]!;
    const data = multiget.found.get(`${CARDDAV}|address-data`)!.text;
    // XML parsers turn the card's CRLF into LF (XML 1.0 2.11); vCard readers take either.
    expect(data).toMatch(/^BEGIN:VCARD\r?\nVERSION:4\.0\r?\n/);
    expect(data).toContain("FN:Iris Patel");
    expect(multiget.found.get(`${DAV}|getetag`)!.text).toBe(cards[0]!.found.get(`${DAV}|getetag`)!.text);

    // The second book is empty, and its own token is independent of the first's.
    const choir = books.find((b) => b.found.get(`${DAV}|displayname`)!.text === "Choir")!;
    expect(choir.href).toBe(`/dav/addressbooks/${user.id}/${secondOrg}/`);
    const empty = await dav(t.app, "REPORT", choir.href, {
      auth: device,
      body: xml(`<sync-collection xmlns="DAV:"><sync-token/><sync-level>1</sync-level><prop><getetag/></prop></sync-collection>`),
    });
    expect(multistatus(empty)).toEqual([]);
  });
});
