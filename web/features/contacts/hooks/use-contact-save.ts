import { NO_ORGANIZATION } from "@/components/no-organization-alert";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { isApiError } from "@/api";
import { useMeQuery } from "@/features/auth/api";
import type { DuplicateChoice, PhoneMatch } from "@shared/contact-fields";
import { duplicateMatchOf, reloadContact, useContactCreateMutation, useContactUpdateMutation } from "../api";
import { failureReason } from "../lib/contact-display";
import { changedFields, type ContactFormOutput, type ContactFormValues } from "../lib/contact-form-values";
import type { Contact } from "../types";

export type SaveOutcome =
  { kind: "saved" } | { kind: "conflict"; fresh: Contact | null } | { kind: "duplicate"; match: PhoneMatch } | { kind: "failed" };

const FIELD_LABELS: Record<string, string> = {
  first_name: "first name",
  last_name: "last name",
  company: "company",
  email: "email",
  phone2: "secondary phone",
  address: "address",
  city: "city",
  province_state: "province/state",
  postal_zip_code: "postal/zip code",
  notes: "notes",
};
/** One id for the save failure, so a successful retry takes the old error away. */
const SAVE_FAILED_TOAST = "contact-save-failed";
const labels = (fields: string[]) => fields.map((f) => FIELD_LABELS[f] ?? f).join(", ");

/** Create-or-merge or versioned edit, with the spec's toasts; tells the form whether to close. */
export function useContactSave(orgId: string | null) {
  const queryClient = useQueryClient();
  const me = useMeQuery();
  const create = useContactCreateMutation(orgId ?? "");
  const update = useContactUpdateMutation(orgId ?? "");

  async function save(
    base: Contact | null,
    values: ContactFormOutput,
    dirty: Partial<Record<keyof ContactFormValues, unknown>>,
    onDuplicate: DuplicateChoice = "ask",
  ): Promise<SaveOutcome> {
    if (!me.data) {
      toast.error("You must be logged in to create contacts");
      return { kind: "failed" };
    }
    if (!orgId) {
      toast.error(NO_ORGANIZATION);
      return { kind: "failed" };
    }
    if (!base) {
      try {
        const result = await create.mutateAsync({ fields: values, onDuplicate });
        if (result.merged) {
          // Name what was kept from the existing record, so nothing typed disappears unannounced.
          const kept = result.not_applied.length ? `Kept the existing ${labels(result.not_applied)}.` : undefined;
          toast.success(`Contact merged with existing record (Updated: ${result.changes.join(", ") || "none"})`, { description: kept });
        } else toast.success("Contact created successfully");
        toast.dismiss(SAVE_FAILED_TOAST);
        return { kind: "saved" };
      } catch (error) {
        const match = duplicateMatchOf(error);
        if (match) return { kind: "duplicate", match };
        toast.error("Failed to save contact", { id: SAVE_FAILED_TOAST, description: failureReason(error) });
        return { kind: "failed" };
      }
    }
    const changes = changedFields(values, dirty);
    if (Object.keys(changes).length === 0) return { kind: "saved" };
    try {
      await update.mutateAsync({ contact: base, changes });
      toast.success("Contact updated successfully");
      toast.dismiss(SAVE_FAILED_TOAST);
      return { kind: "saved" };
    } catch (error) {
      const fresh = await reloadContact(queryClient, orgId, base.id);
      if (isApiError(error) && error.code === "VERSION_CONFLICT") {
        toast.error(error.message);
        return { kind: "conflict", fresh };
      }
      toast.error("Failed to save contact", { id: SAVE_FAILED_TOAST, description: failureReason(error) });
      return { kind: "failed" };
    }
  }

  return { save, saving: create.isPending || update.isPending };
}
