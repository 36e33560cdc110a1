import { format, formatDistanceToNow } from "date-fns";
import { Mail, MessageSquare, Pencil, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useMediaQuery } from "@/hooks/use-media-query";
import { useReturnFocus } from "@/hooks/use-return-focus";
import { cn } from "@/lib/utils";
import { useContactGroupsQuery, useContactQuery } from "../api";
import { contactName, PHONE_TYPE_LABELS } from "../lib/contact-display";
import type { Contact } from "../types";
import { ContactExtras } from "./contact-extras";
import { type ShownPhone, contactPhone, dialableNumber, shownNumber } from "./phone-links";

interface ContactDetailDialogProps {
  orgId: string;
  contact: Contact;
  onOpenChange: (open: boolean) => void;
  onEdit: (contact: Contact) => void;
}

function When({ iso }: { iso: string | null }) {
  if (!iso) return <>Never</>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={format(date, "MMM d, yyyy HH:mm")}>
      {format(date, "MMM d, yyyy HH:mm")} ({formatDistanceToNow(date, { addSuffix: true })})
    </time>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function PhoneRow({ label, phone, type }: { label: string; phone: ShownPhone; type: Contact["phone_type"] }) {
  const dialable = dialableNumber(phone);
  const shown = shownNumber(phone);
  return (
    <Row label={label}>
      <span className="flex flex-wrap items-center gap-2">
        <span>{shown}</span>
        <Badge variant="outline" className="font-normal">
          {PHONE_TYPE_LABELS[type] ?? type}
        </Badge>
        {dialable && (
          <>
            <Button asChild size="sm" variant="outline">
              <a href={`tel:${dialable}`} aria-label={`Call ${shown}`}>
                <Phone aria-hidden="true" />
                Call
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={`sms:${dialable}`} aria-label={`SMS ${shown}`}>
                <MessageSquare aria-hidden="true" />
                SMS
              </a>
            </Button>
          </>
        )}
      </span>
    </Row>
  );
}

/**
 * Everything about one contact: every field, its groups, call/SMS/e-mail actions, when it was last
 * opened, created and updated, and Edit. A side panel on wide screens, a full-screen sheet on phones.
 */
export function ContactDetailDialog({ orgId, contact: initial, onOpenChange, onEdit }: ContactDetailDialogProps) {
  useReturnFocus();
  const isDesktop = useMediaQuery("(min-width: 768px)");
  const detail = useContactQuery(orgId, initial.id, initial).data;
  const contact = detail ?? initial;
  const phone = contactPhone(contact);
  const phone2 = contactPhone(contact, "phone2");
  const groups = useContactGroupsQuery(orgId, initial.id);
  const address = [contact.address, contact.city, contact.province_state, contact.postal_zip_code].filter(Boolean).join(", ");

  return (
    <Sheet open onOpenChange={onOpenChange}>
      <SheetContent
        side={isDesktop ? "right" : "bottom"}
        className={cn("overflow-y-auto", isDesktop ? "w-full sm:max-w-md" : "h-dvh max-h-dvh rounded-none")}
        data-testid="contact-detail"
      >
        <SheetHeader className="border-b pr-12">
          <SheetTitle className="text-lg break-words">{contactName(contact)}</SheetTitle>
          <SheetDescription>{contact.company && contact.first_name ? contact.company : "Contact details"}</SheetDescription>
          <div className="flex flex-wrap gap-2 pt-2">
            <Button size="sm" onClick={() => onEdit(contact)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            {contact.email && (
              <Button asChild size="sm" variant="outline">
                <a href={`mailto:${contact.email}`}>
                  <Mail aria-hidden="true" />
                  E-mail
                </a>
              </Button>
            )}
          </div>
        </SheetHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 px-4 pb-6 text-sm">
          <Row label="First name">{contact.first_name || "-"}</Row>
          <Row label="Last name">{contact.last_name || "-"}</Row>
          <Row label="Company">{contact.company || "-"}</Row>
          {phone ? <PhoneRow label="Phone" phone={phone} type={contact.phone_type} /> : <Row label="Phone">No phone</Row>}
          {phone2 && <PhoneRow label="Secondary phone" phone={phone2} type={contact.phone2_type} />}
          <Row label="Email">{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : "No email"}</Row>
          <Row label="Address">{address || "No address"}</Row>
          <Row label="Notes">
            <span className="whitespace-pre-line">{contact.notes || "No notes"}</span>
          </Row>
          <Row label="Groups">
            {groups.data ? (
              groups.data.items.length ? (
                <span className="flex flex-wrap gap-1">
                  {groups.data.items.map((g) => (
                    <Badge key={g.id} variant="secondary">
                      {g.name}
                    </Badge>
                  ))}
                </span>
              ) : (
                "In no group"
              )
            ) : (
              "..."
            )}
          </Row>
          <Row label="Favorite">{contact.is_favorite ? "Yes" : "No"}</Row>
          <Row label="Last accessed">
            <When iso={contact.last_accessed} />
          </Row>
          <Row label="Created">
            <When iso={contact.created_at} />
          </Row>
          <Row label="Updated">
            <When iso={contact.updated_at} />
          </Row>
        </dl>
        {detail && <ContactExtras extras={detail.extras} />}
      </SheetContent>
    </Sheet>
  );
}
