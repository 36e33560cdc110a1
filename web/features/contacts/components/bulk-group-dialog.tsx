import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ContactGroupSelect } from "./contact-group-select";

interface BulkGroupDialogProps {
  orgId: string;
  mode: "add" | "remove";
  /** 'these 3 contacts', 'all 2,300 matching contacts'. */
  what: string;
  /** The group chosen at first (the list's own group, for a removal). */
  initialGroup: string;
  busy: boolean;
  onConfirm: (groupId: string) => void;
  onOpenChange: (open: boolean) => void;
}

const TITLES = { add: "Add to group", remove: "Remove from group" } as const;

/** Picks the group a bulk 'Add to group' or 'Remove from group' applies to. */
export function BulkGroupDialog({ orgId, mode, what, initialGroup, busy, onConfirm, onOpenChange }: BulkGroupDialogProps) {
  const [group, setGroup] = useState(initialGroup);
  return (
    <Dialog open onOpenChange={(open) => (open || !busy) && onOpenChange(open)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{TITLES[mode]}</DialogTitle>
          <DialogDescription>
            {mode === "add" ? `Add ${what} to a group.` : `Remove ${what} from a group; the contacts stay in your contact book.`}
          </DialogDescription>
        </DialogHeader>
        <ContactGroupSelect orgId={orgId} value={group} onChange={setGroup} allLabel="Choose a group" />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => onConfirm(group)} disabled={!group || busy}>
            {TITLES[mode]}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
