import { type ContactRules, type ValidContactData, contactRuleIssues, emptyContactData } from "../../shared/contact-model/data-schema.js";
import { LIST_FIELDS, type ListKey, SINGLE_FIELDS, type SingleKey } from "../../shared/contact-model/fields.js";
import { ENTRY_SCHEMAS, SINGLE_SCHEMAS } from "../../shared/contact-model/schemas.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import { isValidPhone } from "../../shared/phone-no-library.js";
import type { ContactCandidate } from "./candidate.js";
import { phoneFromSpreadsheet } from "./spreadsheet-numbers.js";

export type CandidateOutcome = { ok: true; data: ValidContactData; warnings: string[] } | { ok: false; message: string };

const LABELS: Record<string, string> = {
  ...Object.fromEntries(SINGLE_FIELDS.map((f) => [f.key, f.label])),
  ...Object.fromEntries(LIST_FIELDS.map((f) => [f.key, f.label])),
};

/** "Must be at most 5000 characters" sits under its field in the form; a row's reason names the field. */
const withField = (key: string, message: string) => `${LABELS[key] ?? key} ${message.charAt(0).toLowerCase()}${message.slice(1)}`;

type Entry = Record<string, string | null | undefined>;

/** The name rules of spec section 5: first and last, else the whole name split on the first space. */
function names(candidate: ContactCandidate): { first: string; last: string } {
  let first = candidate.singles.first_name?.trim() ?? "";
  let last = candidate.singles.last_name?.trim() ?? "";
  const whole = candidate.full_name?.trim() ?? "";
  if (!first && whole && !last) {
    const space = whole.indexOf(" ");
    first = space < 0 ? whole : whole.slice(0, space);
    last = space < 0 ? "" : whole.slice(space + 1).trim();
  } else if (!first && whole) {
    // 'name' beside 'last_name' (the spec's layout): the name is the first name, or the whole name.
    const ending = whole.toLowerCase().endsWith(` ${last.toLowerCase()}`);
    first = ending ? whole.slice(0, whole.length - last.length).trim() : whole;
  }
  return { first, last };
}

/**
 * The import rules of spec section 5 on one candidate, over every field of the table: the first valid
 * phone leads the phones (required unless the organization turned that off); the name comes from first
 * and last name, else the whole name; with neither a name nor a company the first name is 'Unknown'.
 * A value that is not valid for its field (an e-mail that is not an address, a date that does not
 * exist) is left out with a warning rather than losing the person; a value too long refuses the row.
 */
export function candidateToData(candidate: ContactCandidate, rules: ContactRules): CandidateOutcome {
  const warnings: string[] = [];
  const phones: Entry[] = [];
  for (const p of candidate.lists.phones) {
    if (!p.value?.trim()) continue;
    const read = phoneFromSpreadsheet(p.value);
    if (!read.ok) return { ok: false, message: read.message };
    phones.push(read.value === p.value ? p : { ...p, value: read.value });
  }
  const valid = phones.findIndex((p) => isValidPhone(p.value!));
  if (rules.requirePhone && phones.length === 0) return { ok: false, message: "Missing phone number" };
  if (phones.length > 0 && valid < 0 && rules.requirePhone)
    return { ok: false, message: "Please enter a valid phone number (7-16 digits)" };
  // The first valid number leads (the spec's phone); without one, the numbers are kept as written after none.
  const ordered = valid > 0 ? [phones[valid]!, ...phones.filter((_, i) => i !== valid)] : valid < 0 && phones.length ? [] : phones;
  if (valid < 0 && phones.length)
    warnings.push(...phones.map((p) => `'${p.value}' is not a valid phone number and was kept as a custom field`));

  const data = emptyContactData() as ContactData & Record<string, unknown>;
  const { first, last } = names(candidate);
  const singles: Partial<Record<SingleKey, string>> = { ...candidate.singles, first_name: first, last_name: last };
  for (const field of SINGLE_FIELDS) {
    const value = singles[field.key]?.trim();
    if (!value) continue;
    const parsed = SINGLE_SCHEMAS[field.key].safeParse(value);
    if (!parsed.success) return { ok: false, message: withField(field.key, parsed.error.issues[0]?.message ?? "is not valid") };
    (data as Record<string, unknown>)[field.key] = parsed.data;
  }
  if (!data.first_name && !data.company) {
    data.first_name = data.last_name ?? "Unknown";
    if (data.last_name) data.last_name = null;
  }
  data.kind = candidate.kind === "company" && data.company ? "company" : "person";

  const custom: Entry[] = [...candidate.lists.custom_fields];
  if (valid < 0) for (const p of phones) custom.push({ label: "Phone", value: p.value ?? "", type: "custom" });
  const lists: Record<ListKey, Entry[]> = { ...candidate.lists, phones: ordered, custom_fields: custom };
  for (const field of LIST_FIELDS) {
    const kept: Record<string, unknown>[] = [];
    for (const entry of lists[field.key]) {
      if (!field.parts.some((p) => (entry[p.key] ?? "").trim() !== "")) continue;
      if (kept.length >= field.maxEntries) {
        warnings.push(`${field.label} entries past ${field.maxEntries} were left out`);
        break;
      }
      const parsed = ENTRY_SCHEMAS[field.key].safeParse(entry);
      if (parsed.success) {
        kept.push(parsed.data);
        continue;
      }
      const issue = parsed.error.issues[0];
      if (issue?.code === "too_big") return { ok: false, message: withField(field.key, issue.message) };
      warnings.push(`'${entry.value ?? Object.values(entry).find(Boolean)}' is not a valid ${field.label.toLowerCase()} and was left out`);
    }
    (data as Record<string, unknown>)[field.key] = kept;
  }
  // Every field was validated above; what is left are the rules that span fields.
  const [issue] = contactRuleIssues(data, rules);
  if (issue) return { ok: false, message: issue.message };
  // In place: a copy of the whole contact for one more property cost an import a copy of every row.
  return { ok: true, data: Object.assign(data, { is_favorite: false }), warnings };
}
