import type { z } from "zod";
import { type ContactFields, contactFieldsSchema, EDITABLE_FIELDS } from "@shared/contact-schemas";
import type { Contact } from "../types";

export type ContactFormValues = z.input<typeof contactFieldsSchema>;
export type ContactFormOutput = z.output<typeof contactFieldsSchema>;
export const contactFormSchema = contactFieldsSchema;

/** The form's starting values: the contact's, or empty with the default phone types. */
export function formValuesFrom(contact: Contact | null): ContactFormValues {
  return {
    first_name: contact?.first_name ?? "",
    last_name: contact?.last_name ?? "",
    company: contact?.company ?? "",
    email: contact?.email ?? "",
    phone: contact?.phone ?? "",
    phone_type: contact?.phone_type ?? "mobile",
    phone2: contact?.phone2 ?? "",
    phone2_type: contact?.phone2_type ?? "home",
    address: contact?.address ?? "",
    city: contact?.city ?? "",
    province_state: contact?.province_state ?? "",
    postal_zip_code: contact?.postal_zip_code ?? "",
    notes: contact?.notes ?? "",
    is_favorite: contact?.is_favorite ?? false,
  };
}

/** Only the fields the user touched go into the PATCH, so a concurrent edit of another field is kept. */
export function changedFields(output: ContactFormOutput, dirty: Partial<Record<keyof ContactFormValues, unknown>>) {
  const changes: Partial<ContactFields> = {};
  for (const key of EDITABLE_FIELDS) {
    if (dirty[key]) (changes as Record<string, unknown>)[key] = output[key] ?? null;
  }
  return changes;
}
