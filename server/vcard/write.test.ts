import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emptyContactData } from "../../shared/contact-model/data-schema.js";
import { candidateToData } from "../cards/candidate-to-data.js";
import { readVCards } from "./read.js";
import { readCard } from "./to-candidate.js";
import { type CardInput, escapeText, foldLine, writeVCard } from "./write.js";

const contact: CardInput = {
  ...emptyContactData(),
  id: "0192f2a4-5b6c-7d8e-9f00-112233445566",
  first_name: "Zoë",
  last_name: "O'Brien; Jr.",
  company: "Acme, Inc.",
  emails: [{ value: "zoe@example.com", type: "home", label: null }],
  phones: [
    { value: "+1 555 0100", type: "work_mobile", label: null },
    { value: "(555) 555-0123", type: "fax_home", label: null },
  ],
  addresses: [
    {
      street: "12 Main St, Apt 4",
      extended: null,
      city: "Springfield",
      region: "IL",
      postal_code: "62701",
      country: null,
      type: "home",
      label: null,
    },
  ],
  notes: "Line one\nLine two; with, punctuation \\ and a backslash",
  updated_at: "2026-11-23T16:49:41.123Z",
};

/** What the reader makes of written text (the bytes as the importer sees them: latin1, UTF-8 detected). */
const readBack = (text: string) => readVCards(Buffer.from(text, "utf8").toString("latin1"), "utf-8").map(readCard);
const unfoldedLines = (text: string) => text.replace(/\r\n /g, "").split("\r\n");

describe("writing a vCard", () => {
  it("writes a 3.0 card with every property the contact has", () => {
    const lines = unfoldedLines(writeVCard(contact));
    expect(lines).toEqual([
      "BEGIN:VCARD",
      "VERSION:3.0",
      "PRODID:-//Contactbook//Contactbook//EN",
      "N:O'Brien\\; Jr.;Zoë;;;",
      "FN:Zoë O'Brien\\; Jr.",
      "ORG:Acme\\, Inc.",
      "NOTE:Line one\\nLine two\\; with\\, punctuation \\\\ and a backslash",
      "TEL;TYPE=WORK,CELL:+1 555 0100",
      "TEL;TYPE=HOME,FAX:(555) 555-0123",
      "EMAIL;TYPE=INTERNET,HOME:zoe@example.com",
      "ADR;TYPE=HOME:;;12 Main St\\, Apt 4;Springfield;IL;62701;",
      "UID:0192f2a4-5b6c-7d8e-9f00-112233445566",
      "REV:2026-11-23T16:49:41Z",
      "END:VCARD",
      "",
    ]);
  });

  it("writes 4.0 when asked: lower-case types, PREF on the first number, a urn:uuid UID, a basic REV", () => {
    const lines = unfoldedLines(writeVCard(contact, { version: "4.0" }));
    expect(lines).toContain("VERSION:4.0");
    expect(lines).toContain("TEL;TYPE=work,cell;PREF=1:+1 555 0100");
    expect(lines).toContain("TEL;TYPE=home,fax:(555) 555-0123");
    expect(lines).toContain("EMAIL;TYPE=home:zoe@example.com");
    expect(lines).toContain("UID:urn:uuid:0192f2a4-5b6c-7d8e-9f00-112233445566");
    expect(lines).toContain("REV:20261123T164941Z");
  });

  it("leaves out what a contact does not have, and still names the card", () => {
    const text = writeVCard({
      ...emptyContactData(),
      id: "c1",
      first_name: "Ann",
      phones: [{ value: "5550100", type: "mobile", label: null }],
    });
    expect(unfoldedLines(text)).toEqual([
      "BEGIN:VCARD",
      "VERSION:3.0",
      "PRODID:-//Contactbook//Contactbook//EN",
      "N:;Ann;;;",
      "FN:Ann",
      "TEL;TYPE=CELL:5550100",
      "UID:c1",
      "END:VCARD",
      "",
    ]);
  });

  it("writes every name part, a company's card, labels, dates and custom fields as Apple writes them", () => {
    const lines = unfoldedLines(
      writeVCard({
        ...contact,
        kind: "company",
        name_prefix: "Dr.",
        middle_name: "Ann",
        name_suffix: "PhD",
        department: "Lab",
        job_title: "Chief",
        nickname: "Zo",
        phonetic_first_name: "Zo-ee",
        phones: [{ value: "555 0199", type: "custom", label: "Gate" }],
        dates: [
          { value: "--04-15", type: "birthday", label: null },
          { value: "2011-01-13", type: "anniversary", label: null },
          { value: "2020-02-29", type: "custom", label: "Moved in" },
        ],
        custom_fields: [{ value: "1234#", type: "custom", label: "Gate code" }],
      }),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        "N:O'Brien\\; Jr.;Zoë;Ann;Dr.;PhD",
        "FN:Acme\\, Inc.",
        "X-ABShowAs:COMPANY",
        "X-PHONETIC-FIRST-NAME:Zo-ee",
        "NICKNAME:Zo",
        "ORG:Acme\\, Inc.;Lab",
        "TITLE:Chief",
        "item1.TEL;TYPE=X-CUSTOM:555 0199",
        "item1.X-ABLabel:Gate",
        "BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15",
        "item2.X-ABDATE:2011-01-13",
        "item2.X-ABLabel:_$!<Anniversary>!$_",
        "item3.X-ABDATE:2020-02-29",
        "item3.X-ABLabel:Moved in",
        "item4.X-CUSTOM:1234#",
        "item4.X-ABLabel:Gate code",
      ]),
    );
    const four = unfoldedLines(
      writeVCard(
        {
          ...contact,
          kind: "company",
          dates: [
            { value: "--04-15", type: "birthday", label: null },
            { value: "2011-01-13", type: "anniversary", label: null },
          ],
        },
        { version: "4.0" },
      ),
    );
    expect(four).toEqual(expect.arrayContaining(["KIND:org", "X-ABShowAs:COMPANY", "BDAY:--0415", "ANNIVERSARY:20110113"]));
  });

  it("writes the photo inline: 3.0's ENCODING=b, 4.0's data: URI", () => {
    const photo = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), mediaType: "image/jpeg" };
    expect(unfoldedLines(writeVCard({ ...contact, photo }))).toContain("PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AECAw==");
    expect(unfoldedLines(writeVCard({ ...contact, photo }, { version: "4.0" }))).toContain("PHOTO:data:image/jpeg;base64,/9j/4AECAw==");
  });

  it("ends every line with CRLF and never has a line longer than 75 octets", () => {
    const photo = { bytes: new Uint8Array(5000).fill(7), mediaType: "image/png" };
    const text = writeVCard({ ...contact, photo, notes: "ü€😀 ".repeat(80) + "x".repeat(300) });
    expect(text.endsWith("END:VCARD\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  });

  it("writes extra property lines unchanged before END:VCARD, the groups given in place of theirs", () => {
    const extraLines = ["X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/zoe", "CATEGORIES:Old", "VERSION:2.1"];
    expect(unfoldedLines(writeVCard({ ...contact, extraLines })).slice(-4)).toEqual([...extraLines.slice(0, 2), "END:VCARD", ""]);
    const lines = unfoldedLines(writeVCard({ ...contact, extraLines, categories: ["Friends"] }));
    expect(lines.slice(-3)).toEqual([extraLines[0], "END:VCARD", ""]);
    expect(lines).toContain("CATEGORIES:Friends");
  });

  it("reads back through our importer's reader to the same contact", () => {
    for (const version of ["3.0", "4.0"] as const) {
      const bo = {
        ...emptyContactData(),
        id: "c2",
        first_name: "Bo",
        phones: [{ value: "555 0199", type: "mobile" as const, label: null }],
      };
      const cards = readBack(writeVCard(contact, { version }) + writeVCard(bo, { version }));
      expect(cards).toHaveLength(2);
      const { id: _id, updated_at: _updated, ...data } = contact;
      expect(candidateToData(cards[0]!.candidate, { requirePhone: true })).toEqual({
        ok: true,
        data: { ...data, is_favorite: false },
        warnings: [],
      });
      expect(cards[1]!.candidate).toMatchObject({
        singles: { first_name: "Bo" },
        lists: { phones: [{ value: "555 0199", type: "mobile" }] },
      });
    }
  });
});

describe("escaping and folding", () => {
  it("escapes backslash, comma, semicolon and every kind of line break", () => {
    expect(escapeText("a\\b,c;d\ne\r\nf\rg")).toBe("a\\\\b\\,c\\;d\\ne\\nf\\ng");
  });

  it("leaves short lines alone and folds long ones with a leading space", () => {
    expect(foldLine("NOTE:short")).toBe("NOTE:short");
    const folded = foldLine("NOTE:" + "a".repeat(200));
    const parts = folded.split("\r\n");
    expect(parts[0]).toHaveLength(75);
    expect(parts.slice(1).every((p) => p.startsWith(" ") && p.length <= 75)).toBe(true);
    expect(
      parts[0] +
        parts
          .slice(1)
          .map((p) => p.slice(1))
          .join(""),
    ).toBe("NOTE:" + "a".repeat(200));
  });

  it("never cuts a UTF-8 character or a surrogate pair", () => {
    const line = "NOTE:" + "é😀".repeat(60);
    const parts = foldLine(line).split("\r\n");
    for (const part of parts) {
      expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
      // A cut character would not survive a UTF-8 round trip.
      expect(Buffer.from(part, "utf8").toString("utf8")).toBe(part);
      expect(part).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
  });
});

describe("real products' cards through our writer", () => {
  const corpus = join(import.meta.dirname, "../../../shared/testdata/real-world");
  const files = ["ez-vcard", "aosp-vcard", "thunderbird", "sabre-vobject"].flatMap((dir) =>
    readdirSync(join(corpus, dir))
      .filter((f) => f.endsWith(".vcf"))
      .map((f) => join(dir, f)),
  );

  it.each(files)("%s: every importable card is written so that it reads back to the same contact", (file) => {
    const raw = readFileSync(join(corpus, file)).toString("latin1");
    for (const card of readVCards(raw, "utf-8")) {
      const { candidate } = readCard(card);
      const imported = candidateToData(candidate, { requirePhone: false });
      if (!imported.ok) continue;
      for (const version of ["3.0", "4.0"] as const) {
        const [again] = readBack(writeVCard({ ...imported.data, id: "c", photo: candidate.photo ?? null }, { version }));
        const reimported = candidateToData(again!.candidate, { requirePhone: false });
        // vCard has one kind of line break: a note's CRLF comes back as LF.
        const data = { ...imported.data, notes: imported.data.notes?.replace(/\r\n?/g, "\n") ?? null };
        expect(reimported).toMatchObject({ ok: true, data });
        expect(again!.candidate.photo).toEqual(candidate.photo);
      }
    }
  });
});
