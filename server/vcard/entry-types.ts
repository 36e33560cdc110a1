import { listField } from "../../shared/contact-model/fields.js";
import type { PhoneType } from "../../shared/contact-schemas.js";
import { phoneTypeFromLabels } from "../cards/phone-types.js";

// The type and label of a list entry (a phone, an e-mail, an address, a website) as vCard writes them:
// TYPE parameters, and Apple's `itemN.X-ABLabel` beside a grouped property, whose value is either one
// of Apple's own labels (`_$!<HomeFAX>!$_`) or the words a person typed ('Gate code').

/**
 * TYPE values for each phone type (spec section 3), in 3.0 spelling. Types vCard has no word for get an
 * X- name the reader maps back (server/cards/phone-types.ts); other products read them as "other".
 */
export const PHONE_TYPE_PARAMS: Record<PhoneType, readonly string[]> = {
  mobile: ["CELL"],
  home: ["HOME", "VOICE"],
  work: ["WORK", "VOICE"],
  other: ["X-OTHER"],
  custom: ["X-CUSTOM"],
  fax_work: ["WORK", "FAX"],
  fax_home: ["HOME", "FAX"],
  pager: ["PAGER"],
  callback: ["X-CALLBACK"],
  car: ["CAR"],
  company_main: ["WORK", "X-MAIN"],
  isdn: ["ISDN"],
  main: ["X-MAIN"],
  other_fax: ["FAX"],
  radio: ["X-RADIO"],
  telex: ["X-TELEX"],
  tty_tdd: ["X-TTY-TDD"],
  work_mobile: ["WORK", "CELL"],
  work_pager: ["WORK", "PAGER"],
  assistant: ["X-ASSISTANT"],
  mms: ["X-MMS"],
};

/** The address's parts, each a component of ADR (fields.ts gives every one of them its component). */
export const ADDRESS_PARTS = listField("addresses").parts as readonly { key: string; component: number }[];

/** The lists whose entries are written as one property with TYPE parameters (dates and custom fields are not). */
export type TypedList = "phones" | "emails" | "addresses" | "urls";

const fieldOf = listField;

/**
 * The TYPE values of an entry's type, 3.0 spelling. vCard's own words (HOME, WORK) where it has them,
 * else an X- name of the table's type (X-BLOG, X-OTHER) that the reader maps back and other products
 * ignore; a website's default type (homepage) is written with none, as products write it.
 */
export function typeParams(list: TypedList, type: string): readonly string[] {
  if (list === "phones") return PHONE_TYPE_PARAMS[type as PhoneType] ?? PHONE_TYPE_PARAMS.mobile;
  if (type === "home" || type === "work") return [type.toUpperCase()];
  if (type === fieldOf(list).defaultType && list === "urls") return [];
  return [`X-${type.toUpperCase()}`];
}

/** Apple's own label (`_$!<HomeFAX>!$_`) as words ('Home FAX'); null for a label a person typed. */
export function appleLabelWords(label: string): string | null {
  const match = /^_\$!<(.*)>!\$_$/.exec(label.trim());
  return match ? match[1]!.replace(/([a-z])([A-Z])/g, "$1 $2") : null;
}

/** An X-ABLabel's value as a person reads it: Apple's own labels as words, a typed one as typed. */
export const labelText = (label: string): string => appleLabelWords(label) ?? label.trim();

/** Parameters that say nothing about what kind of number or address an entry is. */
const NEUTRAL = new Set(["pref", "voice", "internet", "x400", "dom", "intl", "postal", "parcel", "text"]);

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

export interface EntryType {
  type?: string;
  label?: string;
}

/**
 * An entry's type and label from its TYPE values and its X-ABLabel (undefined when it has none).
 * TYPE values say the type; a label a person typed is kept as the label (its type 'custom' unless the
 * TYPE values or, for a phone, its words say more); Apple's own labels are read as types.
 */
export function entryType(list: TypedList, types: readonly string[], label: string | undefined): EntryType {
  const telling = types.filter((t) => !NEUTRAL.has(t.toLowerCase()));
  const apple = label === undefined ? null : appleLabelWords(label);
  const typed = label !== undefined && apple === null && label.trim() !== "" ? label.trim() : undefined;
  if (list === "phones") {
    if (telling.length > 0 || (apple === null && typed === undefined)) {
      const type = phoneTypeFromLabels(types);
      // A type vCard has no word for ('VIDEO'): shown by its name.
      const named = telling.find((t) => !/^(x-)?custom$/i.test(t));
      return { type, label: typed ?? (type === "custom" && named ? titleCase(named.replace(/^x-/i, "")) : undefined) };
    }
    const words = apple ?? typed!;
    const type = phoneTypeFromLabels([words]);
    return { type, label: typed ?? (type === "custom" ? words : undefined) };
  }
  const field = fieldOf(list);
  const fromWord = (word: string) => {
    const key = word.toLowerCase().replace(/^x-/, "").replace(/\s+/g, "");
    return (field.types as readonly string[]).includes(key) ? key : undefined;
  };
  let type: string | undefined;
  for (const t of telling) if ((type = fromWord(t))) break;
  if (apple !== null) {
    const appleType = fromWord(apple);
    return appleType ? { type: type ?? appleType } : { type: type ?? "custom", label: apple };
  }
  if (typed !== undefined) return { type: type ?? "custom", label: typed };
  return { type };
}

/** Apple's related names (`item1.X-ABRELATEDNAMES` + `item1.X-ABLabel:_$!<Spouse>!$_`): read as custom fields. */
export const RELATED_NAMES = "X-ABRELATEDNAMES";
/** The label of a related name that has none. */
export const RELATED_NAME_LABEL = "Related name";
/**
 * Apple's own labels of a related name. A custom field with one of these is written back as a related
 * name, so that a phone's relatives stay relatives on the phone after it syncs.
 */
export const APPLE_RELATIONS = new Set([
  "Father",
  "Mother",
  "Parent",
  "Brother",
  "Sister",
  "Child",
  "Friend",
  "Spouse",
  "Partner",
  "Assistant",
  "Manager",
]);
/** The label of a ROLE kept beside a TITLE (a custom field written back as ROLE). */
export const ROLE_LABEL = "Role";
