import Papa from "papaparse";
import { LIST_FIELDS, type ListKey, SINGLE_FIELDS } from "../../shared/contact-model/fields.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import { FORMULA_START } from "../import/csv-cell.js";
import { typeCell } from "../import/csv-values.js";

/**
 * RFC 4180 text (CRLF, quotes doubled, quoted where needed) by papaparse. A cell starting with =, +, -,
 * @, tab or CR gets a leading apostrophe and quotes (OWASP), so a spreadsheet shows it as text; our
 * importer reads it back without. Our own pattern: papaparse's default one misses such a cell when it
 * holds a line break.
 */
const UNPARSE = { header: false, newline: "\r\n", quotes: false, escapeFormulae: FORMULA_START } as const;

const lines = (table: string[][]) => (table.length === 0 ? "" : Papa.unparse(table, UNPARSE) + "\r\n");

/** The spec's export (section 9): these five columns, in this order. */
export const SPEC_COLUMNS = ["first_name", "last_name", "phone", "email", "notes"] as const;

/** A contact as the spec's CSV reads it: its lists, or (rows of the first release) its flat fields. */
export type SpecRow = Partial<Pick<ContactData, "first_name" | "last_name" | "notes" | "phones" | "emails">> & {
  phone?: string | null;
  email?: string | null;
};

/** The header of the spec's CSV, ending in CRLF. */
export const specCsvHeader = (): string => lines([[...SPEC_COLUMNS]]);

/** Rows of the spec's CSV: the first phone and the first e-mail, as the spec's fields show them. */
export function specCsvRows(rows: readonly SpecRow[]): string {
  return lines(
    rows.map((c) => [
      c.first_name ?? "",
      c.last_name ?? "",
      c.phones?.[0]?.value ?? c.phone ?? "",
      c.emails?.[0]?.value ?? c.email ?? "",
      c.notes ?? "",
    ]),
  );
}

/** How many numbered column groups each list gets in the full CSV ('Phone 1 - ...' to 'Phone n - ...'). */
export type ListWidths = Record<ListKey, number>;

/**
 * Widths for an export that must write its header before it reads its contacts (a stream): enough for
 * nearly every contact. A contact with more entries is not cut: its last group holds the rest, its
 * values ' ::: '-separated as Google writes several values of one cell, which the importer reads back.
 */
export const FULL_CSV_WIDTHS: ListWidths = { phones: 4, emails: 3, addresses: 2, urls: 2, dates: 2, custom_fields: 3 };

/** The widths the widest contact of `rows` needs (at least one group per list, so a header is stable). */
export function listWidths(rows: readonly ContactData[]): ListWidths {
  const widths = Object.fromEntries(LIST_FIELDS.map((f) => [f.key, 1])) as ListWidths;
  for (const row of rows) for (const f of LIST_FIELDS) widths[f.key] = Math.max(widths[f.key], entriesOf(row, f.key).length);
  return widths;
}

const BIRTHDAY = "Birthday";
const KIND = "Kind";

type Entry = Record<string, string | null>;
type ListField = (typeof LIST_FIELDS)[number];

/** A list's columns of one group, in Google's words: 'Phone 1 - Type', 'Address 1 - Postal Code'. */
function groupColumns(field: ListField, n: number): { key: string; header: string }[] {
  const head = `${field.csv} ${n} - `;
  if (field.key === "custom_fields")
    return [
      { key: "label", header: `${head}Label` },
      { key: "value", header: `${head}Value` },
    ];
  if (field.key === "addresses") {
    const names: Record<string, string> = {
      street: "Street",
      extended: "Extended Address",
      city: "City",
      region: "Region",
      postal_code: "Postal Code",
      country: "Country",
    };
    return [
      ...field.parts.map((p) => ({ key: p.key, header: `${head}${names[p.key]}` })),
      { key: "type", header: `${head}Type` },
      { key: "label", header: `${head}Label` },
    ];
  }
  return [
    { key: "type", header: `${head}Type` },
    { key: "value", header: `${head}Value` },
    { key: "label", header: `${head}Label` },
  ];
}

/**
 * The full CSV's columns: the single fields under Google's names, the birthday, the kind (person or
 * company), then each list's numbered groups.
 */
export function fullCsvColumns(widths: ListWidths = FULL_CSV_WIDTHS): string[] {
  return [
    ...SINGLE_FIELDS.map((f) => f.csv),
    BIRTHDAY,
    KIND,
    ...LIST_FIELDS.flatMap((f) => Array.from({ length: widths[f.key] }, (_, i) => groupColumns(f, i + 1).map((c) => c.header)).flat()),
  ];
}

/** The header of the full CSV, ending in CRLF. */
export const fullCsvHeader = (widths: ListWidths = FULL_CSV_WIDTHS): string => lines([fullCsvColumns(widths)]);

/** A contact's birthday shown in Google's own Birthday column: the first date, when it is one. */
const birthdayColumn = (row: ContactData) => (row.dates[0]?.type === "birthday" ? row.dates[0] : undefined);

const entriesOf = (row: ContactData, list: ListKey): Entry[] => {
  const entries = row[list] as unknown as Entry[];
  return list === "dates" && birthdayColumn(row) ? entries.slice(1) : entries;
};

const cellOf = (field: ListField, entry: Entry, key: string) =>
  key === "type" ? typeCell(field.key, entry.type ?? field.defaultType, entry.label ?? null) : (entry[key] ?? "");

/** One contact's cells of a list: a group per entry; entries past the last group share it, ' ::: '-separated. */
function listCells(field: ListField, entries: Entry[], width: number): string[] {
  const cells: string[] = [];
  for (let n = 0; n < width; n++) {
    const group = n === width - 1 ? entries.slice(n) : entries.slice(n, n + 1);
    for (const { key } of groupColumns(field, n + 1)) cells.push(group.map((e) => cellOf(field, e, key)).join(" ::: "));
  }
  return cells;
}

/** Rows of the full CSV (every field of the table), each ending in CRLF. */
export function fullCsvRows(rows: readonly ContactData[], widths: ListWidths = FULL_CSV_WIDTHS): string {
  return lines(
    rows.map((row) => [
      ...SINGLE_FIELDS.map((f) => row[f.key] ?? ""),
      birthdayColumn(row)?.value ?? "",
      row.kind,
      ...LIST_FIELDS.flatMap((f) => listCells(f, entriesOf(row, f.key), widths[f.key])),
    ]),
  );
}
