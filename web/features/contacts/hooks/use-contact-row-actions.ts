import { toast } from "@/lib/toast";
import { useContactAccessMutation, useContactFavoriteMutation } from "../api";
import type { Contact } from "../types";
import { isUnsaved } from "../lib/contact-cache";

export interface ContactRowActions {
  onToggleFavorite: (contact: Contact) => void;
  /** Records that the contact was opened (card expanded, row clicked); failures are ignored. */
  onOpened: (contact: Contact) => void;
  /** Opens the detail view (a row or a card's name); records the access too. */
  onOpenDetail: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

/** The favourite and access writes behind every card and row, with the spec's toasts. */
export function useContactRowWrites(orgId: string) {
  const favorite = useContactFavoriteMutation(orgId);
  const access = useContactAccessMutation(orgId);

  function onToggleFavorite(contact: Contact) {
    const is_favorite = !contact.is_favorite;
    favorite.mutate(
      { id: contact.id, is_favorite },
      {
        onSuccess: () => toast.success(is_favorite ? "Added to favorites" : "Removed from favorites"),
        onError: () => toast.error("Failed to update favorite status"),
      },
    );
  }

  function onOpened(contact: Contact) {
    // A row still waiting for its server id has nothing to record against.
    if (!isUnsaved(contact)) access.mutate(contact.id);
  }

  return { onToggleFavorite, onOpened };
}
