import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { emptyContactData } from "../../shared/contact-model/data-schema.js";
import { PHONE_TYPES } from "../../shared/contact-fields.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import { guessMapping, recordToCandidate } from "../import/csv-mapping.js";
import { candidateToData } from "../cards/candidate-to-data.js";
import {
  FULL_CSV_WIDTHS,
  type ListWidths,
  fullCsvColumns,
  fullCsvHeader,
  fullCsvRows,
  listWidths,
  specCsvHeader,
  specCsvRows,
} from "./csv.js";

const contact = (data: Partial<ContactData>): ContactData => ({ ...emptyContactData(), ...data });
const phone = (value: string, type: string, label: string | null = null) => ({ value, type, label }) as ContactData["phones"][number];
const address = (parts: Partial<ContactData["addresses"][number]>) =>
  ({
    street: null,
    extended: null,
    city: null,
    region: null,
    postal_code: null,
    country: null,
    type: "home",
    label: null,
    ...parts,
  }) as ContactData["addresses"][number];

const ADA = contact({
  name_prefix: "Lady",
  first_name: "Ada",
  middle_name: "King",
  last_name: "Lovelace",
  name_suffix: "FRS",
  phonetic_first_name: "Ay-da",
  phonetic_last_name: "Luv-lace",
  nickname: "Countess",
  company: "Analytical Engines",
  department: "R&D",
  job_title: "Programmer",
  notes: "First programmer\nSecond line, with a comma\n=1+2",
  phones: [
    phone("+44 7700 900001", "mobile"),
    phone("+44 20 7946 0001", "work", "Desk"),
    phone("+44 20 7946 0002", "custom", "Gate"),
    phone("+44 20 7946 0003", "fax_work"),
  ],
  emails: [
    { value: "ada@example.com", type: "home", label: null },
    { value: "ada@work.example", type: "work", label: null },
    { value: "ada@other.example", type: "custom", label: "Club" },
  ],
  addresses: [
    address({
      street: "12 St James's Sq\nFirst floor",
      extended: "Flat 2",
      city: "London",
      region: "Greater London",
      postal_code: "SW1Y 4JH",
      country: "United Kingdom",
    }),
    address({ city: "Ockham", type: "custom", label: "Summer" }),
  ],
  urls: [
    { value: "https://ada.example", type: "homepage", label: null },
    { value: "https://ada.example/blog", type: "blog", label: null },
    { value: "https://ada.example/p", type: "profile", label: null },
  ],
  dates: [
    { value: "1815-12-10", type: "birthday", label: null },
    { value: "--07-08", type: "anniversary", label: null },
    { value: "1843-09-01", type: "custom", label: "Notes published" },
  ],
  custom_fields: [
    { value: "Bessy", type: "custom", label: "Horse" },
    { value: "Two lines\nof text", type: "custom", label: "Motto" },
  ],
});

const ACME = contact({
  kind: "company",
  company: "Acme, Inc.",
  phones: [phone("+1 555 010 2001", "company_main")],
  dates: [{ value: "1950-01-01", type: "anniversary", label: null }],
});

// Every device phone type once, to see each one's word come back as the type.
const TYPES = contact({
  first_name: "Typed",
  phones: PHONE_TYPES.map((type, i) => phone(`+1 555 010 ${String(3000 + i)}`, type, type === "custom" ? "Shed" : null)),
});

/** A full CSV read back as the importer reads a file (header guessed, every row through the import rules). */
function importBack(csv: string, rules = { requirePhone: true }) {
  const [headers, ...records] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  const mapping = guessMapping(headers!);
  return records.map((record) => {
    const candidate = recordToCandidate(record, mapping);
    const outcome = candidateToData(candidate, rules);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(candidate.leftOut).toEqual([]);
    expect(outcome.warnings).toEqual([]);
    const { is_favorite: _favorite, ...data } = outcome.data;
    return data;
  });
}

describe("the full CSV", () => {
  it("names its columns as Google Contacts does, numbered groups as wide as asked", () => {
    const columns = fullCsvColumns({ phones: 2, emails: 1, addresses: 1, urls: 1, dates: 1, custom_fields: 1 });
    expect(columns.slice(0, 14)).toEqual([
      "Name Prefix",
      "First Name",
      "Middle Name",
      "Last Name",
      "Name Suffix",
      "Phonetic First Name",
      "Phonetic Last Name",
      "Nickname",
      "Organization Name",
      "Organization Department",
      "Organization Title",
      "Notes",
      "Birthday",
      "Kind",
    ]);
    expect(columns).toContain("Phone 2 - Value");
    expect(columns).not.toContain("Phone 3 - Value");
    expect(columns.filter((c) => c.startsWith("Address 1"))).toEqual([
      "Address 1 - Street",
      "Address 1 - Extended Address",
      "Address 1 - City",
      "Address 1 - Region",
      "Address 1 - Postal Code",
      "Address 1 - Country",
      "Address 1 - Type",
      "Address 1 - Label",
    ]);
    expect(columns.slice(-2)).toEqual(["Custom Field 1 - Label", "Custom Field 1 - Value"]);
  });

  it("writes a custom type's label in the Type cell, and formulas as text", () => {
    const widths = listWidths([ADA]);
    const [header, row] = Papa.parse<string[]>(fullCsvHeader(widths) + fullCsvRows([ADA], widths)).data;
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell("Phone 3 - Type")).toBe("Gate");
    expect(cell("Phone 4 - Type")).toBe("Work Fax");
    expect(cell("Phone 1 - Value")).toBe("'+44 7700 900001");
    expect(cell("Birthday")).toBe("1815-12-10");
    expect(cell("Event 1 - Type")).toBe("Anniversary");
  });

  it("reads back as the same contacts, field for field (the widest contact's widths)", () => {
    const rows = [ADA, ACME, TYPES];
    const widths = listWidths(rows);
    expect(importBack(fullCsvHeader(widths) + fullCsvRows(rows, widths))).toEqual(rows);
  });

  it("reads back as the same contacts with the fixed widths of a stream: extra entries share the last group", () => {
    const rows = [ADA, ACME, TYPES];
    const csv = fullCsvHeader() + fullCsvRows(rows);
    expect(Papa.parse<string[]>(csv).data[0]).toEqual(fullCsvColumns(FULL_CSV_WIDTHS));
    expect(importBack(csv)).toEqual(rows);
    const narrow: ListWidths = { phones: 1, emails: 1, addresses: 1, urls: 1, dates: 1, custom_fields: 1 };
    expect(importBack(fullCsvHeader(narrow) + fullCsvRows(rows, narrow))).toEqual(rows);
  });
});

describe("the spec's CSV", () => {
  it("writes its five columns from the first phone and e-mail, formulas as text", () => {
    expect(specCsvHeader() + specCsvRows([ADA, ACME])).toBe(
      [
        "first_name,last_name,phone,email,notes",
        `Ada,Lovelace,"'+44 7700 900001",ada@example.com,"First programmer\nSecond line, with a comma\n=1+2"`,
        ',,"\'+1 555 010 2001",,',
        "",
      ].join("\r\n"),
    );
  });
});
