export type { Contact, Page } from "@/features/contacts/types";

/** A group as the API returns it (spec section 3; times are ISO strings). */
export interface Group {
  id: string;
  name: string;
  description: string | null;
  organization_id: string;
  created_at: string;
  updated_at: string;
}

/** One row of the member view: a contact linked to the group. */
export interface GroupMember {
  id: string;
  contact_id: string;
  contact_name: string;
  contact_phone: string | null;
  contact_email: string | null;
  contact_notes: string | null;
  organization_id: string;
  added_at: string;
}

export interface GroupInput {
  name: string;
  description: string | null;
}
