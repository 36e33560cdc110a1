import { LoaderCircle, Search } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { addGroupMembersSchema } from "@shared/group-schemas";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useGroupCandidatesQuery, useGroupMembersAddMutation } from "../api";
import { useContactSelection } from "../hooks/use-contact-selection";
import type { Group } from "../types";
import { CandidateList } from "./candidate-list";

const SEARCH_DEBOUNCE_MS = 250;

interface AddMembersDialogProps {
  orgId: string;
  group: Group;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Add Members to {group}': search the contacts not yet in the group, tick some, add them in one go. */
export function AddMembersDialog({ orgId, group, open, onOpenChange }: AddMembersDialogProps) {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const candidates = useGroupCandidatesQuery(orgId, group.id, q);
  const selection = useContactSelection();
  const addMembers = useGroupMembersAddMutation(orgId);
  const adding = addMembers.isPending;
  const count = selection.ids.length;

  function handleAdd() {
    // Spec section 5: at least one contact (the button is disabled at 0); the API takes 500 at a time.
    const parsed = addGroupMembersSchema.safeParse({ contact_ids: selection.ids });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? "Failed to add members to group");
      return;
    }
    addMembers.mutate(
      { groupId: group.id, contactIds: parsed.data.contact_ids },
      {
        // The dialog stays open: more can be found and added; those added leave the list.
        onSuccess: ({ added }) => {
          toast.success(`Added ${added} contacts to the group`);
          selection.clear();
        },
        onError: (error) => toast.error("Failed to add members to group", { description: error.message }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !adding) && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle className="break-words">Add Members to {group.name}</DialogTitle>
          <DialogDescription>Select the contacts to add. Contacts already in the group are not listed.</DialogDescription>
        </DialogHeader>
        <div role="search" className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search contacts"
            placeholder="Search contacts..."
            autoComplete="off"
            maxLength={200}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        {/* A fixed height, so the dialog does not jump while the user types a search. */}
        <div className="flex h-[min(45dvh,24rem)] min-h-0 flex-col">
          <CandidateList candidates={candidates} q={q} disabled={adding} isSelected={selection.isSelected} onToggle={selection.toggle} />
        </div>
        <DialogFooter className="sm:items-center">
          <p aria-live="polite" className="text-sm text-muted-foreground empty:hidden max-sm:order-last max-sm:text-center sm:mr-auto">
            {count > 0 ? `${count} selected` : ""}
          </p>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={adding}>
            Done
          </Button>
          <Button onClick={handleAdd} disabled={count === 0 || adding}>
            {adding && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {count === 0 ? "Add contacts" : `Add ${count} ${count === 1 ? "contact" : "contacts"}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
