import { Pencil, Trash2 } from "lucide-react";
import type { MouseEvent, Ref } from "react";
import { Button } from "@/components/ui/button";
import { useOnline } from "@/hooks/use-online";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/utils";
import type { ContactRowActions } from "../hooks/use-contact-row-actions";
import type { Contact } from "../types";
import { BirthdayBadge } from "./birthday-badge";
import { ContactAvatar } from "./contact-avatar";
import { FavoriteButton } from "./favorite-button";
import { PhoneNumber, SmsLink, contactPhone } from "./phone-links";
import { isUnsaved } from "../lib/contact-cache";
import { contactName } from "../lib/contact-display";

interface ContactTableRowProps {
  contact: Contact;
  index: number;
  rowRef: Ref<HTMLTableRowElement>;
  actions: ContactRowActions;
  showBirthday: boolean;
  selected: boolean;
  /** Ticks or unticks the row (with shift: the range from the last row clicked). */
  onSelect: (index: number, shift: boolean) => void;
}

/** One table row; a click on it (outside the star, links and actions) opens the contact's detail view. */
export function ContactTableRow({ contact, index, rowRef, actions, showBirthday, selected, onSelect }: ContactTableRowProps) {
  const pending = isUnsaved(contact);
  const phone = contactPhone(contact);
  // Edit and Delete need the server (offline the list is browsed from the saved copy).
  const offline = !useOnline();

  function handleClick(event: MouseEvent<HTMLTableRowElement>) {
    if ((event.target as HTMLElement).closest("[data-skip-access]")) return;
    if (!pending) actions.onOpenDetail(contact);
  }

  return (
    <tr
      ref={rowRef}
      data-index={index}
      aria-rowindex={index + 2}
      onClick={handleClick}
      className={cn("cursor-pointer border-b transition-colors hover:bg-muted/50", selected && "bg-muted/60", pending && "opacity-70")}
    >
      <td className="py-2 pr-0 pl-3" data-skip-access="">
        <Checkbox
          aria-label={`Select ${contactName(contact)}`}
          checked={selected}
          disabled={pending}
          // The click (not the change) carries shift, for a range.
          onClick={(event) => {
            event.preventDefault();
            onSelect(index, event.shiftKey);
          }}
        />
      </td>
      <td className="py-2 pl-2">
        <FavoriteButton contact={contact} onToggle={actions.onToggleFavorite} />
      </td>
      <td className="px-3 py-2 font-medium">
        <div className="flex min-w-0 items-center gap-2">
          <ContactAvatar contact={contact} className="size-8" />
          <div className="flex min-w-0 flex-col items-start gap-0.5">
            <button
              type="button"
              className="max-w-full truncate text-left hover:underline"
              onClick={() => !pending && actions.onOpenDetail(contact)}
              data-skip-access=""
            >
              {contact.first_name || (contact.company && !contact.last_name ? contact.company : null)}
            </button>
            {showBirthday && <BirthdayBadge birthday={contact.birthday} />}
          </div>
        </div>
      </td>
      <td className="truncate px-3 py-2" title={contact.last_name ?? undefined}>
        {contact.last_name}
      </td>
      <td className="hidden truncate px-3 py-2 xl:table-cell" title={contact.company ?? undefined}>
        {contact.company}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <div className="flex flex-col gap-0.5">
          {phone && <PhoneNumber phone={phone} />}
          <SmsLink phone={phone} />
        </div>
      </td>
      <td className="hidden truncate px-3 py-2 sm:table-cell" title={contact.email ?? undefined}>
        {contact.email && (
          <a href={`mailto:${contact.email}`} className="hover:underline" data-skip-access="">
            {contact.email}
          </a>
        )}
      </td>
      <td className="hidden truncate px-3 py-2 2xl:table-cell" title={contact.notes ?? undefined}>
        {contact.notes}
      </td>
      <td className="px-2 py-2">
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Edit contact"
            data-skip-access=""
            disabled={pending || offline}
            onClick={() => actions.onEdit(contact)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive hover:text-destructive"
            aria-label="Delete contact"
            data-skip-access=""
            disabled={pending || offline}
            onClick={() => actions.onDelete(contact)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </td>
    </tr>
  );
}
