import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PHOTO_MAX_BYTES, PHOTO_SIZE } from "../../shared/contact-model/photo.js";
import { type TestApp, APP_URL, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

const NOT_AN_IMAGE = "The file is not an image (JPEG, PNG, WebP, GIF or HEIC).";

/** An image `width` x `height`, its left half red and its right half blue. */
async function halves(width: number, height: number) {
  const half = await sharp({ create: { width: width / 2, height, channels: 3, background: "#0000ff" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#ff0000" } }).composite([{ input: half, left: width / 2, top: 0 }]);
}

/** A PNG whose header declares a `side` x `side` canvas, with almost no data behind it. */
function declaredPng(side: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.alloc(64))), chunk("IEND", Buffer.alloc(0))]);
}

/** The red, green and blue of one pixel of a JPEG. */
async function pixel(jpeg: Buffer, x: number, y: number) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}
const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => b! > 200 && r! < 60 && g! < 60;

describe.each(engines)("contact photos (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let admin: string;
  let staff: string;
  let outsider: string;
  let png: Buffer;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t);
    const s = await buildUser(t);
    const o = await buildUser(t);
    org = await buildOrg(t, a.id, "Clinic");
    otherOrg = await buildOrg(t, o.id, "Other");
    await addMember(t, org, s.id, "staff");
    [admin, staff, outsider] = await Promise.all([
      signIn(t.app, a.email, a.password),
      signIn(t.app, s.email, s.password),
      signIn(t.app, o.email, o.password),
    ]);
    png = await (await halves(800, 600)).png().toBuffer();
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, cookie = admin, orgId = org) => send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie });

  async function putPhoto(contactId: string, bytes: Uint8Array, cookie = admin, options: { orgId?: string; name?: string } = {}) {
    const form = new FormData();
    form.set("photo", new File([bytes], options.name ?? "photo.png"));
    const res = await t.app.request(`/api/orgs/${options.orgId ?? org}/contacts/${contactId}/photo`, {
      method: "PUT",
      body: form,
      headers: { origin: APP_URL, cookie },
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  }

  async function getPhoto(contactId: string, cookie = admin, query = "", headers: Record<string, string> = {}) {
    const res = await t.app.request(`/api/orgs/${org}/contacts/${contactId}/photo${query}`, { headers: { cookie, ...headers } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  async function createContact(cookie = admin, orgId = org) {
    const res = await send(t.app, "POST", `/api/orgs/${orgId}/contacts`, {
      cookie,
      body: { first_name: `Photo ${++n}`, phone: `555${String(2_000_000 + n).slice(1)}` },
    });
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.json.contact as { id: string; version: number };
  }

  const contactNow = async (id: string) => (await api("GET", `/contacts/${id}`)).json;
  const photoRows = (contactId: string) =>
    t.database.db.selectFrom("contact_photos").select("etag").where("contact_id", "=", contactId).execute();

  it("keeps a 512 px square JPEG of an uploaded PNG, as an edit of the contact", async () => {
    const contact = await createContact();
    const changed = vi.spyOn(t.deps.events, "changed");
    const res = await putPhoto(contact.id, png, staff);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: contact.id, version: contact.version + 1, photo_etag: expect.any(String) });
    expect(changed).toHaveBeenCalledWith(org, expect.any(String), "contact.updated", { ids: [contact.id], version: contact.version + 1 });
    changed.mockRestore();
    expect((await contactNow(contact.id)).version).toBe(contact.version + 1);

    const photo = await getPhoto(contact.id, staff);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("etag")).toBe(`"${res.json.photo_etag}"`);
    expect(photo.headers.get("cache-control")).toBe("private, no-cache");
    const meta = await sharp(photo.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: PHOTO_SIZE, height: PHOTO_SIZE });
    // The middle square of the picture: red on the left, blue on the right.
    expect(isRed(await pixel(photo.bytes, 20, 256))).toBe(true);
    expect(isBlue(await pixel(photo.bytes, 490, 256))).toBe(true);
  });

  it("lets a browser keep the photo for good under its version, and answers 304 to the ETag it has", async () => {
    const contact = await createContact();
    const { json } = await putPhoto(contact.id, png);
    const versioned = await getPhoto(contact.id, admin, `?v=${json.photo_etag}`);
    expect(versioned.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const stale = await getPhoto(contact.id, admin, "?v=an-older-one");
    expect(stale.headers.get("cache-control")).toBe("private, no-cache");
    const again = await getPhoto(contact.id, admin, "", { "if-none-match": `"${json.photo_etag}"` });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get("etag")).toBe(`"${json.photo_etag}"`);
    expect((await getPhoto(contact.id, admin, "", { "if-none-match": '"something-else"' })).status).toBe(200);
  });

  it("turns a photo upright by its EXIF orientation and keeps none of its metadata", async () => {
    const contact = await createContact();
    // Stored sideways (red left, blue right) with orientation 6: shown upright, red is on top.
    const sideways = await (await halves(600, 300)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await putPhoto(contact.id, sideways, admin, { name: "IMG_0001.JPG" })).status).toBe(200);
    const photo = await getPhoto(contact.id);
    expect(isRed(await pixel(photo.bytes, 256, 20))).toBe(true);
    expect(isBlue(await pixel(photo.bytes, 256, 490))).toBe(true);
    const meta = await sharp(photo.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it.each([
    ["a text file", () => Buffer.from("Not a picture at all\n"), "notes.txt"],
    ["an SVG drawing", () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "logo.svg"],
    ["a truncated PNG", () => png.subarray(0, 40), "broken.png"],
  ])("refuses %s and changes nothing", async (_, bytes, name) => {
    const contact = await createContact();
    const first = await putPhoto(contact.id, png);
    const res = await putPhoto(contact.id, bytes(), admin, { name });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: "VALIDATION", message: NOT_AN_IMAGE });
    expect(await contactNow(contact.id)).toMatchObject({ version: first.json.version });
    expect((await getPhoto(contact.id)).headers.get("etag")).toBe(`"${first.json.photo_etag}"`);
  });

  it("refuses a file over the size cap and changes nothing", async () => {
    const contact = await createContact();
    const res = await putPhoto(contact.id, Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES)]));
    expect(res.status).toBe(413);
    expect(res.json.error).toEqual({ code: "TOO_LARGE", message: "The photo is too large (max 5MB)." });
    expect(await contactNow(contact.id)).toMatchObject({ version: contact.version });
    expect((await getPhoto(contact.id)).status).toBe(404);
  });

  it("refuses an image that declares a huge canvas without decoding it", async () => {
    const contact = await createContact();
    const res = await putPhoto(contact.id, declaredPng(10_000));
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("The image is too large (max 50 megapixels).");
    expect(await photoRows(contact.id)).toEqual([]);
  });

  it("asks for a photo when the form has none", async () => {
    const contact = await createContact();
    const res = await t.app.request(`/api/orgs/${org}/contacts/${contact.id}/photo`, {
      method: "PUT",
      body: new FormData(),
      headers: { origin: APP_URL, cookie: admin },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^Choose a photo/);
  });

  it("lets staff set and remove a photo, as they may edit contacts", async () => {
    const contact = await createContact(staff);
    expect((await putPhoto(contact.id, png, staff)).status).toBe(200);
    const removed = await api("DELETE", `/contacts/${contact.id}/photo`, staff);
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ photo_etag: null, version: contact.version + 2 });
  });

  it("answers 404 for another organization's contact, whichever way it is asked", async () => {
    const theirs = await createContact(outsider, otherOrg);
    await putPhoto(theirs.id, png, outsider, { orgId: otherOrg });
    // Through our own organization's address...
    expect((await putPhoto(theirs.id, png)).status).toBe(404);
    expect((await getPhoto(theirs.id)).status).toBe(404);
    expect((await api("DELETE", `/contacts/${theirs.id}/photo`)).status).toBe(404);
    // ...and through theirs, where we are no member.
    const ours = await createContact();
    await putPhoto(ours.id, png);
    expect((await putPhoto(ours.id, png, outsider)).status).toBe(404);
    expect((await getPhoto(ours.id, outsider)).status).toBe(404);
    expect((await api("DELETE", `/contacts/${ours.id}/photo`, outsider)).status).toBe(404);
    // Nothing of either changed.
    expect(await photoRows(theirs.id)).toHaveLength(1);
    expect(await photoRows(ours.id)).toHaveLength(1);
    expect((await send(t.app, "GET", `/api/orgs/${otherOrg}/contacts/${theirs.id}`, { cookie: outsider })).json.version).toBe(
      theirs.version + 1,
    );
  });

  it("removes a photo: the contact's next version, then 404; removing none changes nothing", async () => {
    const contact = await createContact();
    const set = await putPhoto(contact.id, png);
    const removed = await api("DELETE", `/contacts/${contact.id}/photo`);
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ id: contact.id, photo_etag: null, version: set.json.version + 1 });
    expect((await getPhoto(contact.id)).status).toBe(404);
    const again = await api("DELETE", `/contacts/${contact.id}/photo`);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ photo_etag: null, version: set.json.version + 1 });
    expect(await photoRows(contact.id)).toEqual([]);
  });

  it("keeps a trashed contact's photo for those who see the trash, and purging the contact removes it", async () => {
    const contact = await createContact();
    await putPhoto(contact.id, png);
    expect((await api("DELETE", `/contacts/${contact.id}`)).status).toBe(204);
    expect((await getPhoto(contact.id, admin)).status).toBe(200);
    expect((await getPhoto(contact.id, staff)).status).toBe(404);
    expect((await putPhoto(contact.id, png)).status).toBe(404);
    expect((await api("DELETE", `/contacts/${contact.id}/photo`)).status).toBe(404);
    expect(await photoRows(contact.id)).toHaveLength(1);

    expect((await api("DELETE", `/trash/${contact.id}`)).status).toBe(204);
    expect(await photoRows(contact.id)).toEqual([]);
    expect((await getPhoto(contact.id)).status).toBe(404);
  });
});
