import { readFileSync } from "node:fs";
import { join } from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { mappingSchema } from "../../shared/import-schemas.js";
import { guessMapping, recordToCandidate } from "./csv-mapping.js";
import { parseDate } from "./csv-values.js";
import { candidateToData } from "../cards/candidate-to-data.js";

const CORPUS = join(import.meta.dirname, "../../../shared/testdata/real-world");
const RULES = { requirePhone: true };

/** The first data row of a CSV text as the stored contact, with what was left out. */
function stored(csv: string, rules = RULES, row = 1) {
  const [headers, ...records] = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true }).data;
  const candidate = recordToCandidate(records[row - 1]!, guessMapping(headers!));
  const outcome = candidateToData(candidate, rules);
  if (!outcome.ok) throw new Error(outcome.message);
  return { data: outcome.data, warnings: outcome.warnings, candidate };
}

describe("a Google Contacts CSV", () => {
  const google = [
    "First Name,Middle Name,Last Name,Name Prefix,Name Suffix,Nickname,Birthday,Notes,Labels,Organization Name,Organization Title,Organization Department,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Address 1 - Label,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address,Website 1 - Label,Website 1 - Value,Event 1 - Label,Event 1 - Value,Custom Field 1 - Label,Custom Field 1 - Value",
    "Ada,King,Lovelace,Lady,FRS,Countess,1815-12-10,First programmer,* myContacts ::: Friends ::: Math,Analytical Engines,Programmer,R&D,* Home,ada@example.com,Work,ada@work.example,Mobile,+44 7700 900001 ::: +44 7700 900002,Work,+44 20 7946 0001,Home,\"12 St James's Sq, London\",12 St James's Sq,London,,Greater London,SW1Y 4JH,United Kingdom,Flat 2,Blog,https://ada.example/blog,Anniversary,1835-07-08,Horse,Bessy",
  ].join("\n");

  it("keeps every value: both e-mails, both numbers of one cell, birthday, title, website, nickname, labels", () => {
    const { data, candidate, warnings } = stored(google);
    expect(warnings).toEqual([]);
    expect(data).toMatchObject({
      name_prefix: "Lady",
      first_name: "Ada",
      middle_name: "King",
      last_name: "Lovelace",
      name_suffix: "FRS",
      nickname: "Countess",
      company: "Analytical Engines",
      job_title: "Programmer",
      department: "R&D",
      notes: "First programmer",
      kind: "person",
    });
    expect(data.emails).toEqual([
      { value: "ada@example.com", type: "home", label: null },
      { value: "ada@work.example", type: "work", label: null },
    ]);
    expect(data.phones).toEqual([
      { value: "+44 7700 900001", type: "mobile", label: null },
      { value: "+44 7700 900002", type: "mobile", label: null },
      { value: "+44 20 7946 0001", type: "work", label: null },
    ]);
    expect(data.addresses).toEqual([
      {
        street: "12 St James's Sq",
        extended: "Flat 2",
        city: "London",
        region: "Greater London",
        postal_code: "SW1Y 4JH",
        country: "United Kingdom",
        type: "home",
        label: null,
      },
    ]);
    expect(data.urls).toEqual([{ value: "https://ada.example/blog", type: "blog", label: null }]);
    expect(data.dates).toEqual([
      { value: "1815-12-10", type: "birthday", label: null },
      { value: "1835-07-08", type: "anniversary", label: null },
    ]);
    expect(data.custom_fields).toEqual([{ value: "Bessy", type: "custom", label: "Horse" }]);
    // Google's own '* myContacts' is no label of the person's.
    expect(candidate.categories).toEqual(["Friends", "Math"]);
    expect(candidate.leftOut).toEqual([]);
  });

  it("reads a custom label as a custom type with that label, and a year-less birthday", () => {
    const { data } = stored("First Name,Birthday,Phone 1 - Label,Phone 1 - Value\nBo,--03-14,Gate,555 010 2001");
    expect(data.phones).toEqual([{ value: "555 010 2001", type: "custom", label: "Gate" }]);
    expect(data.dates).toEqual([{ value: "--03-14", type: "birthday", label: null }]);
  });

  it("takes the formatted address when the parts are empty", () => {
    const { data } = stored('First Name,Phone 1 - Value,Address 1 - Formatted\nBo,555 010 2001,"1 Main St\nSpringfield"');
    expect(data.addresses).toEqual([
      {
        street: "1 Main St\nSpringfield",
        extended: null,
        city: null,
        region: null,
        postal_code: null,
        country: null,
        type: "home",
        label: null,
      },
    ]);
  });
});

describe("an Outlook CSV", () => {
  const outlook = [
    "Title,First Name,Middle Name,Last Name,Suffix,Company,Department,Job Title,Business Street,Business Street 2,Business City,Business State,Business Postal Code,Business Country/Region,Home Street,Home City,Home Postal Code,Business Fax,Business Phone,Home Phone,Mobile Phone,Anniversary,Birthday,Categories,E-mail Address,E-mail Type,E-mail Display Name,E-mail 2 Address,Gender,Notes,Priority,Private,Sensitivity,Web Page",
    'Dr.,Grace,Brewster,Hopper,PhD,US Navy,Computing,Rear Admiral,1 Navy Way,Suite 200,Arlington,VA,22202,United States,5 Home Rd,New York,10001,+1 703 555 0102,+1 703 555 0101,+1 212 555 0100,+1 917 555 0199,0/0/00,12/9/1906,"Navy;Pioneers",grace@navy.example,SMTP,Grace Hopper (grace@navy.example),grace@home.example,Unspecified,Found a moth,Normal,False,Normal,www.navy.example',
  ].join("\n");

  it("keeps the business and home addresses, every phone, both e-mails, the birthday and the categories", () => {
    const { data, candidate } = stored(outlook);
    expect(data).toMatchObject({
      name_prefix: "Dr.",
      first_name: "Grace",
      middle_name: "Brewster",
      last_name: "Hopper",
      name_suffix: "PhD",
      company: "US Navy",
      department: "Computing",
      job_title: "Rear Admiral",
      notes: "Found a moth",
    });
    expect(data.addresses).toEqual([
      {
        street: "1 Navy Way",
        extended: "Suite 200",
        city: "Arlington",
        region: "VA",
        postal_code: "22202",
        country: "United States",
        type: "work",
        label: null,
      },
      {
        street: "5 Home Rd",
        extended: null,
        city: "New York",
        region: null,
        postal_code: "10001",
        country: null,
        type: "home",
        label: null,
      },
    ]);
    expect(data.phones.map((p) => [p.type, p.value])).toEqual([
      ["mobile", "+1 917 555 0199"],
      ["home", "+1 212 555 0100"],
      ["work", "+1 703 555 0101"],
      ["fax_work", "+1 703 555 0102"],
    ]);
    expect(data.emails.map((e) => e.value)).toEqual(["grace@navy.example", "grace@home.example"]);
    // Outlook's 0/0/00 is no anniversary; 12/9/1906 is month first.
    expect(data.dates).toEqual([{ value: "1906-12-09", type: "birthday", label: null }]);
    expect(data.urls).toEqual([{ value: "www.navy.example", type: "homepage", label: null }]);
    expect(candidate.categories).toEqual(["Navy", "Pioneers"]);
    // The e-mail's transport and display name repeat the address, and Outlook's flags say nothing: left out, and counted.
    expect(candidate.leftOut).toEqual([
      { source: "E-mail Type", values: 1 },
      { source: "E-mail Display Name", values: 1 },
      { source: "Priority", values: 1 },
      { source: "Private", values: 1 },
      { source: "Sensitivity", values: 1 },
    ]);
    expect(data.custom_fields).toEqual([]);
  });

  it("reads a German Outlook's business address, job title, birthday and categories", () => {
    const { data, candidate } = stored(
      [
        "Anrede,Vorname,Nachname,Firma,Position,Straße geschäftlich,Ort geschäftlich,Postleitzahl geschäftlich,Straße privat,Ort privat,Mobiltelefon,Geburtstag,Kategorien",
        "Frau,Ada,Lovelace,Analytical,Programmiererin,Hauptstr. 1,Berlin,10115,Nebenweg 2,Potsdam,+49 151 1234567,10.12.1815,Freunde",
      ].join("\n"),
    );
    expect(data).toMatchObject({ name_prefix: "Frau", job_title: "Programmiererin" });
    expect(data.addresses.map((a) => [a.type, a.street, a.city, a.postal_code])).toEqual([
      ["work", "Hauptstr. 1", "Berlin", "10115"],
      ["home", "Nebenweg 2", "Potsdam", null],
    ]);
    expect(data.dates).toEqual([{ value: "1815-12-10", type: "birthday", label: null }]);
    expect(candidate.categories).toEqual(["Freunde"]);
  });
});

describe("Thunderbird's own exports", () => {
  const file = (name: string) => readFileSync(join(CORPUS, "thunderbird", name), "utf8");

  it("reads its layout: names, e-mails, every custom column, the fields it has", () => {
    const noPhone = { requirePhone: false };
    const { data, candidate } = stored(file("export.csv"), noPhone, 2);
    expect(data).toMatchObject({ first_name: "contact", last_name: "two", job_title: '"worker"', department: null });
    expect(data.emails).toEqual([{ value: "contact2@invalid", type: "home", label: null }]);
    // Its 'Custom 1..4' columns are kept under their names; nothing is left out.
    expect(data.custom_fields).toEqual([
      { label: "Custom 1", value: "custom, 1", type: "custom" },
      { label: "Custom 2", value: "custom\t2", type: "custom" },
      { label: "Custom 3", value: "custom\r3", type: "custom" },
      { label: "Custom 4", value: "custom\n4", type: "custom" },
    ]);
    expect(data.notes).toBe("here's some unicode text…");
    expect(candidate.leftOut).toEqual([]);
  });

  it("reads a company-only row and a work phone (quote.csv), and the birth date in three columns", () => {
    const { data } = stored(file("quote.csv"));
    // The display name split on its first space, as spec section 5 has it.
    expect(data).toMatchObject({ first_name: "Acer", last_name: "America", company: "Acer America" });
    expect(data.phones).toEqual([{ value: "(800) 000-0000", type: "work", label: null }]);
    const headers = file("basic_addressbook.csv").split(/\r?\n/)[0]!.split(",");
    const row = headers.map(
      (h) =>
        ({
          "First Name": "John",
          "Mobile Number": "+1 555 010 2001",
          "Home Address": "1 Elm St",
          "Home Address 2": "Apt 3",
          "Home City": "Springfield",
          "Web Page 1": "https://john.example",
          "Birth Year": "1980",
          "Birth Month": "5",
          "Birth Day": "17",
          "Secondary Email": "john@second.example",
          "Primary Email": "john@first.example",
        })[h] ?? "",
    );
    const { data: john } = stored(Papa.unparse([headers, row]));
    expect(john.dates).toEqual([{ value: "1980-05-17", type: "birthday", label: null }]);
    expect(john.emails.map((e) => e.value)).toEqual(["john@first.example", "john@second.example"]);
    expect(john.addresses.map((a) => [a.type, a.street, a.extended, a.city])).toEqual([["home", "1 Elm St", "Apt 3", "Springfield"]]);
    expect(john.urls).toEqual([{ value: "https://john.example", type: "homepage", label: null }]);
  });
});

describe("a LinkedIn connections CSV", () => {
  it("reads the name, e-mail, company, position, profile and the day of connection", () => {
    const { data } = stored(
      [
        "First Name,Last Name,URL,Email Address,Company,Position,Connected On",
        "Ada,Lovelace,https://www.linkedin.com/in/ada,ada@example.com,Analytical,Programmer,15 Mar 2021",
      ].join("\n"),
      { requirePhone: false },
    );
    expect(data).toMatchObject({ first_name: "Ada", last_name: "Lovelace", company: "Analytical", job_title: "Programmer" });
    expect(data.emails.map((e) => e.value)).toEqual(["ada@example.com"]);
    expect(data.urls).toEqual([{ value: "https://www.linkedin.com/in/ada", type: "homepage", label: null }]);
    expect(data.dates).toEqual([{ value: "2021-03-15", type: "custom", label: "Connected On" }]);
  });
});

describe("columns the person leaves out or keeps", () => {
  it("keeps an unknown column as a custom field by default, and counts it when left out", () => {
    const csv = "Name,Phone,Team\nAnn,555 010 2001,Sales";
    expect(stored(csv).data.custom_fields).toEqual([{ label: "Team", value: "Sales", type: "custom" }]);
    const mapping = guessMapping(["Name", "Phone", "Team"]);
    mapping[2] = { target: "ignore", label: "Team" };
    const candidate = recordToCandidate(["Ann", "555 010 2001", "Sales"], mapping);
    expect(candidate.lists.custom_fields).toEqual([]);
    expect(candidate.leftOut).toEqual([{ source: "Team", values: 1 }]);
  });

  it("keeps a date it cannot read as a custom field under the column's name", () => {
    expect(stored("Name,Phone,Birthday\nAnn,555 010 2001,sometime in May").data).toMatchObject({
      dates: [],
      custom_fields: [{ label: "Birthday", value: "sometime in May", type: "custom" }],
    });
  });

  it("accepts the first release's targets from saved mappings and older screens", () => {
    const old = mappingSchema.parse([
      { target: "full_name" },
      { target: "phone", phoneType: "work" },
      { target: "phone_type" },
      { target: "phone2" },
      { target: "email" },
      { target: "address" },
      { target: "city" },
      { target: "postal_zip_code" },
      { target: "ignore" },
    ]);
    const candidate = recordToCandidate(
      ["Ann Lee", "555 010 2001", "", "555 010 2002", "ann@example.com", "1 Elm St", "Springfield", "12345", "x"],
      old,
    );
    const outcome = candidateToData(candidate, RULES);
    expect(outcome).toMatchObject({
      ok: true,
      data: {
        first_name: "Ann",
        last_name: "Lee",
        phones: [
          { value: "555 010 2001", type: "work" },
          { value: "555 010 2002", type: "mobile" },
        ],
        emails: [{ value: "ann@example.com" }],
        addresses: [{ street: "1 Elm St", city: "Springfield", postal_code: "12345" }],
      },
    });
    expect(candidate.leftOut).toEqual([{ source: "Column 9", values: 1 }]);
  });

  it("refuses a list part that its list does not have", () => {
    expect(mappingSchema.safeParse([{ target: "phones", part: "city" }]).success).toBe(false);
    expect(mappingSchema.safeParse([{ target: "phones", part: "value", type: "blog" }]).success).toBe(false);
  });
});

describe("dates as exports write them", () => {
  it.each([
    ["1985-03-14", "1985-03-14"],
    ["--03-14", "--03-14"],
    ["3/14/1985", "1985-03-14"],
    ["14/3/1985", "1985-03-14"],
    ["14.03.1985", "1985-03-14"],
    ["1985/03/14", "1985-03-14"],
    ["Mar 14, 1985", "1985-03-14"],
    ["14 March 1985", "1985-03-14"],
    ["2/30/1985", null],
    ["0/0/00", null],
  ])("%s is %s", (text, value) => {
    expect(parseDate(text)).toBe(value);
  });
});
