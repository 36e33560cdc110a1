import { useState } from "react";
import type { ContactBulkRequest } from "@shared/contact-schemas";
import { exportUrl } from "@shared/export";
import { toast } from "@/lib/toast";
import { contactScope, downloadSelection, useContactBulkMutation, useContactBulkRestoreMutation } from "../api";
import { failureReason } from "../lib/contact-display";
import type { ContactListParams } from "../types";
import type { ListSelection } from "./use-list-selection";

/** How long the Undo of a bulk move to the trash is offered (the server allows the mover ten minutes). */
const UNDO_TOAST_MS = 10_000;

const contacts = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "contact" : "contacts"}`;

/** The group dialog of 'Add to group' / 'Remove from group', while open. */
export type GroupChoice = { mode: "add" | "remove" } | null;

/**
 * The selection bar's actions: the ticked ids, or for 'all N matching' the list's scope, sent to the
 * server in one request each; toasts with the counts it answers, and an Undo for the trash.
 */
export function useBulkActions(orgId: string, params: ContactListParams, selection: ListSelection) {
  const bulk = useContactBulkMutation(orgId);
  const restore = useContactBulkRestoreMutation(orgId);
  const [groupChoice, setGroupChoice] = useState<GroupChoice>(null);
  const [exporting, setExporting] = useState(false);
  const chosen = selection.allMatching ? { matching: contactScope(params) } : { ids: [...selection.ids] };

  function run(input: ContactBulkRequest, done: (result: { matched: number; changed: number; deleted_at?: string }) => void) {
    bulk.mutate(input, {
      onSuccess: (result) => {
        setGroupChoice(null);
        selection.clear();
        done(result);
      },
      onError: (error) => toast.error(`Failed to update the selected contacts: ${failureReason(error)}`),
    });
  }

  function onGroup(groupId: string) {
    if (!groupChoice) return;
    const action = groupChoice.mode === "add" ? "group_add" : "group_remove";
    run({ action, group_id: groupId, selection: chosen }, ({ changed }) =>
      toast.success(action === "group_add" ? `Added ${changed} contacts to the group` : `Removed ${contacts(changed)} from the group`),
    );
  }

  /** Moves the selection to the trash; `moved` is told on success (the confirmation closes). */
  function onTrash(moved?: () => void) {
    run({ action: "trash", selection: chosen }, ({ changed, deleted_at }) => {
      moved?.();
      toast.success(`${contacts(changed)} moved to trash`, {
        duration: UNDO_TOAST_MS,
        action: deleted_at
          ? {
              label: "Undo",
              onClick: () =>
                restore.mutate(deleted_at, {
                  onSuccess: (restored) => toast.success(`${contacts(restored.changed)} restored`),
                  onError: (error) => toast.error(`Failed to restore contacts: ${failureReason(error)}`),
                }),
            }
          : undefined,
      });
    });
  }

  async function onExport() {
    // 'All matching' streams by the list's scope, as the export card does; ticked rows go by id.
    if (selection.allMatching) {
      const scope = contactScope(params);
      window.location.assign(
        exportUrl(orgId, { q: scope.q, filter: scope.filter === "all" ? undefined : scope.filter, group: scope.group }),
      );
      return;
    }
    setExporting(true);
    try {
      await downloadSelection(orgId, [...selection.ids]);
      toast.success(`Exported ${contacts(selection.ids.size)}`);
    } catch (error) {
      toast.error(`Failed to export contacts: ${failureReason(error)}`);
    } finally {
      setExporting(false);
    }
  }

  return {
    busy: bulk.isPending || exporting,
    groupChoice,
    setGroupChoice,
    onGroup,
    onTrash,
    onFavorite: () =>
      run({ action: "favorite", selection: chosen }, ({ changed }) => toast.success(`${contacts(changed)} added to favorites`)),
    onExport,
  };
}
