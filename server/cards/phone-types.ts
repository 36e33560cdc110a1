import type { PhoneType } from "../../shared/contact-schemas.js";
import { CJK_PHONE_KINDS as CJK, LOCALIZED_PHONE_WORDS as LOCAL } from "./phone-words.js";

const words = (...list: string[]) => new Set(list);
const WORK = words("work", "business", "office", "company", ...LOCAL.work);
const FAX = words("fax", "facsimile", ...LOCAL.fax);
const PAGER = words("pager", "beeper");
const MOBILE = words("cell", "mobile", "cellular", "iphone", "handy", ...LOCAL.mobile);
const HOME = words("home", "private", "personal", ...LOCAL.home);
const MAIN = words("main", "primary", "pref");
// Words that say only 'a phone' (in any language): a label of nothing else is a plain (mobile) number.
const PLAIN = words("voice", "tel", "phone", "value", ...LOCAL.plain);

/** Labels seen before: an import asks for the same few ('Mobile', 'Work') on every row. */
const seen = new Map<string, PhoneType>();

/**
 * The device phone type (spec section 3) for the labels another product gave a number: vCard TYPE
 * parameters (CELL, WORK, FAX...), Google's and Outlook's column names and labels, Apple's X-ABLabel.
 */
export function phoneTypeFromLabels(labels: readonly string[]): PhoneType {
  const key = labels.join("\u0000");
  let type = seen.get(key);
  if (type === undefined) {
    type = typeOf(new Set(labels.flatMap((l) => l.toLowerCase().split(/[\s,;/_-]+/)).filter(Boolean)), labels.join(" "));
    if (seen.size >= 1000) seen.clear();
    seen.set(key, type);
  }
  return type;
}

function typeOf(set: Set<string>, text: string): PhoneType {
  const has = (...list: (string | Set<string>)[]) =>
    list.some((w) => (typeof w === "string" ? set.has(w) : [...set].some((s) => w.has(s))));
  const work = has(WORK) || CJK.work.test(text);
  if (has(FAX) || CJK.fax.test(text)) return work ? "fax_work" : has("home") ? "fax_home" : "other_fax";
  if (has(PAGER)) return work ? "work_pager" : "pager";
  if (has(MOBILE) || CJK.mobile.test(text)) return work ? "work_mobile" : "mobile";
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
  if (has(HOME) || CJK.home.test(text)) return "home";
  if (has(MAIN)) return "main";
  if (has("other")) return "other";
  return set.size > 0 && ![...set].every((w) => PLAIN.has(w)) ? "custom" : "mobile";
}
