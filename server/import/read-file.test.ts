import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import type { ContactCandidate } from "../cards/candidate.js";
import { detectEncoding } from "./decode.js";
import { csvRecords } from "./csv.js";
import { type CsvLayout, type ImportFile, csvLayout, preparedRows, readImportFile, rowCount } from "./read-file.js";

const CORPUS = join(import.meta.dirname, "../../../shared/testdata/real-world");
const bytesOf = (text: string) => new TextEncoder().encode(text);
/** Every row of a file, read to the end. */
const allRows = async (file: ImportFile, layout?: CsvLayout) => {
  const rows = [];
  for await (const row of preparedRows(file, layout)) rows.push(row);
  return rows;
};
/** Every non-blank record of a CSV file. */
const records = (file: ImportFile) => (file.format === "csv" ? [...csvRecords(file.csv)].map((r) => r.record) : []);
const utf16 = (text: string, endian: "le" | "be") => {
  const le = Buffer.from(`\uFEFF${text}`, "utf16le");
  return endian === "le" ? new Uint8Array(le) : new Uint8Array(le.swap16());
};

describe("reading CSV files", () => {
  const table = [
    ["name", "phone"],
    ["Zoë", "555 123 4567"],
  ];

  it.each([
    ["UTF-8", bytesOf("name,phone\nZoë,555 123 4567\n"), "utf-8"],
    ["UTF-8 with a BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf("name,phone\nZoë,555 123 4567\n")]), "utf-8"],
    ["UTF-16 LE with a BOM", utf16("name,phone\r\nZoë,555 123 4567\r\n", "le"), "utf-16le"],
    ["UTF-16 BE with a BOM", utf16("name,phone\r\nZoë,555 123 4567\r\n", "be"), "utf-16be"],
    ["UTF-16 LE without a BOM", utf16("name,phone\r\nZoë,555 123 4567\r\n", "le").subarray(2), "utf-16le"],
    ["UTF-16 BE without a BOM", utf16("name,phone\r\nZoë,555 123 4567\r\n", "be").subarray(2), "utf-16be"],
    [
      "Windows-1252",
      Uint8Array.from(
        [..."name,phone\nZo"]
          .map((c) => c.charCodeAt(0))
          .concat(
            [0xeb],
            [...",555 123 4567\n"].map((c) => c.charCodeAt(0)),
          ),
      ),
      "windows-1252",
    ],
  ])("decodes %s", async (_what, bytes, encoding) => {
    const file = await readImportFile(bytes, "people.csv");
    expect(file).toMatchObject({ format: "csv", encoding });
    expect(records(file)).toEqual(table);
  });

  it("decodes Shift_JIS (Thunderbird's Japanese export)", async () => {
    const file = await readImportFile(readFileSync(join(CORPUS, "thunderbird/shiftjis_addressbook.csv")), "shiftjis.csv");
    expect(file.encoding).toBe("shift_jis");
    expect(records(file)[1]!.slice(0, 3)).toEqual(["権兵衛", "名無し", "名無しの権兵衛"]);
  });

  it.each([
    ["commas", "name,phone\r\nZoë,555 123 4567\r\n", ","],
    ["semicolons", "name;phone\nZoë;555 123 4567\n", ";"],
    ["tabs", "name\tphone\nZoë\t555 123 4567", "\t"],
    ["CR line ends", "name,phone\rZoë,555 123 4567\r", ","],
    ["blank lines and no final newline", "\nname,phone\n\n\nZoë,555 123 4567", ","],
  ])("reads %s", async (_what, text, delimiter) => {
    const file = await readImportFile(bytesOf(text), "people.csv");
    expect(file).toMatchObject({ format: "csv", csv: { delimiter } });
    expect(records(file)).toEqual(table);
  });

  it("takes the delimiter from Excel's 'sep=' line and reads the header after it", async () => {
    const file = await readImportFile(bytesOf("sep=;\r\nname;phone\r\nZoë, the 2nd;555 123 4567\r\n"), "excel.csv");
    expect(file).toMatchObject({ format: "csv", csv: { delimiter: ";" }, records: 2 });
    expect(records(file)).toEqual([
      ["name", "phone"],
      ["Zoë, the 2nd", "555 123 4567"],
    ]);
    expect(csvLayout(file.format === "csv" ? file.head : []).hasHeader).toBe(true);
  });

  it("reads the table below an export's own lines (LinkedIn's notes), numbering rows as the spreadsheet does", async () => {
    const text = [
      "Notes:",
      '"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download it."',
      "",
      "First Name,Last Name,URL,Email Address,Company,Position,Connected On",
      "Ada,Lovelace,https://www.linkedin.com/in/ada,ada@example.com,Analytical Engines,Engineer,05 Nov 2024",
      "Alan,Turing,https://www.linkedin.com/in/alan,,Bletchley,Cryptanalyst,04 Nov 2024",
      "",
    ].join("\r\n");
    const file = await readImportFile(bytesOf(text), "Connections.csv");
    expect(file).toMatchObject({ format: "csv", above: 2, firstRow: 4, records: 3 });
    const layout = csvLayout(file.format === "csv" ? file.head : []);
    expect(layout.hasHeader).toBe(true);
    expect(layout.headers[0]).toBe("First Name");
    expect(rowCount(file, layout)).toBe(2);
    const rows = await allRows(file, layout);
    expect(rows.map((r) => [r.label, r.candidate.singles.first_name, r.candidate.lists.emails[0]?.value])).toEqual([
      ["Row 5", "Ada", "ada@example.com"],
      ["Row 6", "Alan", undefined],
    ]);
  });

  it("keeps quoted delimiters, quotes and line breaks inside a field", async () => {
    const file = await readImportFile(bytesOf('name,notes\r\n"Doe, Jane","said ""hi""\r\nthen left"\r\n'), "q.csv");
    expect(records(file)).toEqual([
      ["name", "notes"],
      ["Doe, Jane", 'said "hi"\r\nthen left'],
    ]);
  });

  it("reads a long file in slices without losing or repeating a record", async () => {
    const lines = ["name,phone"];
    for (let i = 0; i < 2500; i++)
      lines.push(
        i % 700 === 5 ? `"Quoted\r\nName ${i}",555${String(i).padStart(7, "0")}\r\n` : `Name ${i},555${String(i).padStart(7, "0")}`,
      );
    const file = await readImportFile(bytesOf(lines.join("\r\n")), "long.csv");
    const rows = await allRows(file, csvLayout(file.format === "csv" ? file.head : []));
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((r) => r.candidate.lists.phones[0]!.value)).size).toBe(2500);
    expect(rows.at(-1)!.label).toBe(`Row ${2501 + 4}`);
  });

  it("numbers failed rows as the spreadsheet does, header included, blank lines counted", async () => {
    const file = await readImportFile(bytesOf("name,phone\nA,5551234567\n\nB,5551234568\n"), "n.csv");
    expect((await allRows(file, csvLayout(records(file)))).map((r) => r.label)).toEqual(["Row 2", "Row 4"]);
  });

  // location_coordinates.json gives another phone number than its CSV holds (an upstream slip).
  const spectrum = readdirSync(join(CORPUS, "csv-spectrum/csvs")).filter((f) => f.endsWith(".csv") && f !== "location_coordinates.csv");
  it.each(spectrum)("reads csv-spectrum's %s as its expected JSON", async (name) => {
    const expected = JSON.parse(readFileSync(join(CORPUS, "csv-spectrum/json", name.replace(/\.csv$/, ".json")), "utf8")) as Record<
      string,
      string
    >[];
    const file = await readImportFile(readFileSync(join(CORPUS, "csv-spectrum/csvs", name)), name);
    const [header, ...rows] = records(file);
    expect(rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? ""])))).toEqual(expected);
  });
});

describe("reading vCard files", () => {
  const candidates = async (text: string | Uint8Array) =>
    (await allRows(await readImportFile(typeof text === "string" ? bytesOf(text) : text, "cards.vcf"))).map((r) => r.candidate);
  /** What a candidate holds, without its empty lists and with entries' parts that are set. */
  const held = (c: ContactCandidate) => ({
    ...c.singles,
    ...(c.full_name ? { full_name: c.full_name } : {}),
    ...Object.fromEntries(
      Object.entries(c.lists)
        .filter(([, entries]) => entries.length)
        .map(([list, entries]) => [
          list,
          entries.map((e) => Object.fromEntries(Object.entries(e).filter(([, v]) => v !== null && v !== undefined))),
        ]),
    ),
    ...(c.photo ? { photo: c.photo.mediaType } : {}),
  });

  it("reads vCard 4.0 tel: URIs, with their extension and quoted TYPE lists", async () => {
    const card = [
      "BEGIN:VCARD",
      "VERSION:4.0",
      "FN:Ann Archer",
      'TEL;VALUE=uri;TYPE="cell,voice";PREF=1:tel:+1-212-555-0100',
      "TEL;VALUE=uri;TYPE=work:tel:+1-212-555-0101;ext=12",
      "END:VCARD",
      "",
    ].join("\r\n");
    expect(held((await candidates(card))[0]!)).toMatchObject({
      phones: [
        { value: "+1-212-555-0100", type: "mobile" },
        { value: "+1-212-555-0101 ext. 12", type: "work" },
      ],
    });
  });

  it("reads names and notes a phone wrote in base64, and still skips photos", async () => {
    const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
    const card = [
      "BEGIN:VCARD",
      "VERSION:2.1",
      `N;CHARSET=UTF-8;ENCODING=BASE64:${b64("Żółć;Łukasz;;;")}`,
      `NOTE;ENCODING=BASE64;CHARSET=UTF-8:${b64("Spotkanie w środę")}`,
      "PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQSkZJRgABAQ",
      "TEL;CELL:+48 601 234 567",
      "END:VCARD",
      "",
    ].join("\r\n");
    expect((await candidates(card)).map(held)).toEqual([
      {
        first_name: "Łukasz",
        last_name: "Żółć",
        notes: "Spotkanie w środę",
        phones: [{ value: "+48 601 234 567", type: "mobile" }],
        photo: "image/jpeg",
      },
    ]);
  });

  it("reads CHARSET=ISO-8859-1 as Windows-1252 (Outlook's curly quotes), Windows-1250, and the file's own for the rest", async () => {
    const card = [
      "BEGIN:VCARD",
      "VERSION:2.1",
      "N;CHARSET=windows-1250;ENCODING=QUOTED-PRINTABLE:Dvo=F8=E1k;Ji=F8=ED",
      "NOTE;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:O=92Brien owes =805",
      "ORG:Łódź Tech",
      "TEL;CELL:+420 601 234 567",
      "END:VCARD",
      "",
    ].join("\r\n");
    const bytes = new Uint8Array(iconv.encode(card, "windows-1250"));
    expect((await candidates(bytes)).map(held)).toEqual([
      {
        first_name: "Jiří",
        last_name: "Dvořák",
        notes: "O’Brien owes €5",
        company: "Łódź Tech",
        phones: [{ value: "+420 601 234 567", type: "mobile" }],
      },
    ]);
    expect((await readImportFile(bytes, "cards.vcf")).encoding).toBe("windows-1250");
  });

  it("reads 2.1 quoted-printable with soft line breaks and per-property charsets", async () => {
    const latin1 = Uint8Array.from(
      [
        "BEGIN:VCARD",
        "VERSION:2.1",
        "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=B6rg=",
        "en;;;",
        "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=ISO-8859-1:Stra=DFe 1=0D=0ABerlin",
        "TEL;CELL;PREF:+49 30 1234567",
        "TEL;WORK;FAX:+49 30 7654321",
        "END:VCARD",
        "",
      ]
        .join("\r\n")
        .split("")
        .map((c) => c.charCodeAt(0)),
    );
    expect((await candidates(latin1)).map(held)).toEqual([
      {
        first_name: "Jörgen",
        last_name: "Müller",
        notes: "Straße 1\r\nBerlin",
        phones: [
          { value: "+49 30 1234567", type: "mobile" },
          { value: "+49 30 7654321", type: "fax_work" },
        ],
      },
    ]);
  });

  it("reads Shift_JIS cards of Japanese phones", async () => {
    const [card] = await candidates(readFileSync(join(CORPUS, "aosp-vcard/v21_japanese_1.vcf")));
    expect(card!.singles.last_name).toBe("安藤ロイド");
  });

  it("reads 3.0 folding, escaped separators, ADR, ORG and TYPE lists", async () => {
    const text = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Ada Lovelace",
      "ORG:Analytical\\, Engines;Research",
      "TEL;TYPE=WORK,VOICE:+44 20 7946 0001",
      "TEL;TYPE=HOME:+44 20 7946 0002",
      "EMAIL;TYPE=INTERNET:ada@example.com",
      "ADR;TYPE=HOME:;;12 St James\\, Square;London;Greater London;SW1Y 4JH;United K",
      " ingdom",
      "NOTE:First line\\nSecond\\; third",
      "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ",
      " AAAQABAAD",
      "X-CUSTOM:ignored",
      "END:VCARD",
    ].join("\n");
    expect((await candidates(text)).map(held)).toEqual([
      {
        full_name: "Ada Lovelace",
        company: "Analytical, Engines",
        department: "Research",
        emails: [{ value: "ada@example.com" }],
        addresses: [
          {
            street: "12 St James, Square",
            city: "London",
            region: "Greater London",
            postal_code: "SW1Y 4JH",
            country: "United Kingdom",
            type: "home",
          },
        ],
        notes: "First line\nSecond; third",
        phones: [
          { value: "+44 20 7946 0001", type: "work" },
          { value: "+44 20 7946 0002", type: "home" },
        ],
        custom_fields: [{ value: "ignored", type: "custom" }],
        photo: "image/jpeg",
      },
    ]);
  });

  it("reads 4.0 tel: URIs and Apple's grouped labels", async () => {
    const text = [
      "BEGIN:VCARD",
      "VERSION:4.0",
      "N:Hopper;Grace;;;",
      "item1.TEL:+1 212 555 0100",
      "item1.X-ABLabel:_$!<Mobile>!$_",
      'TEL;VALUE=uri;TYPE="voice,work";PREF=1:tel:+1-212-555-0199',
      "item2.EMAIL;TYPE=INTERNET:mailto:grace@example.com",
      "END:VCARD",
    ].join("\r\n");
    expect((await candidates(text)).map(held)).toEqual([
      {
        first_name: "Grace",
        last_name: "Hopper",
        emails: [{ value: "grace@example.com" }],
        phones: [
          { value: "+1-212-555-0199", type: "work" },
          { value: "+1 212 555 0100", type: "mobile" },
        ],
      },
    ]);
  });

  it.each(["le", "be"] as const)("reads a UTF-16 %s file in steps without breaking a character cut between two of them", async (endian) => {
    const head = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Emoji Ng\r\nTEL:+1 212 555 0190\r\nNOTE:";
    // The emoji's first half is the last unit of the first 256 KB decoded (a BOM, then 131,071 units).
    const note = `${"a".repeat(131_070 - head.length)}😀 end`;
    const [card] = await candidates(utf16(`${head}${note}\r\nEND:VCARD\r\n`, endian));
    expect(card!.singles.notes).toBe(note);
  });

  it("reads cards after a broken one, a card without END, and cards nested in cards", async () => {
    const text = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:First",
      "TEL:5551230001",
      "BEGIN:VCARD",
      "FN:Nested",
      "TEL:5551230002",
      "END:VCARD",
      "END:VCARD",
      "this line is garbage",
      "BEGIN:VCARD",
      "FN:Unfinished",
      "TEL:5551230003",
    ].join("\n");
    const rows = await allRows(await readImportFile(bytesOf(text), "cards.vcf"));
    // A nested card is read when it ends, before the card around it; each keeps its place in the file.
    expect(rows.map((r) => [r.label, r.candidate.full_name])).toEqual([
      ["Contact 2", "Nested"],
      ["Contact 1", "First"],
      ["Contact 3", "Unfinished"],
    ]);
  });
});

describe("the real-world corpus", () => {
  const files = readdirSync(CORPUS, { recursive: true, encoding: "utf8" }).filter((f) => /\.(vcf|csv)$/i.test(f));

  it("holds the files the issue names", async () => {
    expect(files.length).toBeGreaterThanOrEqual(100);
  });

  it.each(files)("%s: every contact imported or refused with its own reason, no garbled text", async (name) => {
    const bytes = readFileSync(join(CORPUS, name));
    let file: ImportFile;
    try {
      file = await readImportFile(bytes, name);
    } catch (error) {
      // Only a whole-file refusal with the spec's message is acceptable.
      expect((error as Error).message).toMatch(/^Failed to parse (CSV|vCard) file$/);
      return;
    }
    const rows = await allRows(file, file.format === "csv" ? csvLayout(file.head) : undefined);
    for (const row of rows) {
      expect(row.label).toMatch(/^(Row|Contact) \d+$/);
      const text = JSON.stringify(row.candidate);
      // A file may hold replacement characters of its own (csv-spectrum's coordinates do): those are its text.
      const garbled = bytes.toString("utf8").includes("\uFFFD")
        ? /Ã[\u0080-\u00BF]|=[0-9A-F]{2}=[0-9A-F]{2}/
        : /\uFFFD|Ã[\u0080-\u00BF]|=[0-9A-F]{2}=[0-9A-F]{2}/;
      expect(text, `${name} ${row.label}`).not.toMatch(garbled);
    }
  });
});

describe("detecting encodings", () => {
  it("prefers a BOM, then valid UTF-8, then the legacy encoding", async () => {
    expect(detectEncoding(new Uint8Array([0xff, 0xfe, 0x41, 0]))).toBe("utf-16le");
    expect(detectEncoding(bytesOf("plain ascii"))).toBe("utf-8");
    expect(detectEncoding(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x4e, 0x6f, 0xeb, 0x6c]))).toBe("windows-1252");
  });
});

describe("counting a CSV file's records before the import", () => {
  const csvFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? csvFiles(join(dir, e.name)) : /\.csv$/i.test(e.name) ? [join(dir, e.name)] : [],
    );

  it.each([
    ["quoted line breaks", 'name,phone\n"Ann\nSmith",5551234567\n"Bob ""B"" Jones",5551234568\n'],
    ["blank and delimiter-only lines", "name,phone\n\n,,\n  \nAnn,5551234567\n\n"],
    ["CR line breaks and no final break", "name,phone\rAnn,5551234567\rBob,5551234568"],
    ["CRLF line breaks", "name;phone\r\nAnn;5551234567\r\n\r\nBob;5551234568\r\n"],
    ["a record of one quoted quote", 'name\n""""\n'],
    ["quoted blanks", 'name,phone\n"","  "\nAnn,1\n'],
    ["a quote inside an unquoted field", "name,height,phone\nAnn,5'11\",5551234567\nBob,6',5551234568\n"],
    ["quoted spaces around a blank record", 'name,phone\n" ",\n"Ann",1\n'],
    ["a quote that does not close its field", 'name,phone\n"Ann "the boss" Smith",5551234567\nBob,5551234568\n"Cy"x\nDee,1\n'],
    ["a closing quote before spaces and a delimiter", 'name,phone\n"Ann"  ,5551234567\n"Bob" \t\n'],
    ["a lone CR in a CRLF file", "name,phone\r\nAnn\rSmith,5551234567\r\nBob,5551234568\r\n"],
    ["a quoted field never closed", 'name,phone\nAnn,1\n"Bob,2\nCy,3\n'],
  ])("counts what the reader reads: %s", async (_what, text) => {
    const file = await readImportFile(bytesOf(text), "x.csv");
    expect(file.format === "csv" && file.records).toBe(records(file).length);
  });

  it("counts every CSV file of the real-world corpus as the reader reads it", async () => {
    const files = csvFiles(CORPUS);
    expect(files.length).toBeGreaterThan(10);
    let compared = 0;
    for (const path of files) {
      let file: ImportFile;
      try {
        file = await readImportFile(new Uint8Array(readFileSync(path)), path, { expected: "csv" });
      } catch {
        continue; // files the importer refuses (binary, empty) have nothing to count
      }
      if (file.format !== "csv") continue;
      expect({ path, records: file.records }).toEqual({ path, records: records(file).length });
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });
});
