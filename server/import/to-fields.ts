import { type ContactFields, contactFieldsSchema } from "../../shared/contact-schemas.js";
import { isValidEmail } from "../../shared/email.js";
import { IMPORT_TARGET_LABELS, type ImportTarget } from "../../shared/import-schemas.js";
import { isValidPhone } from "../../shared/phone.js";
import type { ContactCandidate } from "./candidate.js";
import { phoneFromSpreadsheet } from "./spreadsheet-numbers.js";

export type CandidateOutcome = { ok: true; fields: ContactFields; warnings: string[] } | { ok: false; message: string };

/**
 * The import rules of spec section 5 on one candidate: a phone is required (the first valid one is the
 * contact's phone, the next its second phone); the name comes from first and last name, else from the
 * whole name split on the first space (beside a last name, the whole name less that last name); with neither a name nor a company the first name is 'Unknown'.
 * An e-mail that is not an address is left out with a warning rather than losing the person.
 */
export function candidateToFields(candidate: ContactCandidate): CandidateOutcome {
  const phones: ContactCandidate["phones"] = [];
  for (const p of candidate.phones) {
    const read = phoneFromSpreadsheet(p.value);
    if (!read.ok) return { ok: false, message: read.message };
    phones.push(read.value === p.value ? p : { ...p, value: read.value });
  }
  const valid = phones.filter((p) => isValidPhone(p.value));
  if (phones.length === 0) return { ok: false, message: "Missing phone number" };
  if (valid.length === 0) return { ok: false, message: "Please enter a valid phone number (7-16 digits)" };
  const [phone, second] = [valid[0]!, valid[1] ?? phones.find((p) => p !== valid[0])];

  let first = candidate.first_name?.trim() ?? "";
  let last = candidate.last_name?.trim() ?? "";
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
  const company = candidate.company?.trim() ?? "";
  if (!first && !company) {
    first = last || "Unknown";
    if (last) last = "";
  }

  const warnings: string[] = [];
  let email = candidate.email?.trim() ?? "";
  if (email && !isValidEmail(email)) {
    warnings.push(`'${email}' is not a valid e-mail address and was left out`);
    email = "";
  }
  const parsed = contactFieldsSchema.safeParse({
    first_name: first,
    last_name: last || null,
    company: company || null,
    email: email || null,
    phone: phone.value,
    phone_type: phone.type,
    phone2: second?.value ?? null,
    phone2_type: second?.type ?? "home",
    address: candidate.address || null,
    city: candidate.city || null,
    province_state: candidate.province_state || null,
    postal_zip_code: candidate.postal_zip_code || null,
    notes: candidate.notes || null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (!issue) return { ok: false, message: "Invalid contact" };
    // "Must be at most 5000 characters" sits under its field in the form; a row's reason names the field.
    const field = issue.code === "too_big" ? (IMPORT_TARGET_LABELS[issue.path[0] as ImportTarget] as string | undefined) : undefined;
    return { ok: false, message: field ? `${field} ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}` : issue.message };
  }
  return { ok: true, fields: parsed.data, warnings };
}
