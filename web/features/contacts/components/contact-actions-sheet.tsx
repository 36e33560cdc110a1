import { Download, EllipsisVertical, RefreshCw, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import type { ContactCommands } from "./contacts-toolbar";

/** Phone counterpart of the toolbar: a bottom sheet titled 'Contact Actions'. */
export function ContactActionsSheet({ refreshing, onRefresh, onShowDeleted, panelId, panelOpen, onTogglePanel }: ContactCommands) {
  const [open, setOpen] = useState(false);
  // Close the sheet first so whatever follows (panel, dialog) gets the focus.
  const run = (command: () => void) => () => {
    setOpen(false);
    command();
  };

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" aria-label="Contact actions">
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="bottom">
        <SheetHeader>
          <SheetTitle>Contact Actions</SheetTitle>
          <SheetDescription>Import, export and refresh this organization's contacts.</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-2 px-4 pb-6">
          <Button variant="outline" className="justify-start" aria-expanded={panelOpen} aria-controls={panelId} onClick={run(onTogglePanel)}>
            <Upload aria-hidden="true" />
            Import Contacts
          </Button>
          <Button variant="outline" className="justify-start" aria-expanded={panelOpen} aria-controls={panelId} onClick={run(onTogglePanel)}>
            <Download aria-hidden="true" />
            Export Contacts
          </Button>
          <Button variant="outline" className="justify-start" onClick={run(onRefresh)} disabled={refreshing}>
            <RefreshCw aria-hidden="true" />
            Refresh Contacts
          </Button>
          {onShowDeleted && (
            <Button variant="outline" className="justify-start" onClick={run(onShowDeleted)}>
              <Trash2 aria-hidden="true" />
              Deleted Contacts
            </Button>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
