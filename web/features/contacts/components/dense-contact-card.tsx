import { ChevronDown, Phone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { ContactRowActions } from "../hooks/use-contact-row-actions";
import { contactName } from "../lib/contact-display";
import type { Contact } from "../types";
import { BirthdayBadge } from "./birthday-badge";
import { ContactAvatar } from "./contact-avatar";
import { ContactCardDetails } from "./contact-card-details";
import { ContactCardMenu } from "./contact-card-menu";
import { type CardPhone, ContactReachList } from "./contact-reach-list";
import { FavoriteButton } from "./favorite-button";
import { contactPhone, dialableNumber, shownNumber } from "./phone-links";
import { isUnsaved } from "../lib/contact-cache";

interface DenseContactCardProps {
  contact: Contact;
  expanded: boolean;
  onToggleExpanded: (contact: Contact) => void;
  actions: ContactRowActions;
  position: number;
  setSize: number;
  phones: CardPhone[];
  nameId: string;
  detailsId: string;
  showBirthday: boolean;
}

/**
 * A contact on a phone: two lines (name; company and primary phone) beside a tap-to-call, the star and
 * the menu, about 58 px tall so eight or more fit on a 390 x 844 screen; it expands for the rest.
 */
export function DenseContactCard(props: DenseContactCardProps) {
  const { contact, expanded, onToggleExpanded, actions, position, setSize, phones, nameId, detailsId, showBirthday } = props;
  const name = contactName(contact);
  const phone = contactPhone(contact);
  const dialable = dialableNumber(phone);
  // The number first: a long company name is what gets truncated.
  const secondLine = [phone ? shownNumber(phone) : null, contact.first_name ? contact.company : null].filter(Boolean).join(" · ");

  return (
    <article
      aria-labelledby={nameId}
      aria-posinset={position}
      aria-setsize={setSize}
      className={cn("rounded-lg border bg-card px-3 py-2 shadow-xs", isUnsaved(contact) && "opacity-70")}
    >
      <div className="flex items-center gap-1">
        <ContactAvatar contact={contact} className="mr-1 size-8" />
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 id={nameId} className="truncate text-sm font-medium">
            <button type="button" className="max-w-full truncate text-left" onClick={() => actions.onOpenDetail(contact)}>
              {name}
            </button>
          </h3>
          {secondLine && <p className="truncate text-xs text-muted-foreground">{secondLine}</p>}
        </div>
        {showBirthday && <BirthdayBadge birthday={contact.birthday} />}
        {dialable && (
          <Button asChild variant="ghost" size="icon" className="size-9 shrink-0 text-primary">
            <a href={`tel:${dialable}`} aria-label={`Call ${phone ? shownNumber(phone) : ""}`}>
              <Phone aria-hidden="true" />
            </a>
          </Button>
        )}
        <FavoriteButton contact={contact} onToggle={actions.onToggleFavorite} />
        <ContactCardMenu contact={contact} onEdit={actions.onEdit} onDelete={actions.onDelete} />
        <Button
          variant="ghost"
          size="icon"
          className="size-9 shrink-0 text-muted-foreground"
          aria-label="More details"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => onToggleExpanded(contact)}
        >
          <ChevronDown aria-hidden="true" className={cn("transition-transform", expanded && "rotate-180")} />
        </Button>
      </div>
      <div id={detailsId} hidden={!expanded} className="mt-2 border-t pt-2">
        <ContactReachList contact={contact} phones={phones} />
        <ContactCardDetails id={`${detailsId}-more`} contact={contact} hidden={false} />
      </div>
    </article>
  );
}
