import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { useMediaQuery } from "@/hooks/use-media-query";
import { cn } from "@/lib/utils";
import type { ContactRowActions } from "../hooks/use-contact-row-actions";
import { contactName } from "../lib/contact-display";
import type { Contact } from "../types";
import { BirthdayBadge } from "./birthday-badge";
import { ContactAvatar } from "./contact-avatar";
import { ContactCardDetails } from "./contact-card-details";
import { ContactCardMenu } from "./contact-card-menu";
import { type CardPhone, ContactReachList } from "./contact-reach-list";
import { contactPhone } from "./phone-links";
import { DenseContactCard } from "./dense-contact-card";
import { FavoriteButton } from "./favorite-button";
import { isUnsaved } from "../lib/contact-cache";

interface ContactCardProps {
  contact: Contact;
  expanded: boolean;
  onToggleExpanded: (contact: Contact) => void;
  actions: ContactRowActions;
  /** Position in the list and the list's size (-1 when unknown), for the feed's assistive-technology hints. */
  position: number;
  setSize: number;
  /** The birthdays list shows the day on the card. */
  showBirthday: boolean;
}

/** One contact in the card view: name, company, phones with SMS, e-mail, star, menu and 'More details'. */
export function ContactCard({ contact, expanded, onToggleExpanded, actions, position, setSize, showBirthday }: ContactCardProps) {
  const nameId = useId();
  const detailsId = useId();
  const dense = !useMediaQuery("(min-width: 640px)");
  const name = contactName(contact);
  const showCompany = contact.company && contact.first_name;
  const phones = (["phone", "phone2"] as const).flatMap((which): CardPhone[] => {
    const phone = contactPhone(contact, which);
    return phone ? [{ ...phone, type: which === "phone" ? contact.phone_type : contact.phone2_type }] : [];
  });

  if (dense) {
    return (
      <DenseContactCard
        contact={contact}
        expanded={expanded}
        onToggleExpanded={onToggleExpanded}
        actions={actions}
        position={position}
        setSize={setSize}
        phones={phones}
        nameId={nameId}
        detailsId={detailsId}
        showBirthday={showBirthday}
      />
    );
  }

  return (
    <article
      aria-labelledby={nameId}
      aria-posinset={position}
      aria-setsize={setSize}
      className={cn("rounded-lg border bg-card p-4 shadow-xs", isUnsaved(contact) && "opacity-70")}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          <ContactAvatar contact={contact} className="size-10" />
          <div className="flex min-w-0 flex-col">
            <h3 id={nameId} className="truncate font-medium">
              <button type="button" className="max-w-full truncate text-left hover:underline" onClick={() => actions.onOpenDetail(contact)}>
                {name}
              </button>
            </h3>
            {showCompany && <p className="truncate text-sm text-muted-foreground">{contact.company}</p>}
          </div>
          {showBirthday && <BirthdayBadge birthday={contact.birthday} />}
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0 items-center">
          <FavoriteButton contact={contact} onToggle={actions.onToggleFavorite} />
          <ContactCardMenu contact={contact} onEdit={actions.onEdit} onDelete={actions.onDelete} />
        </div>
      </div>
      <ContactReachList contact={contact} phones={phones} className="mt-2" />
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
