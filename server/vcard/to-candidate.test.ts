import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emptyCandidate } from "../cards/candidate.js";
import { candidateToData } from "../cards/candidate-to-data.js";
import { readVCards } from "./read.js";
import { readCard } from "./to-candidate.js";
import { writeVCard } from "./write.js";

const CORPUS = join(import.meta.dirname, "../../../shared/testdata/real-world");
const readFile = (file: string) => readVCards(readFileSync(join(CORPUS, file)).toString("latin1"), "utf-8").map(readCard);
const readText = (text: string) => readVCards(Buffer.from(text.replace(/\n/g, "\r\n"), "utf8").toString("latin1"), "utf-8").map(readCard);
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const emptyLists = emptyCandidate().lists;

describe("real products' cards, every value", () => {
  it("reads an iPhone's card (3.0): every phone with its type and Apple's labels, both addresses, the photo", () => {
    const [{ candidate, extras }] = readFile("ez-vcard/John_Doe_IPHONE.vcf") as [ReturnType<typeof readCard>];
    const { photo, ...rest } = candidate;
    expect(rest).toEqual({
      singles: {
        name_prefix: "Mr.",
        first_name: "John",
        middle_name: "Richter James",
        last_name: "Doe",
        name_suffix: "Sr.",
        company: "IBM",
        department: "Accounting",
        nickname: "Johny",
        job_title: "Money Counter",
      },
      lists: {
        phones: [
          { value: "905-555-1234", type: "mobile" },
          { value: "905-666-1234", type: "home" },
          { value: "905-777-1234", type: "work" },
          { value: "905-888-1234", type: "fax_home" },
          { value: "905-999-1234", type: "fax_work" },
          { value: "905-111-1234", type: "pager" },
          // item2.X-ABLabel:_$!<AssistantPhone>!$_
          { value: "905-222-1234", type: "assistant" },
        ],
        emails: [{ value: "john.doe@ibm.com" }],
        addresses: [
          {
            street: "Silicon Alley 5",
            city: "New York",
            region: "New York",
            postal_code: "12345",
            country: "United States of America",
            type: "home",
          },
          { street: "Street4\nBuilding 6\nFloor 8", city: "New York", postal_code: "12345", country: "USA", type: "work" },
        ],
        urls: [{ value: "http://www.ibm.com", type: "homepage" }],
        dates: [{ value: "2012-06-06", type: "birthday" }],
        custom_fields: [],
      },
      categories: [],
      leftOut: [],
    });
    expect(photo?.mediaType).toBe("image/jpeg");
    expect([...photo!.bytes.subarray(0, 3)]).toEqual(JPEG_MAGIC);
    expect(photo!.bytes.length).toBeGreaterThan(30_000);
    // Apple's X-ABADR went with the addresses it belongs to; nothing else was left.
    expect(extras).toEqual({ uid: null, extraLines: [] });
  });

  it("reads Android's cards (2.1): quoted-printable names, phones and e-mails in preference order, the groups", () => {
    const cards = readFile("ez-vcard/John_Doe_ANDROID.vcf").map((c) => c.candidate);
    expect(cards).toHaveLength(6);
    expect(cards[0]).toEqual({
      ...emptyCandidate(),
      lists: { ...emptyLists, emails: [{ value: "john.doe@company.com" }] },
      categories: ["My Contacts"],
    });
    expect(cards[3]!.singles).toEqual({
      last_name: "Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ",
      notes: "Ñ Ñ Ñ Ñ Ñ Ñ Ñ ÑÑ Ñ Ñ Ñ Ñ Ñ Ñ ÑÑ Ñ Ñ Ñ Ñ\nÑ Ñ Ñ Ñ Ñ Ñ Ñ ÑÑ Ñ Ñ Ñ Ñ Ñ Ñ ÑÑ Ñ Ñ Ñ Ñ",
    });
    expect(cards[3]!.lists.phones).toEqual([
      { value: "123456", type: "mobile" },
      { value: "234567", type: "home" },
      { value: "3456789", type: "mobile" },
      { value: "45678901", type: "home" },
    ]);
    const { photo, ...bob } = cards[4]!;
    expect(bob).toEqual({
      ...emptyCandidate(),
      singles: { first_name: "Ñ Ñ Ñ", last_name: "Ñ Ñ", company: "ÑÑÑÑÑÑÑÑÑÑÑÑ" },
      lists: {
        ...emptyLists,
        phones: [
          { value: "123456", type: "mobile" },
          { value: "123456", type: "work" },
          { value: "123456", type: "fax_work" },
        ],
        emails: [{ value: "bob@company.com", type: "work" }, { value: "ÑÑÑÑÑÑÑÑÑÑÑÑÑÑ" }],
        urls: [{ value: "www.company.com" }, { value: "http://www.company.com" }],
      },
    });
    expect([...photo!.bytes.subarray(0, 3)]).toEqual(JPEG_MAGIC);
    expect(cards[5]!.singles).toEqual({ last_name: "ÑÑÑÑ", company: "Ñ".repeat(44) });
  });

  it("reads Outlook's card (2.1): ROLE beside TITLE, its anniversary, its manager and assistant", () => {
    const [{ candidate }] = readFile("ez-vcard/John_Doe_MS_OUTLOOK.vcf") as [ReturnType<typeof readCard>];
    const { photo, singles, ...rest } = candidate;
    expect(singles).toMatchObject({
      name_prefix: "Mr.",
      first_name: "John",
      middle_name: "Richter James",
      last_name: "Doe",
      name_suffix: "Sr.",
      company: "IBM",
      department: "Accounting",
      nickname: "Johny",
      job_title: "Money Counter",
    });
    expect(singles.notes).toMatch(/^THIS SOFTWARE IS PROVIDED BY GEORGE EL-HADDAD ''AS IS''.*POSSIBILITY OF SUCH DAMAGE\.$/s);
    expect(rest).toEqual({
      lists: {
        phones: [
          { value: "(905) 555-1234", type: "work" },
          { value: "(905) 666-1234", type: "home" },
        ],
        emails: [{ value: "john.doe@ibm.cm" }],
        addresses: [
          {
            street: "Cresent moon drive",
            city: "Albaney",
            region: "New York",
            postal_code: "12345",
            country: "United States of America",
            type: "work",
          },
          {
            street: "Silicon Alley 5",
            city: "New York",
            region: "New York",
            postal_code: "12345",
            country: "United States of America",
            type: "home",
          },
        ],
        urls: [{ value: "http://www.ibm.com", type: "work" }],
        dates: [
          { value: "1980-03-22", type: "birthday" },
          { value: "2011-01-13", type: "anniversary" },
        ],
        custom_fields: [
          { value: "Counting Money", label: "Role", type: "custom" },
          { value: "Big Blue", label: "Manager", type: "custom" },
          { value: "Jenny", label: "Assistant", type: "custom" },
        ],
      },
      categories: [],
      leftOut: [],
    });
    expect([...photo!.bytes.subarray(0, 3)]).toEqual(JPEG_MAGIC);
  });

  it("reads RFC 6350's example (4.0): tel: URIs with their extension, a birthday without a year, the anniversary's date", () => {
    const [{ candidate, extras }] = readFile("ez-vcard/rfc6350-example.vcf") as [ReturnType<typeof readCard>];
    expect(candidate).toEqual({
      ...emptyCandidate(),
      singles: { first_name: "Simon", last_name: "Perreault", name_suffix: "ing. jr, M.Sc.", company: "Viagenie" },
      lists: {
        ...emptyLists,
        phones: [
          { value: "+1-418-656-9254 ext. 102", type: "work" },
          { value: "+1-418-262-6501", type: "work_mobile" },
        ],
        emails: [{ value: "simon.perreault@viagenie.ca", type: "work" }],
        addresses: [
          {
            street: "2875 Laurier",
            extended: "Suite D2-630",
            city: "Quebec",
            region: "QC",
            postal_code: "G1V 2M2",
            country: "Canada",
            type: "work",
          },
        ],
        urls: [{ value: "http://nomis80.org", type: "home" }],
        dates: [
          { value: "--02-03", type: "birthday" },
          { value: "2009-08-08", type: "anniversary" },
        ],
      },
    });
    // What has no field is kept as written; a key that is a link is not (nothing is ever fetched).
    expect(extras.extraLines).toEqual([
      "GENDER:M",
      "LANG;PREF=1:fr",
      "LANG;PREF=2:en",
      "GEO;TYPE=work:geo:46.772673,-71.282945",
      "TZ:-0500",
    ]);
  });

  it("reads Thunderbird's photo written as bare base64 (3.0, no ENCODING)", () => {
    const [{ candidate }] = readFile("thunderbird/v3-binary-jpeg.vcf") as [ReturnType<typeof readCard>];
    expect(candidate.full_name).toBe("Binary JPEG");
    expect(candidate.singles).toEqual({ notes: "This v3.0 card has a JPEG photo as binary data and binary valuetype." });
    expect(candidate.photo?.mediaType).toBe("image/jpeg");
    expect([...candidate.photo!.bytes.subarray(0, 3)]).toEqual(JPEG_MAGIC);
  });

  it.each([
    ["thunderbird/v3-binary-png.vcf", "image/png"],
    ["thunderbird/v3-uri-binary-webp.vcf", "image/webp"],
    ["thunderbird/v3-uri-uri-jpeg.vcf", "image/jpeg"],
    ["thunderbird/v4-uri-png.vcf", "image/png"],
  ])("reads the photo of %s as %s", (file, mediaType) => {
    const [{ candidate }] = readFile(file) as [ReturnType<typeof readCard>];
    expect(candidate.photo?.mediaType).toBe(mediaType);
    expect(candidate.leftOut).toEqual([]);
  });

  it("reads AOSP's complicated card (2.1): every name part, ORG's units, the notes, ROLE beside TITLE", () => {
    const [{ candidate }] = readFile("aosp-vcard/v21_complicated.vcf") as [ReturnType<typeof readCard>];
    const { photo, ...rest } = candidate;
    expect(rest).toEqual({
      ...emptyCandidate(),
      singles: {
        name_prefix: "Pos",
        first_name: "Forrest",
        middle_name: "Hoge",
        last_name: "Gump",
        name_suffix: "Tao",
        company: "Gump Shrimp Co.",
        department: "Sales Dept.;Manager, Fish keeper",
        job_title: "Shrimp Man",
        notes: "The following note is the example from RFC 2045.\nNow's the time for all folk to come to the aid of their country.",
      },
      lists: {
        phones: [
          { value: "(111) 555-1212", type: "work" },
          { value: "(404) 555-1212", type: "home" },
          { value: "0311111111", type: "mobile" },
          { value: "0322222222", type: "custom", label: "Video" },
          { value: "0333333333", type: "mobile" },
        ],
        emails: [{ value: "forrestgump@walladalla.com" }, { value: "cell@example.com" }],
        addresses: [
          {
            street: "100 Waters Edge",
            city: "Baytown",
            region: "LA",
            postal_code: "30314",
            country: "United States of America",
            type: "work",
          },
          {
            street: "42 Plantation St.",
            city: "Baytown",
            region: "LA",
            postal_code: "30314",
            country: "United States of America",
            type: "home",
          },
        ],
        urls: [{ value: "http://www.example.com/" }],
        dates: [{ value: "1980-01-01", type: "birthday" }],
        custom_fields: [{ value: "Fish Cake Keeper!", label: "Role", type: "custom" }],
      },
    });
    expect([...photo!.bytes.subarray(0, 3)]).toEqual(JPEG_MAGIC);
  });
});

const IPHONE_COMPANY = `BEGIN:VCARD
VERSION:3.0
PRODID:-//Apple Inc.//iPhone OS 17.2//EN
N:;;;;
FN:Acme Corporation
ORG:Acme Corporation;
X-ABShowAs:COMPANY
item1.TEL;type=pref:+1 (555) 010-0100
item1.X-ABLabel:_$!<Main>!$_
item2.EMAIL;type=INTERNET:info@acme.example
item2.X-ABLabel:_$!<Work>!$_
item3.URL;type=pref:https://acme.example
item3.X-ABLabel:_$!<HomePage>!$_
item4.X-ABRELATEDNAMES:Jane Roe
item4.X-ABLabel:_$!<Assistant>!$_
item5.X-ABDATE;type=pref:2001-05-01
item5.X-ABLabel:Founded
item6.TEL:+1 555 0142
item6.X-ABLabel:Night line
X-SOCIALPROFILE;type=linkedin:https://linkedin.com/company/acme
item7.IMPP;X-SERVICE-TYPE=Skype;type=pref:skype:acme
item7.X-ABLabel:Skype
UID:5A3C0B6E-1111-2222-3333-444455556666
END:VCARD
`;

describe("cards written by people's devices", () => {
  it("reads an iPhone's company card as a company, with Apple's labels, and keeps the rest as written", () => {
    const [{ candidate, extras }] = readText(IPHONE_COMPANY) as [ReturnType<typeof readCard>];
    expect(candidate).toEqual({
      ...emptyCandidate(),
      kind: "company",
      singles: { company: "Acme Corporation" },
      lists: {
        ...emptyLists,
        phones: [
          { value: "+1 (555) 010-0100", type: "main" },
          { value: "+1 555 0142", type: "custom", label: "Night line" },
        ],
        emails: [{ value: "info@acme.example", type: "work" }],
        urls: [{ value: "https://acme.example", type: "homepage" }],
        dates: [{ value: "2001-05-01", type: "custom", label: "Founded" }],
        custom_fields: [{ value: "Jane Roe", label: "Assistant", type: "custom" }],
      },
    });
    expect(extras).toEqual({
      uid: "5A3C0B6E-1111-2222-3333-444455556666",
      extraLines: [
        "X-SOCIALPROFILE;type=linkedin:https://linkedin.com/company/acme",
        "item7.IMPP;X-SERVICE-TYPE=Skype;type=pref:skype:acme",
        "item7.X-ABLabel:Skype",
      ],
    });
    expect(candidateToData(candidate, { requirePhone: true })).toMatchObject({
      ok: true,
      data: { kind: "company", first_name: "", last_name: null, company: "Acme Corporation" },
    });
  });

  it("keeps an address's country as the country (not in the street line), and writes it back in its place", () => {
    const adr = "ADR;TYPE=WORK:;;South Parks Road;Oxford;;OX1 3QR;United Kingdom";
    const [{ candidate }] = readText(`BEGIN:VCARD\nVERSION:3.0\nN:Smith;Ann;;;\nTEL:+44 1865 270000\n${adr}\nEND:VCARD\n`) as [
      ReturnType<typeof readCard>,
    ];
    expect(candidate.lists.addresses).toEqual([
      { street: "South Parks Road", city: "Oxford", postal_code: "OX1 3QR", country: "United Kingdom", type: "work" },
    ]);
    const outcome = candidateToData(candidate, { requirePhone: true });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(writeVCard({ ...outcome.data, id: "c1" }).split("\r\n")).toContain(adr);
  });

  it("reads Apple's birthday without a year, and a year that is only Apple's stand-in", () => {
    const [{ candidate }] = readText(
      "BEGIN:VCARD\nVERSION:3.0\nN:Smith;Ann;;;\nBDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15\nitem1.X-ABDATE;X-APPLE-OMIT-YEAR=1604:1604-02-29\nitem1.X-ABLabel:_$!<Anniversary>!$_\nEND:VCARD\n",
    ) as [ReturnType<typeof readCard>];
    expect(candidate.lists.dates).toEqual([
      { value: "--04-15", type: "birthday" },
      { value: "--02-29", type: "anniversary" },
    ]);
  });

  it.each([
    ["BDAY:19800415", "1980-04-15"],
    ["BDAY:1980-04-15", "1980-04-15"],
    ["BDAY;VALUE=date:1980-04-15", "1980-04-15"],
    ["BDAY:--0415", "--04-15"],
    ["BDAY:--04-15", "--04-15"],
    ["BDAY:1980-04-15T00:00:00Z", "1980-04-15"],
    ["BDAY:19800415T143000-0500", "1980-04-15"],
    ["X-EVOLUTION-ANNIVERSARY:2001-05-01", "2001-05-01"],
    ["X-ANNIVERSARY:2001-05-01", "2001-05-01"],
  ])("reads %s as %s", (line, value) => {
    const [{ candidate }] = readText(`BEGIN:VCARD\nVERSION:4.0\nFN:Ann\n${line}\nEND:VCARD\n`) as [ReturnType<typeof readCard>];
    expect(candidate.lists.dates.map((d) => d.value)).toEqual([value]);
  });

  it("keeps a date it cannot read as written, rather than guessing", () => {
    const [{ candidate, extras }] = readText(
      "BEGIN:VCARD\nVERSION:4.0\nFN:Ann\nBDAY;VALUE=text:circa 1800\nBDAY:19810229\nEND:VCARD\n",
    ) as [ReturnType<typeof readCard>];
    expect(candidate.lists.dates).toEqual([]);
    expect(extras.extraLines).toEqual(["BDAY;VALUE=text:circa 1800", "BDAY:19810229"]);
  });

  it("counts a photo that is a link as left out (never fetched), and entries past a list's limit", () => {
    const tels = Array.from({ length: 53 }, (_, i) => `TEL:555${String(i).padStart(4, "0")}`).join("\n");
    const [{ candidate, extras }] = readText(
      `BEGIN:VCARD\nVERSION:3.0\nFN:Ann Smith\nPHOTO;VALUE=uri:https://example.com/ann.jpg\n${tels}\nCATEGORIES:Friends,Book club\nCATEGORIES:Work\nEND:VCARD\n`,
    ) as [ReturnType<typeof readCard>];
    expect(candidate.photo).toBeUndefined();
    expect(candidate.lists.phones).toHaveLength(50);
    expect(candidate.leftOut).toEqual([
      { source: "TEL", values: 3 },
      { source: "PHOTO", values: 1 },
    ]);
    expect(candidate.full_name).toBe("Ann Smith");
    expect(candidate.categories).toEqual(["Friends", "Book club", "Work"]);
    expect(extras.extraLines).toEqual(["CATEGORIES:Friends,Book club", "CATEGORIES:Work"]);
  });

  it("reads labels a person typed on e-mails, addresses and websites, and the types Apple names", () => {
    const [{ candidate }] = readText(
      [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "N:Smith;Ann;;;",
        "item1.EMAIL;type=INTERNET:ann@school.example",
        "item1.X-ABLabel:School",
        "item2.EMAIL;type=INTERNET:ann@other.example",
        "item2.X-ABLabel:_$!<Other>!$_",
        "item3.ADR;type=HOME:;;1 Lake Rd;Tahoe;CA;96150;USA",
        "item3.X-ABLabel:Cabin",
        "item4.URL:https://ann.example/blog",
        "item4.X-ABLabel:Blog",
        "item5.TEL;type=CELL:555 0100",
        "item5.X-ABLabel:_$!<Mobile>!$_",
        "item6.TEL:555 0101",
        "item6.X-ABLabel:_$!<OtherFAX>!$_",
        "ROLE:Treasurer",
        "NICKNAME:Annie",
        "X-PHONETIC-FIRST-NAME:An",
        "X-PHONETIC-LAST-NAME:Smiθ",
        "END:VCARD",
        "",
      ].join("\n"),
    ) as [ReturnType<typeof readCard>];
    expect(candidate.lists).toMatchObject({
      emails: [
        { value: "ann@school.example", type: "custom", label: "School" },
        { value: "ann@other.example", type: "other" },
      ],
      addresses: [{ street: "1 Lake Rd", city: "Tahoe", region: "CA", postal_code: "96150", country: "USA", type: "home", label: "Cabin" }],
      urls: [{ value: "https://ann.example/blog", type: "custom", label: "Blog" }],
      phones: [
        { value: "555 0100", type: "mobile" },
        { value: "555 0101", type: "other_fax" },
      ],
    });
    expect(candidate.singles).toEqual({
      first_name: "Ann",
      last_name: "Smith",
      job_title: "Treasurer",
      nickname: "Annie",
      phonetic_first_name: "An",
      phonetic_last_name: "Smiθ",
    });
  });

  it("reads a 4.0 KIND:org card as a company and keeps its post office box in the street", () => {
    const [{ candidate }] = readText(
      "BEGIN:VCARD\nVERSION:4.0\nKIND:org\nFN:Acme\nORG:Acme\nADR:PO Box 12;;1 Main St;Town;;;\nEND:VCARD\n",
    ) as [ReturnType<typeof readCard>];
    expect(candidate.kind).toBe("company");
    expect(candidate.full_name).toBeUndefined();
    expect(candidate.lists.addresses).toEqual([{ street: "PO Box 12\n1 Main St", city: "Town" }]);
  });
});
