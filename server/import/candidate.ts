import type { PhoneType } from "../../shared/contact-schemas.js";

/**
 * What a row of a file (or a vCard, or a phone's contact) says about one person, before validation:
 * every field optional, as the other product wrote it.
 */
export interface ContactCandidate {
  first_name?: string;
  last_name?: string;
  /** A whole name, split on the first space when first and last are not given (spec section 5). */
  full_name?: string;
  company?: string;
  email?: string;
  /** Every number given, in the order to prefer them: the first two become phone and phone2. */
  phones: { value: string; type: PhoneType }[];
  address?: string;
  city?: string;
  province_state?: string;
  postal_zip_code?: string;
  notes?: string;
}

/** What a vCard carries beside its candidate, kept with the contact and written back unchanged. */
export interface CardExtras {
  /** The card's UID, so it keeps its identity in other address books. */
  uid: string | null;
  /** Property lines the app has no field for (birthday, photo, more numbers...), as written. */
  extraLines: string[];
}
