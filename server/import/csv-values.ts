// What a CSV cell means for a list entry: the type its words name ('Work', '* Mobile', 'Home Page') and
// a date as the contact stores it (YYYY-MM-DD, or --MM-DD without a year).
import type { ListKey } from "../../shared/contact-model/fields.js";
import { phoneTypeFromLabels } from "../cards/phone-types.js";
import { CJK_PHONE_KINDS, LOCALIZED_PHONE_WORDS } from "../cards/phone-words.js";

/** A type as the contact stores it, and the label the source gave when no type of ours names it. */
export interface TypeAndLabel {
  type: string;
  label?: string;
}

// Google marks the primary value's label with '* ' ('* Mobile'); the mark says nothing of the type.
const withoutPrimaryMark = (text: string) => text.replace(/^\*\s*/, "").trim();

const tokens = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[\s,;/_\-.:()]+/)
      .filter(Boolean),
  );
const any = (set: Set<string>, words: readonly string[]) => words.some((w) => set.has(w));

const WORK = ["work", "business", "office", "company", "job", ...LOCALIZED_PHONE_WORDS.work];
const HOME = ["home", "personal", "private", ...LOCALIZED_PHONE_WORDS.home];

/** E-mails and addresses: home, work, other, or custom with the source's label. */
function placeType(text: string): TypeAndLabel {
  const set = tokens(text);
  if (any(set, WORK) || CJK_PHONE_KINDS.work.test(text)) return { type: "work" };
  if (any(set, HOME) || CJK_PHONE_KINDS.home.test(text)) return { type: "home" };
  if (any(set, ["other"])) return { type: "other" };
  return { type: "custom", label: text };
}

function urlType(text: string): TypeAndLabel {
  const set = tokens(text);
  if (set.has("homepage") || (set.has("home") && set.has("page"))) return { type: "homepage" };
  for (const type of ["blog", "profile", "home", "work", "other"] as const) if (set.has(type)) return { type };
  if (any(set, ["business", "office"])) return { type: "work" };
  return { type: "custom", label: text };
}

function dateType(text: string): TypeAndLabel {
  const set = tokens(text);
  if (any(set, ["birthday", "birth", "bday", "dob"])) return { type: "birthday" };
  if (set.has("anniversary")) return { type: "anniversary" };
  if (set.has("other")) return { type: "other" };
  return { type: "custom", label: text };
}

/**
 * The type a cell's words name for an entry of `list` ('Work Fax' is fax_work, 'Blog' a blog); words that
 * name none make a custom entry labelled with them, as the source showed it.
 */
export function typeFromText(list: ListKey, text: string): TypeAndLabel | undefined {
  const words = withoutPrimaryMark(text);
  if (!words) return undefined;
  switch (list) {
    case "phones": {
      const type = phoneTypeFromLabels([words]);
      return type === "custom" ? { type, label: words } : { type };
    }
    case "emails":
    case "addresses":
      return placeType(words);
    case "urls":
      return urlType(words);
    case "dates":
      return dateType(words);
    case "custom_fields":
      return { type: "custom", label: words };
  }
}

/** The words of each type as the full CSV writes them (Google's own words where it has the type). */
const PHONE_WORDS: Record<string, string> = {
  mobile: "Mobile",
  home: "Home",
  work: "Work",
  other: "Other",
  fax_work: "Work Fax",
  fax_home: "Home Fax",
  pager: "Pager",
  callback: "Callback",
  car: "Car",
  company_main: "Company Main",
  isdn: "ISDN",
  main: "Main",
  other_fax: "Other Fax",
  radio: "Radio",
  telex: "Telex",
  tty_tdd: "TTY/TDD",
  work_mobile: "Work Mobile",
  work_pager: "Work Pager",
  assistant: "Assistant",
  mms: "MMS",
};
const OTHER_WORDS: Record<string, string> = {
  home: "Home",
  work: "Work",
  other: "Other",
  homepage: "Home Page",
  blog: "Blog",
  profile: "Profile",
  birthday: "Birthday",
  anniversary: "Anniversary",
};

/** The Type cell of an entry in the full CSV: the type's word, or a custom entry's label (as Google writes it). */
export function typeCell(list: ListKey, type: string, label: string | null): string {
  if (type === "custom" || list === "custom_fields") return label ?? "";
  return (list === "phones" ? PHONE_WORDS[type] : OTHER_WORDS[type]) ?? type;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** A date of year (or none), month and day as the contact stores it, when such a day exists. */
export function dateValue(year: number | null, month: number, day: number): string | null {
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  if (year !== null && !(year >= 1 && year <= 9999)) return null;
  const check = new Date(Date.UTC(year ?? 2000, month - 1, day));
  if (check.getUTCMonth() !== month - 1) return null;
  return `${year === null ? "-" : String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

const fullYear = (text: string) => {
  const n = Number(text);
  // Two-digit years as spreadsheets read them: 00-29 this century, 30-99 the last.
  return text.length <= 2 ? (n < 30 ? 2000 + n : 1900 + n) : n;
};

/**
 * A date cell as the contact stores it: ISO (1985-03-14, --03-14, 1985-03-14T00:00:00), Google's
 * year-less '--03-14', Outlook's 3/14/1985 (month first, as the US writes it, unless the first number
 * cannot be a month), 14.3.1985 (day first), '14 Mar 2021' and 'Mar 14, 2021' (LinkedIn). Null for
 * anything else, and for Outlook's '0/0/00' that means no date.
 */
export function parseDate(text: string): string | null {
  const value = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(value);
  if (m) return dateValue(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^--(\d{2})-?(\d{2})$/.exec(value);
  if (m) return dateValue(null, Number(m[1]), Number(m[2]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (m) return dateValue(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(value);
  if (m) return dateValue(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return a > 12 ? dateValue(fullYear(m[3]!), b, a) : dateValue(fullYear(m[3]!), a, b);
  }
  m = /^(\d{1,2})[.-](\d{1,2})[.-](\d{2}|\d{4})\.?$/.exec(value);
  if (m) return dateValue(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})\.?\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/i.exec(value);
  if (m && MONTHS.includes(m[2]!.toLowerCase())) return dateValue(Number(m[3]), MONTHS.indexOf(m[2]!.toLowerCase()) + 1, Number(m[1]));
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(value);
  if (m && MONTHS.includes(m[1]!.toLowerCase())) return dateValue(Number(m[3]), MONTHS.indexOf(m[1]!.toLowerCase()) + 1, Number(m[2]));
  return null;
}

/** Cells that some exports write for 'no value': Outlook's empty dates and unspecified gender. */
export const NO_VALUE = new Set(["0/0/00", "0/0/0000", "0.0.00", "00.00.00", "00.00.0000", "unspecified"]);
