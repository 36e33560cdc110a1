import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { type DavCredentials, createAppPassword, dav } from "../test/dav-client.js";
import { readVCards } from "../vcard/read.js";
import { readCard } from "../vcard/to-candidate.js";
import { OXFORD_WORK_ADDRESS } from "../test/rich-contact.js";

const card = (lines: string[]) => ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD", ""].join("\r\n");
const unfolded = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n");

// A phone writes a rich card; the app shows and edits its fields; an edit in the app changes only what
// was edited and the phone reads back every other property, photo included (issue "Rich contacts").
describe.each(engines)("a rich card through CardDAV and the app (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let owner: { id: string; email: string; password: string };
  let cookie: string;
  let device: DavCredentials;
  let jpeg: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await buildUser(t);
    org = await buildOrg(t, owner.id, "Clinic");
    cookie = await signIn(t.app, owner.email, owner.password);
    device = await createAppPassword(t.app, owner.email, owner.password, "iPhone");
    jpeg = (
      await sharp({ create: { width: 300, height: 300, channels: 3, background: "orange" } })
        .jpeg()
        .toBuffer()
    ).toString("base64");
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown) => send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
  const href = () => `/dav/addressbooks/${owner.id}/${org}/grace.vcf`;

  it("keeps every property of the card, shows the fields, and an app edit changes only what it names", async () => {
    const sent = card([
      "UID:iphone-grace",
      "N:Hopper;Grace;Brewster;Dr.;PhD",
      "FN:Dr. Grace Brewster Hopper PhD",
      "NICKNAME:Amazing Grace",
      "ORG:Navy Labs;Computing",
      "TITLE:Rear Admiral",
      "TEL;TYPE=CELL:(615) 777-0201",
      "TEL;TYPE=WORK:(615) 777-0202",
      "item1.TEL:(615) 777-0203",
      "item1.X-ABLabel:Lab bench",
      "EMAIL;TYPE=WORK:grace@navy.example",
      "EMAIL;TYPE=HOME:amazing.grace@home.example",
      "ADR;TYPE=WORK:;;South Parks Road;Oxford;;OX1 3QR;United Kingdom",
      "URL:https://grace.example",
      "BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-09",
      "item2.X-ABDATE:1930-06-15",
      "item2.X-ABLabel:_$!<Anniversary>!$_",
      "X-SOCIALPROFILE;TYPE=twitter:https://twitter.example/grace",
      `PHOTO;ENCODING=b;TYPE=JPEG:${jpeg}`,
    ]);
    expect((await dav(t.app, "PUT", href(), { auth: device, body: sent })).status).toBe(201);

    const id = (await api("GET", "/contacts?q=hopper")).json.items[0].id;
    const shown = (await api("GET", `/contacts/${id}`)).json;
    expect(shown).toMatchObject({
      name_prefix: "Dr.",
      middle_name: "Brewster",
      name_suffix: "PhD",
      nickname: "Amazing Grace",
      company: "Navy Labs",
      department: "Computing",
      job_title: "Rear Admiral",
      birthday: "--12-09",
    });
    expect(shown.phones).toEqual([
      { value: "(615) 777-0201", type: "mobile", label: null },
      { value: "(615) 777-0202", type: "work", label: null },
      { value: "(615) 777-0203", type: "custom", label: "Lab bench" },
    ]);
    expect(shown.addresses).toEqual([OXFORD_WORK_ADDRESS]);
    expect(shown.dates).toEqual([
      { value: "--12-09", type: "birthday", label: null },
      { value: "1930-06-15", type: "anniversary", label: null },
    ]);
    expect(shown.photo_etag).not.toBeNull();
    expect(shown.extras).toEqual([{ name: "X-SOCIALPROFILE", params: { TYPE: "twitter" }, value: "https://twitter.example/grace" }]);

    const before = (await dav(t.app, "GET", href(), { auth: device })).text;
    const edited = await api("PATCH", `/contacts/${id}`, { version: shown.version, job_title: "Commodore" });
    expect(edited.status).toBe(200);
    const after = (await dav(t.app, "GET", href(), { auth: device })).text;

    // Only the title changed: every other line the phone reads back is as it was.
    const changed = (a: string, b: string) => unfolded(a).filter((line) => !unfolded(b).includes(line));
    expect(changed(after, before).filter((l) => !l.startsWith("REV:"))).toEqual(["TITLE:Commodore"]);
    expect(changed(before, after).filter((l) => !l.startsWith("REV:"))).toEqual(["TITLE:Rear Admiral"]);
    const lines = unfolded(after);
    expect(lines).toContain("UID:iphone-grace");
    expect(lines).toContain("X-SOCIALPROFILE;TYPE=twitter:https://twitter.example/grace");
    // The photo travels back (resized by the server to its square JPEG).
    const [read] = readVCards(Buffer.from(after, "utf8").toString("latin1"), "utf-8");
    const { candidate } = readCard(read!);
    expect(candidate.photo?.mediaType).toBe("image/jpeg");
    expect((await sharp(Buffer.from(candidate.photo!.bytes)).metadata()).width).toBe(512);
    expect(candidate.lists.phones).toHaveLength(3);
    expect(candidate.lists.emails).toHaveLength(2);
  });

  it("finds the card's third number and second e-mail in search, and names this contact when a new one is typed with its third number", async () => {
    expect((await api("GET", "/contacts?q=6157770203")).json.items).toHaveLength(1);
    expect((await api("GET", `/contacts?q=${encodeURIComponent("amazing.grace@home")}`)).json.items).toHaveLength(1);
    const ask = await api("POST", "/contacts", { first_name: "Someone", phone: "+1 615 777 0203", on_duplicate: "ask" });
    expect(ask.status).toBe(409);
    expect(ask.json.error.code).toBe("DUPLICATE_PHONE");
  });
});
