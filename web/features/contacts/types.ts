import type { ContactFilter, ContactSort } from "@shared/contact-fields";
import type { Answer, client } from "@/api";

type ContactRoutes = (typeof client.orgs)[":orgId"]["contacts"];

export type ContactsPage = Answer<ContactRoutes["$get"]>;
/** A contact as the API returns it (shared/contact-schemas.ts presents it). */
export type Contact = ContactsPage["items"][number];
export type ContactCounts = Answer<ContactRoutes["counts"]["$get"]>;
export type DuplicateGroup = Answer<ContactRoutes["duplicates"]["$get"]>["items"][number];

export interface ContactListParams {
  /** Trimmed search text; "" for none. */
  q: string;
  filter: ContactFilter;
  sort: ContactSort;
  /** Only this group's members (its id); absent or "" for every contact. */
  group?: string;
}
