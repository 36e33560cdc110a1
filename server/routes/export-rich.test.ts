import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { RICH_CONTACT } from "../test/rich-contact.js";
import { upload } from "../test/uploads.js";

// A book of rich contacts exported and imported into an empty organization is the same book, field for
// field (issue "Rich contacts"): vCard 3.0 (with the photos) and the full CSV.
describe.each(engines)("rich export round trips (%s)", (engine) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let source: string;

  const api = (method: string, path: string, body: unknown, orgId: string) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie: admin, body });

  const ACME = {
    kind: "company",
    first_name: "",
    company: "Acme; Inc.",
    phones: [{ value: "+44 20 7946 0958", type: "main", label: null }],
    emails: [{ value: "=cmd@acme.example", type: "work", label: null }],
    urls: [{ value: "https://acme.example", type: "work", label: null }],
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t);
    adminId = a.id;
    source = await buildOrg(t, a.id, "Source");
    admin = await signIn(t.app, a.email, a.password);
    for (const contact of [RICH_CONTACT, ACME]) expect((await api("POST", "/contacts", contact, source)).status).toBe(201);
    const grace = (await api("GET", "/contacts?q=widgets", undefined, source)).json.items[0];
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "teal" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("photo", new File([png], "grace.png"));
    const put = await t.app.request(`/api/orgs/${source}/contacts/${grace.id}/photo`, {
      method: "PUT",
      body: form,
      headers: { cookie: admin, origin: APP_URL },
    });
    expect(put.status).toBe(200);
  });
  afterAll(() => t?.close());

  /** Every contact of an organization as its detail view has it, without what differs between copies. */
  async function book(orgId: string) {
    const items = (await api("GET", "/contacts?sort=name&limit=200", undefined, orgId)).json.items as { id: string }[];
    const details = [];
    for (const { id } of items) {
      const {
        id: _id,
        organization_id: _org,
        created_at: _c,
        updated_at: _u,
        version: _v,
        photo_etag,
        last_accessed: _l,
        ...rest
      } = (await api("GET", `/contacts/${id}`, undefined, orgId)).json;
      details.push({ ...rest, photo: photo_etag !== null });
    }
    return details;
  }

  async function roundTrip(format: "vcard" | "vcard4" | "csv-full", name: string) {
    const res = await t.app.request(`/api/orgs/${source}/export?format=${format}`, { headers: { cookie: admin, origin: APP_URL } });
    expect(res.status).toBe(200);
    const target = await buildOrg(t, adminId, `Copy ${format}`);
    const imported = await upload(
      t.app,
      `/api/orgs/${target}/imports`,
      { bytes: new Uint8Array(await res.arrayBuffer()), name },
      {},
      admin,
    );
    expect(imported.status).toBe(201);
    expect(imported.json).toMatchObject({ status: "done", imported: 2, failed: 0, leftOut: [] });
    expect(imported.json.notices).toEqual([]);
    return target;
  }

  it.each(["vcard", "vcard4"] as const)("%s: the same book, field for field, photo included", async (format) => {
    const target = await roundTrip(format, "book.vcf");
    expect(await book(target)).toEqual(await book(source));
    expect((await book(target)).map((c) => c.photo)).toEqual([true, false]);
  });

  it("full CSV: the same book, field for field (photos are not in a CSV)", async () => {
    const target = await roundTrip("csv-full", "book.csv");
    const withoutPhoto = (contacts: Awaited<ReturnType<typeof book>>) => contacts.map(({ photo: _p, ...c }) => c);
    expect(withoutPhoto(await book(target))).toEqual(withoutPhoto(await book(source)));
  });
});
