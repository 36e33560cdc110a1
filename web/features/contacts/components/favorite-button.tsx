import { Star } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useOnline } from "@/hooks/use-online";
import { cn } from "@/lib/utils";
import type { Contact } from "../types";
import { isUnsaved } from "../lib/contact-cache";

interface FavoriteButtonProps {
  contact: Contact;
  onToggle: (contact: Contact) => void;
  className?: string;
}

/** The favourite star; its name says what a press does ('Add to favorites' / 'Remove from favorites'). */
export function FavoriteButton({ contact, onToggle, className }: FavoriteButtonProps) {
  const favorite = contact.is_favorite;
  const online = useOnline();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("size-8", className)}
      aria-label={favorite ? "Remove from favorites" : "Add to favorites"}
      data-skip-access=""
      disabled={isUnsaved(contact) || !online}
      onClick={() => onToggle(contact)}
    >
      <Star aria-hidden="true" className={cn(favorite ? "fill-amber-400 text-amber-500" : "text-muted-foreground")} />
    </Button>
  );
}
