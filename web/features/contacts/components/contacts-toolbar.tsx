import { Download, RefreshCw, Trash2, Upload, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export interface ContactCommands {
  refreshing: boolean;
  onRefresh: () => void;
  /** Undefined when the role may not see the trash (the entry is then hidden). */
  onShowDeleted?: (() => void) | undefined;
  panelId: string;
  panelOpen: boolean;
  onTogglePanel: () => void;
  onAdd: () => void;
}

/** Desktop header buttons: Refresh, Deleted Contacts (admins), Import, Export, Add Contact. */
export function ContactsToolbar({ refreshing, onRefresh, onShowDeleted, panelId, panelOpen, onTogglePanel, onAdd }: ContactCommands) {
  return (
    <>
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw aria-hidden="true" className={cn(refreshing && "animate-spin")} />
        Refresh
      </Button>
      {onShowDeleted && (
        <Button variant="outline" onClick={onShowDeleted}>
          <Trash2 aria-hidden="true" />
          Deleted Contacts
        </Button>
      )}
      <Button variant="outline" aria-expanded={panelOpen} aria-controls={panelId} onClick={onTogglePanel}>
        <Upload aria-hidden="true" />
        Import
      </Button>
      <Button variant="outline" aria-expanded={panelOpen} aria-controls={panelId} onClick={onTogglePanel}>
        <Download aria-hidden="true" />
        Export
      </Button>
      <Button onClick={onAdd}>
        <UserPlus aria-hidden="true" />
        Add Contact
      </Button>
    </>
  );
}
