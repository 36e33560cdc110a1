import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_CONTACTS,
  IMPORT_MAX_ROW_CHARS,
  VCARD_MAX_LINE_BYTES,
  VCARD_MAX_LINES,
  VCARD_MAX_NESTING,
} from "../../shared/import-limits.js";
import { AppError } from "../errors.js";

// The refusals of a file past a limit of shared/import-limits.ts: a 400 that says what and where, so the
// person can find the place in the file (a quote left open, a photo pasted into a note).

const number = (n: number) => n.toLocaleString("en-US");
const overLimit = (message: string) => new AppError(400, "FILE_LIMIT", message);

export const tooManyContacts = (contacts: number) =>
  overLimit(
    `The file holds ${number(contacts)} contacts; an import takes at most ${number(IMPORT_MAX_CONTACTS)} (split it into smaller files)`,
  );

export const tooManyColumns = (row: number) => overLimit(`Row ${number(row)} has more than ${number(IMPORT_MAX_COLUMNS)} columns`);

export const rowTooLong = (row: number) =>
  overLimit(
    `Row ${number(row)} is longer than ${number(IMPORT_MAX_ROW_CHARS)} characters (a quote that is never closed runs on to the end of the file)`,
  );

export const lineTooLong = (line: number) => overLimit(`Line ${number(line)} is longer than ${VCARD_MAX_LINE_BYTES / 1024 / 1024} MB`);

export const tooManyLines = (contact: number) => overLimit(`Contact ${number(contact)} has more than ${number(VCARD_MAX_LINES)} lines`);

export const nestedTooDeep = (contact: number, line: number) =>
  overLimit(`Contact ${number(contact)} (line ${number(line)}) is nested more than ${VCARD_MAX_NESTING} cards deep`);
