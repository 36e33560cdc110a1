import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emptyContactData } from "../../shared/contact-model/data-schema.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import { PHONE_TYPES } from "../../shared/contact-schemas.js";
import { candidateToData } from "../cards/candidate-to-data.js";
import { RICH_CONTACT } from "../test/rich-contact.js";
import { readVCards } from "./read.js";
import { readCard } from "./to-candidate.js";
import { type CardInput, writeVCard } from "./write.js";

const CORPUS = join(import.meta.dirname, "../../../shared/testdata/real-world");
/** A real JPEG: the picture of Thunderbird's sample card. */
const jpeg = (() => {
  const [card] = readVCards(readFileSync(join(CORPUS, "thunderbird/v3-binary-jpeg.vcf")).toString("latin1"), "utf-8");
  return readCard(card!).candidate.photo!;
})();

const input: CardInput = { ...RICH_CONTACT, id: "0192f2a4-5b6c-7d8e-9f00-112233445566", photo: jpeg, categories: ["Friends", "Work, old"] };

/** What the reader makes of written text (the bytes as the importer sees them: latin1, UTF-8 detected). */
const readBack = (text: string) => readVCards(Buffer.from(text, "utf8").toString("latin1"), "utf-8").map(readCard);

describe("a contact written as a vCard and read back", () => {
  it.each(["3.0", "4.0"] as const)("is the same contact, field for field, in %s", (version) => {
    const [card] = readBack(writeVCard(input, { version }));
    const { candidate, extras } = card!;
    expect(candidateToData(candidate, { requirePhone: true })).toEqual({
      ok: true,
      data: { ...RICH_CONTACT, is_favorite: false },
      warnings: [],
    });
    expect(candidate.photo).toEqual(jpeg);
    expect(candidate.categories).toEqual(["Friends", "Work, old"]);
    expect(candidate.leftOut).toEqual([]);
    // The groups are not a field: kept beside, and replaced by the contact's own when written again.
    expect(extras.extraLines).toEqual(["CATEGORIES:Friends,Work\\, old"]);
    expect(extras.uid).toBe(version === "4.0" ? "urn:uuid:0192f2a4-5b6c-7d8e-9f00-112233445566" : "0192f2a4-5b6c-7d8e-9f00-112233445566");
  });

  it.each(["3.0", "4.0"] as const)("is the same person, with a birthday and no company, in %s", (version) => {
    const person: ContactData = {
      ...emptyContactData(),
      first_name: "Ann",
      phones: [{ value: "5550100", type: "mobile", label: null }],
      dates: [{ value: "1980-02-29", type: "birthday", label: null }],
    };
    const [card] = readBack(writeVCard({ ...person, id: "c1" }, { version }));
    expect(candidateToData(card!.candidate, { requirePhone: true })).toEqual({
      ok: true,
      data: { ...person, is_favorite: false },
      warnings: [],
    });
  });

  it("writes a company without a person's name as the company, and reads it back so", () => {
    const company: ContactData = {
      ...emptyContactData(),
      kind: "company",
      company: "Acme",
      phones: [{ value: "5550100", type: "company_main", label: null }],
    };
    const text = writeVCard({ ...company, id: "c1" });
    expect(text).toContain("N:;;;;\r\nFN:Acme\r\nX-ABShowAs:COMPANY\r\n");
    const [card] = readBack(text);
    expect(card!.candidate.full_name).toBeUndefined();
    expect(candidateToData(card!.candidate, { requirePhone: true })).toEqual({
      ok: true,
      data: { ...company, is_favorite: false },
      warnings: [],
    });
  });

  it.each(PHONE_TYPES)("keeps the phone type %s", (type) => {
    for (const version of ["3.0", "4.0"] as const) {
      const [card] = readBack(
        writeVCard({ ...emptyContactData(), id: "c", first_name: "T", phones: [{ value: "5550100", type, label: null }] }, { version }),
      );
      expect(card!.candidate.lists.phones).toEqual([{ value: "5550100", type }]);
    }
  });

  it("reads back long, folded values with multi-byte characters whole", () => {
    const notes = "日本語のメモ😀".repeat(30);
    const [card] = readBack(writeVCard({ ...emptyContactData(), id: "c", first_name: "Ämilie".repeat(20), notes }));
    expect(card!.candidate.singles).toMatchObject({ first_name: "Ämilie".repeat(20), notes });
  });

  it("keeps a device's lines beside the contact's, and names its own groups after the device's", () => {
    const extraLines = ["item1.X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/zoe", "item1.X-ABLabel:Twitter", "X-GENDER:F"];
    const text = writeVCard({ ...input, extraLines });
    const lines = text.replace(/\r\n /g, "").split("\r\n");
    expect(lines.slice(-5)).toEqual([...extraLines, "END:VCARD", ""]);
    expect(lines.filter((l) => /^item1\./i.test(l))).toEqual(extraLines.slice(0, 2));
    const [card] = readBack(text);
    expect(card!.extras.extraLines).toEqual(["CATEGORIES:Friends,Work\\, old", ...extraLines]);
    expect(candidateToData(card!.candidate, { requirePhone: true })).toMatchObject({ ok: true, data: RICH_CONTACT });
  });
});

describe("a device's card written back to it", () => {
  it("gives back its relatives as related names, its ROLE as ROLE, and every line the app has no field for", () => {
    const device = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:Doe;John;;;",
      "FN:John Doe",
      "TITLE:Engineer",
      "ROLE:Team lead",
      "TEL;type=CELL:+1 555 0100",
      "item1.X-ABRELATEDNAMES:Jane Doe",
      "item1.X-ABLabel:_$!<Spouse>!$_",
      "X-ABRELATEDNAMES:Bob",
      "item2.X-SOCIALPROFILE;type=twitter:https://twitter.com/john",
      "item2.X-ABLabel:Twitter",
      "GEO:geo:51.75,-1.25",
      "END:VCARD",
      "",
    ].join("\r\n");
    const [{ candidate, extras }] = readBack(device) as [ReturnType<typeof readCard>];
    const read = candidateToData(candidate, { requirePhone: true });
    if (!read.ok) throw new Error(read.message);
    expect(read.data.custom_fields).toEqual([
      { value: "Team lead", label: "Role", type: "custom" },
      { value: "Jane Doe", label: "Spouse", type: "custom" },
      { value: "Bob", label: "Related name", type: "custom" },
    ]);
    const lines = writeVCard({ ...read.data, id: "c1", extraLines: extras.extraLines }).split("\r\n");
    for (const line of [
      "TITLE:Engineer",
      "ROLE:Team lead",
      "X-ABRELATEDNAMES:Bob",
      "GEO:geo:51.75,-1.25",
      "item2.X-SOCIALPROFILE;type=twitter:https://twitter.com/john",
    ])
      expect(lines).toContain(line);
    expect(lines).toEqual(expect.arrayContaining(["item3.X-ABRELATEDNAMES:Jane Doe", "item3.X-ABLabel:_$!<Spouse>!$_"]));
  });
});
