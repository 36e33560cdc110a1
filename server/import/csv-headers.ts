// What a CSV column holds, from its header: the layouts of Google Contacts (current and old, numbered
// 'Phone 2 - Value'), Outlook (in the languages of csv-header-words.ts), Apple, Thunderbird, Yahoo,
// LinkedIn, CRMs and hand-kept sheets. A column this does not know is kept as a custom field.
import type { ListKey, SingleKey } from "../../shared/contact-model/fields.js";
import type { ColumnMapping } from "../../shared/import-schemas.js";
import {
  LOCALIZED_EXACT,
  NOT_AN_EMAIL,
  type WordTarget,
  isLocalizedEmail,
  isLocalizedPhone,
  localizedAddressGroup,
  localizedAddressPart,
} from "./csv-header-words.js";
import { phoneTypeFromLabels } from "../cards/phone-types.js";

/** A column's guess; `group` names the columns that fill one entry ('home' address, Thunderbird's birth date). */
export type HeaderGuess = ColumnMapping & { group?: string };

/** A header as compared: lower case, words separated by one space, punctuation gone. */
export const normalizeHeader = (header: string) =>
  header
    // Salesforce's API names and other camel-cased headers: 'MailingPostalCode' (not 'iPhone').
    .replace(/([a-z]{2,})(?=[A-Z][a-z])/g, "$1 ")
    .toLowerCase()
    // Turkish 'İ' lower-cases to 'i' and a combining dot.
    .replace(/i\u0307/g, "i")
    .replace(/[_\-–/.:()']+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const single = (target: SingleKey | "full_name" | "categories" | "kind"): HeaderGuess => ({ target });
const part = (target: ListKey, key: string, extra: Omit<HeaderGuess, "target" | "part"> = {}): HeaderGuess => ({
  target,
  part: key,
  ...extra,
});
const IGNORE: HeaderGuess = { target: "ignore" };

const words = (list: string, guess: HeaderGuess): Record<string, HeaderGuess> => Object.fromEntries(list.split("|").map((w) => [w, guess]));

// Whole headers, normalised.
const EXACT: Record<string, HeaderGuess> = {
  ...words("first name|firstname|given name|first|forename|vorname|prénom", single("first_name")),
  ...words("last name|lastname|family name|surname|last|nachname|nom", single("last_name")),
  ...words("middle name|middlename|middle|additional name|additional names|second name", single("middle_name")),
  ...words("name prefix|prefix|salutation", single("name_prefix")),
  ...words("name suffix|suffix", single("name_suffix")),
  ...words("nickname|nick name|nick", single("nickname")),
  ...words("phonetic first name|given name yomi|first name yomi|yomi first name", single("phonetic_first_name")),
  ...words("phonetic last name|family name yomi|last name yomi|yomi last name", single("phonetic_last_name")),
  ...words("name|full name|fullname|display name|formatted name|contact name", single("full_name")),
  ...words("company|company name|organization|organisation|organization name|account name|firma|employer", single("company")),
  ...words("department|dept|organization department", single("department")),
  ...words("job title|jobtitle|position|organization title", single("job_title")),
  ...words("notes|note|comments|comment|description", single("notes")),
  ...words("labels|group membership|categories|category|groups|tags", single("categories")),
  kind: single("kind"),
  ...words("birthday|birth date|birthdate|date of birth|dob|bday", part("dates", "value", { type: "birthday" })),
  ...words("anniversary|wedding anniversary", part("dates", "value", { type: "anniversary" })),
  "connected on": part("dates", "value", { type: "custom", label: "Connected On" }),
  ...words("birth year|birthyear", part("dates", "year", { type: "birthday", group: "birth" })),
  ...words("birth month|birthmonth", part("dates", "month", { type: "birthday", group: "birth" })),
  ...words("birth day|birthday day", part("dates", "day", { type: "birthday", group: "birth" })),
  ...words("web page|webpage|website|web site|url|web address|personal website|personal web page", part("urls", "value")),
  ...words("home page|homepage", part("urls", "value", { type: "homepage" })),
  ...words("business web page|work website|work web page|company website", part("urls", "value", { type: "work" })),
  blog: part("urls", "value", { type: "blog" }),
  ...words("email|e mail|email address|e mail address|mail|primary email|primary e mail", part("emails", "value", { entry: 1 })),
  ...words("secondary email|secondary e mail|alternate email|alternate email 1|email 2", part("emails", "value", { entry: 2 })),
  ...words("personal email|home email|private email", part("emails", "value", { type: "home" })),
  ...words("work email|business email|office email", part("emails", "value", { type: "work" })),
  "other email": part("emails", "value", { type: "other" }),
  ...words("phone|telephone|phone number|tel", part("phones", "value", { entry: 1 })),
  ...words("phone type|phone label", part("phones", "type", { entry: 1 })),
  ...words("phone 2|second phone|phone2", part("phones", "value", { entry: 2 })),
  ...words("phone2 type|phone 2 type|second phone type", part("phones", "type", { entry: 2 })),
  // Values every Outlook row has ('Normal', 'False'), or that repeat other columns (Google's 'File As').
  ...words("priority|sensitivity|private|internet free busy|directory server|mileage|billing information|file as|photo", IGNORE),
};

// Google's numbered columns: 'Phone 2 - Value', 'E-mail 1 - Type', 'Address 1 - Postal Code', 'Event 1 - Value'.
const NUMBERED = /^(e mail|email|phone|address|website|event|custom field|organization) (\d+) (.+)$/;
const NUMBERED_LISTS: Record<string, ListKey> = {
  "e mail": "emails",
  email: "emails",
  phone: "phones",
  address: "addresses",
  website: "urls",
  event: "dates",
  "custom field": "custom_fields",
};
const NUMBERED_PARTS: Record<string, string> = {
  value: "value",
  type: "type",
  label: "label",
  street: "street",
  city: "city",
  region: "region",
  "postal code": "postal_code",
  country: "country",
  "extended address": "extended",
  "po box": "po_box",
  formatted: "formatted",
};

function numbered(header: string): HeaderGuess | undefined {
  const match = NUMBERED.exec(header);
  if (!match) return undefined;
  const [, what, n, rest] = match as unknown as [string, string, string, string];
  const entry = Number(n);
  if (what === "organization") {
    // Google's old layout: 'Organization 1 - Name'. Only the first organization has fields.
    const field = ({ name: "company", title: "job_title", department: "department" } as const)[rest as "name"];
    return field && entry === 1 ? single(field) : undefined;
  }
  const list = NUMBERED_LISTS[what]!;
  const key = NUMBERED_PARTS[rest];
  if (!key) return undefined;
  if (list === "custom_fields") return key === "value" ? part(list, "value", { entry }) : part(list, "label", { entry });
  if (list === "addresses" ? key === "value" : !["value", "type", "label"].includes(key)) return undefined;
  return part(list, key, { entry });
}

// Outlook's e-mail type ('SMTP') and display name ('Ada (ada@example.com)') in its languages: they repeat the address.
const EMAIL_KIND_OR_NAME =
  /^(type de messagerie|tipo de correo|tipo di posta|nom complet de l adresse de messagerie|nombre para mostrar del correo|nome visualizzato)/;

/** Phone columns named after their kind: 'Mobile Phone', 'Business Fax', 'Pager Number', 'ISDN'... */
const PHONE_HEADER = /(phone|mobile|cell|fax|pager|tel|telephone|handy|number|isdn|telex|callback)\b/;
const NOT_A_PHONE = /\b(type|label|extension|ext|country code)\b/;

// Address columns, after the group word that may start them: 'Business Street 2', 'Mailing State/Province'
// (Salesforce), 'State/Region' (HubSpot), 'Home Address Zip Code' (Planning Center), 'Home ZipCode'.
const ADDRESS_PARTS: [RegExp, string][] = [
  [/\b(po box|post office box|pobox)\b/, "po_box"],
  [/\b(street|address line|address) [23]\b|\b(street|address) line 2\b/, "extended"],
  [/\b(street|address line \d|street address)\b/, "street"],
  [/\bcountry\b/, "country"],
  [/\b(zip|zip code|zipcode|postal code|postcode|post code)\b/, "postal_code"],
  [/\b(state|province|region)\b/, "region"],
  [/\b(city|town)\b/, "city"],
];
const NOT_AN_ADDRESS_PART = /\b(type|label|formatted)\b/;
const GROUP = /^(home|business|work|other|mailing|billing|shipping)\b/;

const LOCALIZED_PARTS: Partial<Record<WordTarget, string>> = {
  address: "street",
  city: "city",
  province_state: "region",
  postal_zip_code: "postal_code",
};

/** The type an address group's word gives its address. */
function groupType(group: string): Pick<HeaderGuess, "type" | "label"> {
  if (group === "business" || group === "work") return { type: "work" };
  if (group === "home" || group === "other") return { type: group };
  return group ? { type: "custom", label: group.charAt(0).toUpperCase() + group.slice(1) } : {};
}

function addressColumn(header: string): HeaderGuess | undefined {
  const group = GROUP.exec(header)?.[1] ?? "";
  const rest = group ? header.slice(group.length).trim() : header;
  // 'Home Address', 'Work Address 2' (Thunderbird): the street and its second line.
  const key =
    group && /^address$/.test(rest)
      ? "street"
      : NOT_AN_ADDRESS_PART.test(header)
        ? undefined
        : ADDRESS_PARTS.find(([pattern]) => pattern.test(rest))?.[1];
  if (key) return part("addresses", key, { group: group === "work" ? "business" : group, ...groupType(group) });
  const localized = localizedAddressPart(header);
  if (!localized) return undefined;
  const localGroup = localizedAddressGroup(header);
  return part("addresses", LOCALIZED_PARTS[localized]!, { group: localGroup, ...groupType(localGroup) });
}

function fromWord(word: WordTarget, header: string): HeaderGuess {
  switch (word) {
    case "email":
      return part("emails", "value");
    case "birthday":
    case "anniversary":
      return part("dates", "value", { type: word });
    case "website":
      return part("urls", "value");
    case "address":
    case "city":
    case "province_state":
    case "postal_zip_code":
      return addressColumn(header) ?? part("addresses", LOCALIZED_PARTS[word]!);
    default:
      return single(word);
  }
}

/** What a column holds, from its normalised header; `custom` for a column of nothing known. */
export function guessColumn(header: string): HeaderGuess {
  const exact = EXACT[header] ?? numbered(header);
  if (exact) return exact;
  const localized = LOCALIZED_EXACT[header];
  if (localized) return fromWord(localized, header);
  // Outlook: 'E-mail 2 Address' and its type and display name, which repeat the address.
  const outlookEmail = /^e ?mail (\d) (address|type|display name)$/.exec(header);
  if (outlookEmail) return outlookEmail[2] === "address" ? part("emails", "value", { entry: Number(outlookEmail[1]) }) : IGNORE;
  const email = /^e ?mail\b/.test(header) || isLocalizedEmail(header);
  if ((email && (/\b(type|display)\b/.test(header) || NOT_AN_EMAIL.test(header))) || EMAIL_KIND_OR_NAME.test(header)) return IGNORE;
  if (email && !/\blabel\b/.test(header) && !NOT_AN_EMAIL.test(header)) {
    const type = /\b(work|business|office)\b/.test(header) ? "work" : /\b(home|personal|private)\b/.test(header) ? "home" : undefined;
    return part("emails", "value", type ? { type } : {});
  }
  if (/^(web ?page|website|url) (\d)$/.test(header)) return part("urls", "value", { entry: Number(header.slice(-1)) });
  const address = addressColumn(header);
  if (address && !PHONE_HEADER.test(header) && !isLocalizedPhone(header)) return address;
  if ((PHONE_HEADER.test(header) || isLocalizedPhone(header)) && !NOT_A_PHONE.test(header)) {
    // Words that name no kind ('Contact Phone Number') leave the number's type to its row.
    const type = phoneTypeFromLabels([header]);
    return part("phones", "value", type === "custom" ? {} : { type });
  }
  return address ?? { target: "custom" };
}
