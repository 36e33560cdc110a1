import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PHONE_TYPES } from "../../shared/contact-schemas.js";
import { candidateToFields } from "../import/to-fields.js";
import { readVCards } from "./read.js";
import { vcardToCandidate } from "./to-candidate.js";
import { type VCardContact, escapeText, foldLine, writeVCard } from "./write.js";

const contact: VCardContact = {
  id: "0192f2a4-5b6c-7d8e-9f00-112233445566",
  first_name: "Zoë",
  last_name: "O'Brien; Jr.",
  company: "Acme, Inc.",
  email: "zoe@example.com",
  phone: "+1 555 0100",
  phone_type: "work_mobile",
  phone2: "(555) 555-0123",
  phone2_type: "fax_home",
  address: "12 Main St, Apt 4",
  city: "Springfield",
  province_state: "IL",
  postal_zip_code: "62701",
  notes: "Line one\nLine two; with, punctuation \\ and a backslash",
  updated_at: "2026-11-23T16:49:41.123Z",
};

/** What the reader makes of written text (the bytes as the importer sees them: latin1, UTF-8 detected). */
const readBack = (text: string) => readVCards(Buffer.from(text, "utf8").toString("latin1"), "utf-8");
const unfoldedLines = (text: string) => text.replace(/\r\n /g, "").split("\r\n");

describe("writing a vCard", () => {
  it("writes a 3.0 card with every property the format carries", () => {
    const lines = unfoldedLines(writeVCard(contact));
    expect(lines).toEqual([
      "BEGIN:VCARD",
      "VERSION:3.0",
      "PRODID:-//Contactbook//Contactbook//EN",
      "N:O'Brien\\; Jr.;Zoë;;;",
      "FN:Zoë O'Brien\\; Jr.",
      "ORG:Acme\\, Inc.",
      "TEL;TYPE=WORK,CELL:+1 555 0100",
      "TEL;TYPE=HOME,FAX:(555) 555-0123",
      "EMAIL;TYPE=INTERNET:zoe@example.com",
      "ADR:;;12 Main St\\, Apt 4;Springfield;IL;62701;",
      "NOTE:Line one\\nLine two\\; with\\, punctuation \\\\ and a backslash",
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
    expect(lines).toContain("EMAIL:zoe@example.com");
    expect(lines).toContain("UID:urn:uuid:0192f2a4-5b6c-7d8e-9f00-112233445566");
    expect(lines).toContain("REV:20261123T164941Z");
  });

  it("leaves out what a contact does not have, and still names the card", () => {
    const text = writeVCard({ id: "c1", first_name: "Ann", phone: "5550100" });
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

  it("ends every line with CRLF and never has a line longer than 75 octets", () => {
    const text = writeVCard({ ...contact, notes: "ü€😀 ".repeat(80) + "x".repeat(300) });
    expect(text.endsWith("END:VCARD\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  });

  it("writes extra property lines unchanged before END:VCARD", () => {
    const extra = ["X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/zoe", "BDAY:1990-01-02"];
    const lines = unfoldedLines(writeVCard(contact, { extraLines: extra }));
    expect(lines.slice(-4)).toEqual([...extra, "END:VCARD", ""]);
  });

  it("reads back through our importer's reader to the same fields", () => {
    for (const version of ["3.0", "4.0"] as const) {
      const cards = readBack(writeVCard(contact, { version }) + writeVCard({ id: "c2", first_name: "Bo", phone: "555 0199" }, { version }));
      expect(cards).toHaveLength(2);
      expect(vcardToCandidate(cards[0]!)).toEqual({
        first_name: "Zoë",
        last_name: "O'Brien; Jr.",
        company: "Acme, Inc.",
        email: "zoe@example.com",
        phones: [
          { value: "+1 555 0100", type: "work_mobile" },
          { value: "(555) 555-0123", type: "fax_home" },
        ],
        address: "12 Main St, Apt 4",
        city: "Springfield",
        province_state: "IL",
        postal_zip_code: "62701",
        notes: "Line one\nLine two; with, punctuation \\ and a backslash",
      });
      expect(vcardToCandidate(cards[1]!)).toEqual({ first_name: "Bo", phones: [{ value: "555 0199", type: "mobile" }] });
    }
  });

  it.each(PHONE_TYPES)("keeps the phone type %s through a round trip", (type) => {
    const [card] = readBack(writeVCard({ id: "c", first_name: "T", phone: "5550100", phone_type: type }));
    expect(vcardToCandidate(card!).phones).toEqual([{ value: "5550100", type }]);
  });

  it("reads back long, folded values with multi-byte characters whole", () => {
    const notes = "日本語のメモ😀".repeat(30);
    const [card] = readBack(writeVCard({ id: "c", first_name: "Ämilie".repeat(20), notes }));
    expect(vcardToCandidate(card!)).toMatchObject({ first_name: "Ämilie".repeat(20), notes });
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
      const imported = candidateToFields(vcardToCandidate(card));
      if (!imported.ok) continue;
      const written = writeVCard({ id: "c", ...imported.fields });
      const [again] = readBack(written);
      const reimported = candidateToFields(vcardToCandidate(again!));
      // vCard has one kind of line break: a note's CRLF comes back as LF.
      const fields = { ...imported.fields, notes: imported.fields.notes?.replace(/\r\n?/g, "\n") ?? null };
      expect(reimported).toMatchObject({ ok: true, fields });
    }
  });
});
