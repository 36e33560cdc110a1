import { SearchX, UserPlus, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ContactListParams } from "../types";
import type { ContactView } from "../lib/list-view";

interface ContactsEmptyStateProps {
  params: ContactListParams;
  view: ContactView;
  onAdd: () => void;
}

/** Spec section 2's empty states: empty book, search without results, filter without results. */
export function ContactsEmptyState({ params, view, onAdd }: ContactsEmptyStateProps) {
  const narrowed = params.q !== "" || params.filter !== "all" || Boolean(params.group);
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
      {narrowed ? (
        <>
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">{params.q !== "" ? "No contacts match your search" : "No contacts match the current filter"}</p>
        </>
      ) : (
        <>
          <Users aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">No contacts found</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {view === "cards"
              ? "Add your first contact to get started"
              : "Get started by adding your first contact or try adjusting your search filters."}
          </p>
          <Button onClick={onAdd}>
            <UserPlus aria-hidden="true" />
            Add Contact
          </Button>
        </>
      )}
    </div>
  );
}
