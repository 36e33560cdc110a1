import { Download, RefreshCw, Trash2, Upload, UserPlus } from "lucide-react";
import { ActionsSheet } from "@/components/actions-sheet";
import type { Command } from "@/components/commands";
import { Toolbar } from "@/components/toolbar";
import type { PanelCard } from "@/features/import-export/api";

export interface ContactCommands {
  refreshing: boolean;
  onRefresh: () => void;
  /** Undefined when the role may not see the trash (the entry is then hidden). */
  onShowDeleted?: (() => void) | undefined;
  /** Whether the role may export (shared/policy): without it there is no Export entry at all. */
  canExport: boolean;
  panelId: string;
  /** The card the import/export panel shows, if open. */
  panelCard: PanelCard | null;
  onTogglePanel: (card: PanelCard) => void;
  onAdd: () => void;
}

/** Desktop header buttons: Refresh, Deleted Contacts (admins), Import, Export (admins), Add Contact. */
// Import and Export each open their own card of the panel.
const panelCommand = (c: ContactCommands, card: PanelCard) => ({
  onSelect: () => c.onTogglePanel(card),
  controls: { id: c.panelId, expanded: c.panelCard === card },
});

export function ContactsToolbar(c: ContactCommands) {
  const commands: Command[] = [{ label: "Refresh", icon: RefreshCw, onSelect: c.onRefresh, busy: c.refreshing }];
  if (c.onShowDeleted) commands.push({ label: "Deleted Contacts", icon: Trash2, onSelect: c.onShowDeleted });
  commands.push({ label: "Import", icon: Upload, ...panelCommand(c, "import") });
  if (c.canExport) commands.push({ label: "Export", icon: Download, ...panelCommand(c, "export") });
  commands.push({ label: "Add Contact", icon: UserPlus, onSelect: c.onAdd, primary: true });
  return <Toolbar commands={commands} size="sm" />;
}

/** Phone counterpart of the toolbar: a bottom sheet titled 'Contact Actions' (adding has its floating button). */
export function ContactActionsSheet(c: ContactCommands) {
  const commands: Command[] = [{ label: "Import Contacts", icon: Upload, ...panelCommand(c, "import") }];
  if (c.canExport) commands.push({ label: "Export Contacts", icon: Download, ...panelCommand(c, "export") });
  commands.push({ label: "Refresh Contacts", icon: RefreshCw, onSelect: c.onRefresh, busy: c.refreshing });
  if (c.onShowDeleted) commands.push({ label: "Deleted Contacts", icon: Trash2, onSelect: c.onShowDeleted });
  return (
    <ActionsSheet
      triggerLabel="Contact actions"
      title="Contact Actions"
      description={
        c.canExport ? "Import, export and refresh this organization's contacts." : "Import and refresh this organization's contacts."
      }
      actions={commands}
    />
  );
}
