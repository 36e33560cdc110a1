import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { isApiError } from "@/api";
import { useMeQuery } from "@/features/auth/api";
import { reloadContact, useContactCreateMutation, useContactUpdateMutation } from "../api";
import { failureReason } from "../lib/contact-display";
import { changedFields, type ContactFormOutput, type ContactFormValues } from "../lib/contact-form-values";
import type { Contact } from "../types";

export type SaveOutcome = { kind: "saved" } | { kind: "conflict"; fresh: Contact | null } | { kind: "failed" };

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
  ): Promise<SaveOutcome> {
    if (!me.data) {
      toast.error("You must be logged in to create contacts");
      return { kind: "failed" };
    }
    if (!orgId) {
      toast.error("Please select an organization first");
      return { kind: "failed" };
    }
    if (!base) {
      try {
        const result = await create.mutateAsync(values);
        if (result.merged) {
          toast.success(`Contact merged with existing record (Updated: ${result.changes.join(", ") || "none"})`);
        } else toast.success("Contact created successfully");
        return { kind: "saved" };
      } catch (error) {
        toast.error("Failed to save contact", { description: failureReason(error) });
        return { kind: "failed" };
      }
    }
    const changes = changedFields(values, dirty);
    if (Object.keys(changes).length === 0) return { kind: "saved" };
    try {
      await update.mutateAsync({ contact: base, changes });
      toast.success("Contact updated successfully");
      return { kind: "saved" };
    } catch (error) {
      const fresh = await reloadContact(queryClient, orgId, base.id);
      if (isApiError(error) && error.code === "VERSION_CONFLICT") {
        toast.error(error.message);
        return { kind: "conflict", fresh };
      }
      toast.error("Failed to save contact", { description: failureReason(error) });
      return { kind: "failed" };
    }
  }

  return { save, saving: create.isPending || update.isPending };
}
