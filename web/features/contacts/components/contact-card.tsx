import { ChevronDown, Mail, Phone } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { ContactRowActions } from "../hooks/use-contact-row-actions";
import { contactName, PHONE_TYPE_LABELS } from "../lib/contact-display";
import type { Contact } from "../types";
import { ContactCardDetails } from "./contact-card-details";
import { ContactCardMenu } from "./contact-card-menu";
import { FavoriteButton } from "./favorite-button";
import { PhoneNumber, SmsLink } from "./phone-links";

interface ContactCardProps {
  contact: Contact;
  expanded: boolean;
  onToggleExpanded: (contact: Contact) => void;
  actions: ContactRowActions;
  /** Position in the list and the list's size (-1 when unknown), for the feed's assistive-technology hints. */
  position: number;
  setSize: number;
}

/** One contact in the card view: name, company, phones with SMS, e-mail, star, menu and 'More details'. */
export function ContactCard({ contact, expanded, onToggleExpanded, actions, position, setSize }: ContactCardProps) {
  const nameId = useId();
  const detailsId = useId();
  const name = contactName(contact);
  const showCompany = contact.company && contact.first_name;
  const phones = [
    { value: contact.phone, type: contact.phone_type },
    { value: contact.phone2, type: contact.phone2_type },
  ].filter((phone): phone is { value: string; type: Contact["phone_type"] } => Boolean(phone.value));

  return (
    <article
      aria-labelledby={nameId}
      aria-posinset={position}
      aria-setsize={setSize}
      className={cn("rounded-lg border bg-card p-4 shadow-xs", contact.id.startsWith("temp-") && "opacity-70")}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h3 id={nameId} className="truncate font-medium">
            {name}
          </h3>
          {showCompany && <p className="truncate text-sm text-muted-foreground">{contact.company}</p>}
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0 items-center">
          <FavoriteButton contact={contact} onToggle={actions.onToggleFavorite} />
          <ContactCardMenu contact={contact} onEdit={actions.onEdit} onDelete={actions.onDelete} />
        </div>
      </div>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {phones.map((phone, index) => (
          <li key={index} className="flex min-w-0 items-center gap-2">
            <Phone aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            <PhoneNumber phone={phone.value} className="truncate" />
            <Badge variant="outline" className="font-normal">
              {PHONE_TYPE_LABELS[phone.type] ?? phone.type}
            </Badge>
            <SmsLink phone={phone.value} iconOnly />
          </li>
        ))}
        {contact.email && (
          <li className="flex min-w-0 items-center gap-2">
            <Mail aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            <a href={`mailto:${contact.email}`} className="truncate hover:underline">
              {contact.email}
            </a>
          </li>
        )}
      </ul>
      <Button
        variant="ghost"
        size="sm"
        className="mt-1 -ml-2 text-muted-foreground"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => onToggleExpanded(contact)}
      >
        More details
        <ChevronDown aria-hidden="true" className={cn("transition-transform", expanded && "rotate-180")} />
      </Button>
      <ContactCardDetails id={detailsId} contact={contact} hidden={!expanded} />
    </article>
  );
}
