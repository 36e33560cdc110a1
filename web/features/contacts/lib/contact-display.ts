import { COUNT_CAP, type ContactFilter, type ContactSort, type PhoneType } from "@shared/contact-fields";
import { isApiError } from "@/api";
import { getErrorMessage } from "@/lib/error-message";

export { contactDisplayName as contactName } from "@shared/contact-display";

export const FILTER_LABELS: Record<ContactFilter, string> = {
  all: "All Contacts",
  favorites: "Favorites",
  recent: "Recent",
};

export const SORT_LABELS: Record<ContactSort, string> = {
  last_name: "Last name",
  first_name: "First name",
  name: "Full name",
  recent: "Recently accessed",
  favorite: "Favorites first",
  created: "Newest",
  updated: "Recently updated",
};

/** Readable names for the device phone types (spec section 3). */
export const PHONE_TYPE_LABELS: Record<PhoneType, string> = {
  mobile: "Mobile",
  home: "Home",
  work: "Work",
  other: "Other",
  custom: "Custom",
  fax_work: "Work fax",
  fax_home: "Home fax",
  pager: "Pager",
  callback: "Callback",
  car: "Car",
  company_main: "Company main",
  isdn: "ISDN",
  main: "Main",
  other_fax: "Other fax",
  radio: "Radio",
  telex: "Telex",
  tty_tdd: "TTY/TDD",
  work_mobile: "Work mobile",
  work_pager: "Work pager",
  assistant: "Assistant",
  mms: "MMS",
};

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

/** The unsearched "All Contacts" count is an exact counter; every other count is capped. */
export const isExactCount = (filter: ContactFilter, q: string) => filter === "all" && q === "";
