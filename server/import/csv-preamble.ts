import { isValidEmail } from "../../shared/email.js";
import { knownColumns, looksLikeHeader } from "./csv-mapping.js";

/** Records above a header row that are looked through: a title, a date, a note or two. */
const MOST_ABOVE = 10;

const filled = (record: string[]) => record.filter((cell) => cell.trim() !== "").length;
// A date above the table ('Exported: 2024-03-01') passes for a phone number; an e-mail address is data.
const holdsEmail = (record: string[]) => record.some((cell) => isValidEmail(cell.trim()));

/**
 * How many records above a table's header row are no part of the table. Some exports open with lines
 * of their own (LinkedIn's 'Notes:' and a paragraph, a report's title and date, a sheet's caption row):
 * read as the header, they left every real column unmapped and the real header imported as a contact.
 * A later record is taken for the header only when it names two or more known columns, holds no e-mail
 * or phone, and every record above it has fewer filled cells than it and no e-mail address (titles and
 * notes are short; a table's own rows are as wide as its header, and hold addresses). A first record that
 * names two known columns is the header.
 */
export function recordsAboveHeader(head: string[][]): number {
  if (head.length < 2 || knownColumns(head[0]!) >= 2 || holdsEmail(head[0]!)) return 0;
  let widestAbove = filled(head[0]!);
  for (let i = 1; i <= Math.min(MOST_ABOVE, head.length - 1); i++) {
    const record = head[i]!;
    if (holdsEmail(record) && !looksLikeHeader(record)) return 0;
    if (widestAbove >= filled(record)) {
      widestAbove = Math.max(widestAbove, filled(record));
      continue;
    }
    if (knownColumns(record) >= 2 && looksLikeHeader(record)) return i;
    widestAbove = filled(record);
  }
  return 0;
}
