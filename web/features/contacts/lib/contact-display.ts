import { COUNT_CAP, type ContactFilter, type ContactSort } from "@shared/contact-fields";
import type { LIST_FIELDS } from "@shared/contact-model/fields";
import { isApiError } from "@/api";
import { getErrorMessage } from "@/lib/error-message";
import { PHONE_TYPE_LABELS } from "@/lib/phone-type-labels";

export { contactDisplayName as contactName } from "@shared/contact-display";

export const FILTER_LABELS: Record<ContactFilter, string> = {
  all: "All Contacts",
  favorites: "Favorites",
  recent: "Recent",
  birthdays: "This month",
};

/** Favourites and Recent belong to the organization (the spec's model): the chips say whose they are. */
export const FILTER_HINTS: Partial<Record<ContactFilter, (organization: string) => string>> = {
  favorites: (organization) => `Favourites are shared with everyone in ${organization}`,
  recent: (organization) => `Recently opened by anyone in ${organization}`,
};

export const SORT_LABELS: Record<ContactSort, string> = {
  last_name: "Last name",
  first_name: "First name",
  name: "Full name",
  recent: "Recently accessed",
  favorite: "Favorites first",
  created: "Newest",
  updated: "Recently updated",
  birthday: "Birthday",
};

/** Every type a list entry can have (phones, e-mails, addresses, websites, dates), from the field table. */
export type EntryType = (typeof LIST_FIELDS)[number]["types"][number];

/** Readable names for every entry type; the compiler asks for a name when the field table gains a type. */
export const ENTRY_TYPE_LABELS: Record<EntryType, string> = {
  ...PHONE_TYPE_LABELS,
  homepage: "Homepage",
  blog: "Blog",
  profile: "Profile",
  birthday: "Birthday",
  anniversary: "Anniversary",
};

/** An entry's type as a person reads it: its own label for a custom one ('Gate code'), else the type's name. */
export function entryTypeLabel(entry: { type: string; label: string | null }): string {
  if (entry.label && entry.type === "custom") return entry.label;
  return ENTRY_TYPE_LABELS[entry.type as EntryType] ?? entry.type;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A date as the screens show it: '15 Apr 1985', or '15 Apr' without a year (vCard's --MM-DD); read
 * from the text itself, so no time zone moves a birthday by a day. Anything else is shown as it is.
 */
export function formatEntryDate(value: string, { withYear = true } = {}): string {
  const match = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return value;
  const day = `${Number(match[3])} ${month}`;
  return withYear && match[1] !== "-" ? `${day} ${match[1]}` : day;
}

/** The {reason} of 'Failed to ... contact: {reason}': the server's sentence, or the generic handler's. */
export function failureReason(error: unknown): string {
  if (isApiError(error) && error.code !== "NETWORK" && error.status >= 400 && error.status < 500) return error.message;
  return getErrorMessage(error);
}

const numberFormat = new Intl.NumberFormat("en-US");

/** Filter and search counts stop at COUNT_CAP (the API answers COUNT_CAP + 1 beyond it): shown as "20,000+". */
export const isCappedCount = (value: number) => value > COUNT_CAP;
export const formatCount = (value: number, exact = false) =>
  !exact && isCappedCount(value) ? `${numberFormat.format(COUNT_CAP)}+` : numberFormat.format(value);

/** Only "All" of the whole book is an exact counter; a search's or a group's counts stop at the cap. */
export const isExactCount = (filter: ContactFilter, q: string, group = "") => filter === "all" && q === "" && group === "";

/** Up to two letters for a contact without a photo: first and last name, or the company's first words. */
export function contactInitials(contact: { first_name: string | null; last_name: string | null; company: string | null }): string {
  const first = (text: string | null | undefined) => Array.from(text?.trim() ?? "")[0] ?? "";
  const named = first(contact.first_name) + first(contact.last_name);
  if (named) return named;
  const words = (contact.company ?? "").trim().split(/\s+/);
  return first(words[0]) + first(words[1]) || "?";
}
