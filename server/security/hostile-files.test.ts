import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DavCredentials, createAppPassword, dav } from "../test/dav-client.js";
import { buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { watchLiveness } from "../test/liveness.js";
import { send, signIn } from "../test/requests.js";
import { upload } from "../test/uploads.js";

// The review found uploads that held the one process serving everyone: a 2 MB vCard of quoted-printable
// soft line breaks for minutes (then a 500), 10 MB of commas for 70 s. Each such file is now refused
// with what and where, or read in bounded steps; meanwhile GET /api/health/live keeps answering.

/** The longest a liveness check may wait during any upload (ours take a few hundredths of a second). */
const LIVENESS_MS = 1000;
const MB = 1024 * 1024;

const bytesOf = (text: string) => new TextEncoder().encode(text);
const card = (...lines: string[]) => ["BEGIN:VCARD", ...lines, "END:VCARD", ""].join("\r\n");
/** A vCard 2.1 card whose fifth line is a quoted-printable value of `breaks` soft line breaks, each after `part`. */
const softBreaks = (breaks: number, part: string, phone = "+1 212 555 0142") =>
  card("VERSION:2.1", "FN:Quincy Printable", `TEL:${phone}`, `X-NOTE;ENCODING=QUOTED-PRINTABLE:${`${part}=\r\n`.repeat(breaks)}end`);
const lines = (count: number, make: (i: number) => string) => Array.from({ length: count }, (_, i) => make(i));
/** Base64 of `bytes` bytes, folded at 75 characters as vCard 3.0 writes it. */
const foldedPhoto = (bytes: number) => {
  const base64 = Buffer.alloc(bytes, 0xa5).toString("base64");
  return ["PHOTO;ENCODING=b;TYPE=JPEG:", ...lines(Math.ceil(base64.length / 74), (i) => ` ${base64.slice(i * 74, i * 74 + 74)}`)].join(
    "\r\n",
  );
};

describe.each(engines)("files built to stall the server (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let cookie: string;
  let device: DavCredentials;
  let book: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    org = await buildOrg(t, user.id);
    cookie = await signIn(t.app, user.email, user.password);
    device = await createAppPassword(t.app, user.email, user.password, "Phone");
    book = `/dav/addressbooks/${user.id}/${org}/`;
  });
  afterAll(() => t?.close());

  /** What a refused file must leave as it was: the runs and the contacts. */
  const state = async () => ({
    runs: (await send(t.app, "GET", `/api/orgs/${org}/imports`, { cookie })).json.items.length as number,
    contacts: (await send(t.app, "GET", `/api/orgs/${org}/contacts/counts`, { cookie })).json.all as number,
  });
  const post = (path: string, bytes: Uint8Array, name: string) => upload(t.app, `/api/orgs/${org}${path}`, { bytes, name }, {}, cookie);

  /** The file is refused by the preview and the import with `message`, the server answering all along; nothing is written. */
  async function refused(text: string, name: string, message: string) {
    const bytes = bytesOf(text);
    const before = await state();
    for (const path of ["/imports/preview", "/imports"]) {
      const { result: res, longestWaitMs } = await watchLiveness(t.app, () => post(path, bytes, name));
      expect({ path, status: res.status, error: res.json.error }).toEqual({ path, status: 400, error: { code: "FILE_LIMIT", message } });
      expect(longestWaitMs, path).toBeLessThan(LIVENESS_MS);
    }
    expect(await state()).toEqual(before);
  }

  /** Imports a file to its end while the server keeps answering; answers the finished run. */
  async function imported(text: string, name: string) {
    const bytes = bytesOf(text);
    const { result: run, longestWaitMs } = await watchLiveness(t.app, async () => {
      let res = await post("/imports", bytes, name);
      expect(res.status, res.text).toBe(201);
      let current = res.json;
      while (current.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, 100));
        res = await send(t.app, "GET", `/api/orgs/${org}/imports/${current.id}`, { cookie });
        current = res.json;
      }
      return current;
    });
    expect(longestWaitMs).toBeLessThan(LIVENESS_MS);
    return run;
  }

  it("imports the review's 2 MB vCard of 500,000 quoted-printable soft line breaks (minutes, then a 500) by import and by CardDAV", async () => {
    const text = softBreaks(500_000, "a");
    expect(text.length).toBeGreaterThan(1.9 * MB);
    const run = await imported(text, "soft-breaks.vcf");
    expect(run).toMatchObject({ status: "done", total: 1, imported: 1, failed: 0 });

    const put = await watchLiveness(t.app, () =>
      dav(t.app, "PUT", `${book}soft.vcf`, { auth: device, body: softBreaks(500_000, "a", "+1 212 555 0143") }),
    );
    expect(put.result.status, put.result.text).toBe(201);
    expect(put.longestWaitMs).toBeLessThan(LIVENESS_MS);
  });

  it("refuses soft line breaks that join into a line of more than 1 MB, naming the line, by import and by CardDAV", async () => {
    const text = softBreaks(270_000, "abcd");
    await refused(text, "soft-breaks.vcf", "Line 5 is longer than 1 MB");
    const before = await state();
    const put = await watchLiveness(t.app, () => dav(t.app, "PUT", `${book}long.vcf`, { auth: device, body: text }));
    expect({ status: put.result.status, text: put.result.text }).toEqual({ status: 400, text: "Line 5 is longer than 1 MB" });
    expect(put.longestWaitMs).toBeLessThan(LIVENESS_MS);
    expect(await state()).toEqual(before);
  });

  it.each([
    [
      "a folded photo of 1.5 MB",
      card("VERSION:3.0", "FN:Big Photo", "TEL:+1 212 555 0150", foldedPhoto(1.1 * MB)),
      "Line 5 is longer than 1 MB",
    ],
    [
      "a line of 1.5 MB",
      card("VERSION:3.0", "FN:Long Line", "TEL:+1 212 555 0151", `NOTE:${"x".repeat(1.5 * MB)}`),
      "Line 5 is longer than 1 MB",
    ],
    [
      "a card of 1,001 lines",
      card("FN:First", "TEL:+1 212 555 0152") +
        card("VERSION:3.0", "FN:Second", "TEL:+1 212 555 0153", ...lines(998, (i) => `X-LINE-${i}:x`)),
      "Contact 2 has more than 1,000 lines",
    ],
    [
      "cards nested 11 deep",
      `${"BEGIN:VCARD\r\n".repeat(11)}FN:Deep\r\nTEL:+1 212 555 0154\r\n${"END:VCARD\r\n".repeat(11)}`,
      "Contact 11 (line 11) is nested more than 10 cards deep",
    ],
    [
      "100,001 cards",
      "BEGIN:VCARD\r\nTEL:1\r\nEND:VCARD\r\n".repeat(100_001),
      "The file holds 100,001 contacts; an import takes at most 100,000 (split it into smaller files)",
    ],
  ])("refuses a vCard file of %s, saying what and where", async (_what, text, message) => {
    await refused(text, "cards.vcf", message);
  });

  it("refuses the same cards sent by CardDAV with a 400 that says what and where", async () => {
    const before = await state();
    const cases = [
      [card("VERSION:3.0", "FN:Long Line", "TEL:+1 212 555 0155", `NOTE:${"x".repeat(1.5 * MB)}`), "Line 5 is longer than 1 MB"],
      [card("VERSION:3.0", "FN:Many", "TEL:+1 212 555 0156", ...lines(998, (i) => `X-LINE-${i}:x`)), "Contact 1 has more than 1,000 lines"],
      [
        `${"BEGIN:VCARD\r\n".repeat(11)}FN:Deep\r\nTEL:+1 212 555 0157\r\n${"END:VCARD\r\n".repeat(11)}`,
        "Contact 11 (line 11) is nested more than 10 cards deep",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await dav(t.app, "PUT", `${book}hostile.vcf`, { auth: device, body: body! });
      expect({ status: res.status, text: res.text }).toEqual({ status: 400, text: message });
    }
    expect(await state()).toEqual(before);
  });

  it("imports a card at every limit: ten deep, 1,000 lines, one of them 1 MB", async () => {
    const deepest = card(
      "VERSION:3.0",
      "FN:At The Limits",
      "TEL:+1 212 555 0158",
      `X-BIG:${"x".repeat(MB - "X-BIG:".length)}`,
      ...lines(996, (i) => `X-LINE-${i}:x`),
    );
    const text = `${"BEGIN:VCARD\r\n".repeat(9)}${deepest}${"END:VCARD\r\n".repeat(9)}`;
    const run = await imported(text, "limits.vcf");
    // The nine cards around it hold no phone.
    expect(run).toMatchObject({ status: "done", total: 10, imported: 1, failed: 9 });
  });

  it.each([
    ["10 MB of commas", `name,phone\r\n${",".repeat(10_000_000)}`, "Row 2 has more than 500 columns"],
    [
      `9.5 MB of '"x" '`,
      `name,phone\r\n${'"x" '.repeat(2_375_000)}`,
      "Row 2 is longer than 100,000 characters (a quote that is never closed runs on to the end of the file)",
    ],
    [
      "a header of 600 columns",
      `${lines(600, (i) => `Column ${i}`).join(",")}\r\nAda,+1 212 555 0159\r\n`,
      "Row 1 has more than 500 columns",
    ],
  ])("refuses a CSV file of %s, naming the row, before papaparse reads it", async (_what, text, message) => {
    await refused(text, "table.csv", message);
  });

  it("imports 10 MB of long notes and 10 MB of photos without holding the server", async () => {
    const note = "word ".repeat(980);
    const rows = lines(2000, (i) => `Noted ${i},+1 646 555 ${String(i).padStart(4, "0")},${note}${i}`);
    const csv = await imported(`name,phone,notes\r\n${rows.join("\r\n")}\r\n`, "notes.csv");
    expect(csv).toMatchObject({ status: "done", total: 2000, imported: 2000, failed: 0 });

    const photos = lines(20, (i) =>
      card("VERSION:3.0", `FN:Pictured ${i}`, `TEL:+1 718 555 ${String(i).padStart(4, "0")}`, foldedPhoto(350_000)),
    );
    const vcf = await imported(photos.join(""), "photos.vcf");
    expect(vcf).toMatchObject({ status: "done", total: 20, imported: 20, failed: 0 });
  });
});
