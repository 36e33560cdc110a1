import type { PhoneType } from "../../shared/contact-schemas.js";
import { LOCALIZED_PHONE_WORDS as LOCAL } from "./csv-header-words.js";

/**
 * The device phone type (spec section 3) for the labels another product gave a number: vCard TYPE
 * parameters (CELL, WORK, FAX...), Google's and Outlook's column names and labels, Apple's X-ABLabel.
 */
/** Words for 'phone' itself in other languages: a column named only so is a plain (mobile) number. */
const GENERIC = new Set(["telefon", "telefone", "telefono", "teléfono", "téléphone", "telefoon", "telefonnummer"]);

export function phoneTypeFromLabels(labels: readonly string[]): PhoneType {
  const set = new Set(labels.flatMap((l) => l.toLowerCase().split(/[\s,;/_-]+/)).filter(Boolean));
  const has = (...words: string[]) => words.some((w) => set.has(w));
  const work = has("work", "business", "office", "company", ...LOCAL.work);
  if (has("fax", "facsimile", ...LOCAL.fax)) return work ? "fax_work" : has("home") ? "fax_home" : "other_fax";
  if (has("pager", "beeper")) return work ? "work_pager" : "pager";
  if (has("cell", "mobile", "cellular", "iphone", "handy", ...LOCAL.mobile)) return work ? "work_mobile" : "mobile";
  if (has("assistant", "assistantphone")) return "assistant";
  if (has("callback")) return "callback";
  if (has("car")) return "car";
  if (has("isdn")) return "isdn";
  if (has("radio")) return "radio";
  if (has("telex", "tlx")) return "telex";
  if (has("tty", "tdd", "textphone")) return "tty_tdd";
  if (has("mms")) return "mms";
  if (has("main") && work) return "company_main";
  if (work) return "work";
  if (has("home", "private", "personal", ...LOCAL.home)) return "home";
  if (has("main", "primary", "pref")) return "main";
  if (has("other")) return "other";
  return set.size > 0 && ![...set].every((w) => w === "voice" || w === "tel" || w === "phone" || w === "value" || GENERIC.has(w))
    ? "custom"
    : "mobile";
}
