import Papa from "papaparse";
import type { ShownContact } from "../db/repositories/contacts.js";
import { FORMULA_START } from "../import/csv-cell.js";
import { EDITABLE_FIELDS } from "../../shared/contact-schemas.js";

/** The spec's export (section 9): these five columns, in this order. */
export const SPEC_COLUMNS = ["first_name", "last_name", "phone", "email", "notes"] as const;

/**
 * Every field a contact has, under the names the importer maps back to the same field
 * (server/import/csv-mapping.ts), then what it cannot import but a person may want to read.
 */
export const FULL_COLUMNS = [...EDITABLE_FIELDS, "created_at", "updated_at"] as const;

type Column = (typeof FULL_COLUMNS)[number];

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === "string" ? value : "");

function cell(contact: ShownContact, column: Column): string {
  switch (column) {
    case "is_favorite":
      return contact.is_favorite === true || contact.is_favorite === 1 ? "yes" : "";
    case "created_at":
    case "updated_at":
      return iso(contact[column]);
    case "phone2_type":
      // A type without a second number says nothing.
      return contact.phone2 ? contact.phone2_type : "";
    default:
      return contact[column] ?? "";
  }
}

/**
 * RFC 4180 text (CRLF, quotes doubled, quoted where needed) by papaparse. A cell starting with =, +, -,
 * @, tab or CR gets a leading apostrophe and quotes (OWASP), so a spreadsheet shows it as text. Our own
 * pattern: papaparse's default one misses such a cell when it holds a line break.
 */
const UNPARSE = { header: false, newline: "\r\n", quotes: false, escapeFormulae: FORMULA_START } as const;

export function csvHeader(columns: readonly Column[]): string {
  return Papa.unparse([columns as unknown as string[]], UNPARSE) + "\r\n";
}

/** The rows of one page, each ending in CRLF. */
export function csvRows(contacts: readonly ShownContact[], columns: readonly Column[]): string {
  if (contacts.length === 0) return "";
  return (
    Papa.unparse(
      contacts.map((c) => columns.map((column) => cell(c, column))),
      UNPARSE,
    ) + "\r\n"
  );
}
