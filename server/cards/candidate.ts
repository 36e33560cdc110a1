import type { ListKey, SingleKey } from "../../shared/contact-model/fields.js";
import type { ContactKind, EntryOf } from "../../shared/contact-model/types.js";

/** One list entry as a source wrote it: parts as text (absent or '' when empty), a type of the list's, a label. */
export type CandidateEntry<K extends ListKey> = Partial<EntryOf<K>>;

/** What a source carried that fits no field and was not kept (the summary and preview count it). */
export interface LeftOut {
  /** The CSV column's header or the vCard property's name. */
  source: string;
  /** How many values of it were left out. */
  values: number;
}

/**
 * What a row of a file (or a vCard, or a phone's contact) says about one person, before validation:
 * every field optional, as the other product wrote it. The lists hold every entry in the order to
 * prefer them: the first phone, e-mail and address are what the spec's fields show.
 */
export interface ContactCandidate {
  kind?: ContactKind;
  /** A whole name, split on the first space when first and last are not given (spec section 5). */
  full_name?: string;
  singles: Partial<Record<SingleKey, string>>;
  lists: { [K in ListKey]: CandidateEntry<K>[] };
  /** An embedded picture (vCard PHOTO), as decoded bytes; the server resizes it. */
  photo?: { bytes: Uint8Array; mediaType: string };
  /** Group names (vCard CATEGORIES, Outlook 'Categories', Google 'Labels'): groups when the person asks. */
  categories: string[];
  /** Values no field took and no custom field keeps (the person chose to leave them out, or past a limit). */
  leftOut: LeftOut[];
}

/** An empty candidate to fill. */
export const emptyCandidate = (): ContactCandidate => ({
  singles: {},
  lists: { phones: [], emails: [], addresses: [], urls: [], dates: [], custom_fields: [] },
  categories: [],
  leftOut: [],
});

/** What a vCard carries beside its candidate, kept with the contact and written back unchanged. */
export interface CardExtras {
  /** The card's UID, so it keeps its identity in other address books. */
  uid: string | null;
  /** Property lines the app has no field for (IMPP, X-SOCIALPROFILE...), as written. */
  extraLines: string[];
}
