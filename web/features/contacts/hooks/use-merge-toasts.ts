import { toast } from "@/lib/toast";
import { failureReason, contactName } from "../lib/contact-display";
import { useMergeUndoMutation } from "../merge-api";
import type { MergeResult } from "../components/merge-contacts-dialog";

/** How long the Undo of a merge is offered on screen (the server keeps it possible until something changes). */
const UNDO_TOAST_MS = 15_000;

/** 'Merged into <name>' with its Undo, and what the undo answers. */
export function useMergeToasts(orgId: string) {
  const undo = useMergeUndoMutation(orgId);
  return {
    merged(result: MergeResult) {
      toast.success(`Merged into ${contactName(result.contact)}`, {
        id: `merge-${result.mergeId}`,
        duration: UNDO_TOAST_MS,
        action: {
          label: "Undo",
          onClick: () =>
            undo.mutate(result.mergeId, {
              onSuccess: () => toast.success("Merge undone"),
              onError: (error) => toast.error(`Failed to undo the merge: ${failureReason(error)}`),
            }),
        },
      });
    },
  };
}
