import { toast } from "@/lib/toast";
import { useTrashPurgeMutation, useTrashRestoreMutation } from "../api";
import { failureReason } from "../lib/contact-display";
import type { Contact } from "../types";

/** Restore and permanent delete from the trash, with the spec's toasts. */
export function useTrashActions(orgId: string) {
  const restore = useTrashRestoreMutation(orgId);
  const purge = useTrashPurgeMutation(orgId);

  function handleRestore(contact: Contact) {
    restore.mutate(contact.id, {
      onSuccess: () => toast.success("Contact restored successfully"),
      onError: (error) => toast.error(`Failed to restore contact: ${failureReason(error)}`),
    });
  }

  function handlePurge(contact: Contact) {
    purge.mutate(contact.id, {
      onSuccess: () => toast.success("Contact permanently deleted"),
      onError: (error) => toast.error(`Failed to permanently delete contact: ${failureReason(error)}`),
    });
  }

  const busyId = restore.isPending ? restore.variables : purge.isPending ? purge.variables : null;
  return { handleRestore, handlePurge, busyId: busyId ?? null };
}
