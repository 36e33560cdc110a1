import type { ColumnMapping } from "../../shared/import-schemas.js";
import { isValidEmail } from "../../shared/email.js";
import { isValidPhone } from "../../shared/phone.js";
import { type HeaderGuess, guessColumn, normalizeHeader } from "./csv-headers.js";

export { recordToCandidate } from "./csv-record.js";

/** A column's name where the file has none. */
export const columnName = (index: number) => `Column ${index + 1}`;

/**
 * Guesses what each column holds from its header. Columns of one address group ('Business Street',
 * 'Business City') fill one address, each group its own, numbered after the file's own numbered
 * entries; a column of nothing known is kept as a custom field named after it.
 */
export function guessMapping(headers: string[]): ColumnMapping[] {
  const normalized = headers.map(normalizeHeader);
  const guesses = normalized.map(guessColumn);
  // Outlook's 'Title' is the name's prefix (Mr, Dr) beside its 'Job Title'; a CRM's 'Title' is the job.
  const titleIsPrefix = normalized.some((h) => h === "job title" || h === "suffix" || h === "middle name");
  const entries = new Map<string, number>();
  const used = new Map<string, number>();
  for (const guess of guesses) if (guess.entry !== undefined) used.set(guess.target, Math.max(used.get(guess.target) ?? 0, guess.entry));
  return guesses.map((guess, i): ColumnMapping => {
    const label = headers[i]!.trim() || columnName(i);
    if (normalized[i] === "title") return { target: titleIsPrefix ? "name_prefix" : "job_title" };
    if (guess.target === "custom" || guess.target === "ignore") return { target: guess.target, label };
    const { group, ...column } = guess;
    if (group === undefined) return column;
    const key = `${guess.target}\u0000${group}`;
    let entry = entries.get(key);
    if (entry === undefined) {
      entry = (used.get(guess.target) ?? 0) + 1;
      used.set(guess.target, entry);
      entries.set(key, entry);
    }
    return { ...column, entry };
  });
}

const known = (guess: HeaderGuess) => guess.target !== "custom" && guess.target !== "ignore";

/** How many cells of a record name a column the importer knows. */
export const knownColumns = (record: string[]) => record.filter((cell) => known(guessColumn(normalizeHeader(cell)))).length;

const EMAILISH = /^[^\s@]+@[^\s@]+$/;

/** Whether a first record is a header row: it names known columns and holds no e-mail or phone values. */
export function looksLikeHeader(record: string[]): boolean {
  const data = record.filter((cell) => EMAILISH.test(cell.trim()) || isValidPhone(cell.trim())).length;
  return knownColumns(record) > 0 && data === 0;
}

/** For a file without a header row: columns whose values look like e-mails or phones; the rest kept as custom fields. */
export function guessMappingFromValues(records: string[][]): ColumnMapping[] {
  const width = Math.max(...records.map((r) => r.length));
  const sample = records.slice(0, 50);
  return Array.from({ length: width }, (_, i): ColumnMapping => {
    const values = sample.map((r) => (r[i] ?? "").trim()).filter(Boolean);
    if (values.length && values.every((v) => isValidEmail(v))) return { target: "emails", part: "value" };
    if (values.length && values.every((v) => isValidPhone(v))) return { target: "phones", part: "value" };
    return { target: "custom", label: columnName(i) };
  });
}
