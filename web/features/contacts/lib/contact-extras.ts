import type { ContactExtra } from "@shared/contact-fields";

/** Readable names of the card properties a device may send beside the app's fields. */
const PROPERTY_LABELS: Record<string, string> = {
  TEL: "Phone",
  EMAIL: "Email",
  ADR: "Address",
  URL: "Website",
  BDAY: "Birthday",
  ANNIVERSARY: "Anniversary",
  NICKNAME: "Nickname",
  TITLE: "Job title",
  ROLE: "Role",
  IMPP: "Messaging",
  "X-ABRELATEDNAMES": "Related name",
  RELATED: "Related",
  "X-ABDATE": "Date",
  PHOTO: "Photo",
  LOGO: "Logo",
  CATEGORIES: "Categories",
  GENDER: "Gender",
  LANG: "Language",
  TZ: "Time zone",
  GEO: "Location",
  KEY: "Key",
};

/** TYPE values that say nothing a person needs ("preferred", "internet", "voice"). */
const QUIET_TYPES = new Set(["pref", "internet", "voice", "x400"]);

/** 'Phone (work)': the property's readable name, with its types and label. */
export function extraLabel(extra: ContactExtra): string {
  const name = PROPERTY_LABELS[extra.name] ?? extra.name;
  const types = (extra.params.TYPE ?? "")
    .split(",")
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t && !QUIET_TYPES.has(t));
  const kinds = [...types, ...(extra.params.LABEL ? [extra.params.LABEL] : [])];
  return kinds.length ? `${name} (${kinds.join(", ")})` : name;
}
