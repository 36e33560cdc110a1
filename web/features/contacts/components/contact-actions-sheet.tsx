import { Download, RefreshCw, Trash2, Upload } from "lucide-react";
import { ActionsSheet, type SheetAction } from "@/components/actions-sheet";
import type { ContactCommands } from "./contacts-toolbar";

/** Phone counterpart of the toolbar: a bottom sheet titled 'Contact Actions'. */
export function ContactActionsSheet({ refreshing, onRefresh, onShowDeleted, panelId, panelOpen, onTogglePanel }: ContactCommands) {
  const panel = { "aria-expanded": panelOpen, "aria-controls": panelId, onSelect: onTogglePanel };
  const actions: SheetAction[] = [
    { label: "Import Contacts", icon: Upload, ...panel },
    { label: "Export Contacts", icon: Download, ...panel },
    { label: "Refresh Contacts", icon: RefreshCw, onSelect: onRefresh, disabled: refreshing },
  ];
  if (onShowDeleted) actions.push({ label: "Deleted Contacts", icon: Trash2, onSelect: onShowDeleted });
  return (
    <ActionsSheet
      triggerLabel="Contact actions"
      title="Contact Actions"
      description="Import, export and refresh this organization's contacts."
      actions={actions}
    />
  );
}
