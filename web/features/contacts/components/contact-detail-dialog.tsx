import { format, formatDistanceToNow } from "date-fns";
import { ExternalLink, Mail, MapPin, MessageSquare, Pencil, Phone } from "lucide-react";
import { type ReactNode, useId, useMemo } from "react";
import { applyFlatFields, emptyContactData } from "@shared/contact-model/data-schema";
import { FIRST_ENTRY_FIELDS, type FirstEntryKey, type ListKey, SINGLE_FIELDS } from "@shared/contact-model/fields";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useMediaQuery } from "@/hooks/use-media-query";
import { useReturnFocus } from "@/hooks/use-return-focus";
import { cn } from "@/lib/utils";
import { type ContactDetail, useContactQuery } from "../api";
import { contactName, entryTypeLabel, formatEntryDate } from "../lib/contact-display";
import { addressLine, mapsUrl, webUrl } from "../lib/contact-links";
import type { Contact } from "../types";
import { ContactAvatar } from "./contact-avatar";
import { ContactExtras } from "./contact-extras";
import { ContactGroupsField } from "./contact-groups-field";
import { ContactHistoryPanel } from "./contact-history-panel";
import { type ShownPhone, dialableNumber, shownNumber } from "./phone-links";

interface ContactDetailDialogProps {
  orgId: string;
  contact: Contact;
  onOpenChange: (open: boolean) => void;
  onEdit: (contact: Contact) => void;
}

/** The headings of the list groups (the field table names one entry: 'Phone'). */
const GROUP_TITLES: Record<Exclude<ListKey, "custom_fields">, string> = {
  phones: "Phones",
  emails: "E-mails",
  addresses: "Addresses",
  urls: "Websites",
  dates: "Dates",
};

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
      <dt className="break-words text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** A titled part of the details ('Phones'), shown only when it has rows. */
function Group({ title, children, show = true }: { title: string; children: ReactNode; show?: boolean }) {
  const id = useId();
  if (!show) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 border-t px-4 py-4 text-sm">
      <h3 id={id} className="font-medium">
        {title}
      </h3>
      <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-4 gap-y-3">{children}</dl>
    </section>
  );
}

function PhoneActions({ phone }: { phone: ShownPhone }) {
  const dialable = dialableNumber(phone);
  const shown = shownNumber(phone);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>{shown}</span>
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
  );
}

/** The first two phones carry the server's display and E.164 forms; the others are shown as typed. */
function shownPhone(contact: ContactDetail, index: number, value: string): ShownPhone {
  if (index === 0 && value === contact.phone) return { value, display: contact.phone_display, e164: contact.phone_e164 };
  if (index === 1 && value === contact.phone2) return { value, display: contact.phone2_display, e164: contact.phone2_e164 };
  return { value, display: null, e164: null };
}

/** Until the server answers, the list's row as a detail: its spec fields read as the first entries. */
function placeholderFrom(row: Contact): ContactDetail {
  const flat = Object.fromEntries(Object.keys(FIRST_ENTRY_FIELDS).map((key) => [key, row[key as FirstEntryKey] ?? undefined]));
  const { phones, emails, addresses, urls, dates, custom_fields } = applyFlatFields(emptyContactData(), flat);
  return { ...row, phones, emails, addresses, urls, dates, custom_fields, extras: [] } as ContactDetail;
}

/**
 * Everything about one contact, grouped: phones with call and SMS, e-mails, addresses on a map,
 * websites, dates, the other details, its groups, and when it was opened, created and updated. A side
 * panel on wide screens, a full-screen sheet on phones.
 */
export function ContactDetailDialog({ orgId, contact: initial, onOpenChange, onEdit }: ContactDetailDialogProps) {
  useReturnFocus();
  const isDesktop = useMediaQuery("(min-width: 768px)");
  const placeholder = useMemo(() => placeholderFrom(initial), [initial]);
  const query = useContactQuery(orgId, initial.id, placeholder);
  const contact = query.data ?? placeholder;
  const subtitle = [contact.job_title, contact.department, contact.first_name ? contact.company : null].filter(Boolean).join(" · ");
  const details = SINGLE_FIELDS.filter((f) => f.kind === "line" && contact[f.key]);
  const firstEmail = contact.emails[0]?.value;

  return (
    <Sheet open onOpenChange={onOpenChange}>
      <SheetContent
        side={isDesktop ? "right" : "bottom"}
        className={cn("overflow-y-auto", isDesktop ? "w-full sm:max-w-md" : "h-dvh max-h-dvh rounded-none")}
        data-testid="contact-detail"
      >
        <SheetHeader className="pr-12">
          <div className="flex items-center gap-3">
            <ContactAvatar contact={contact} className="size-14 text-base" />
            <div className="flex min-w-0 flex-col gap-1">
              <SheetTitle className="text-lg break-words">{contactName(contact)}</SheetTitle>
              <SheetDescription>{subtitle || "Contact details"}</SheetDescription>
            </div>
          </div>
          <div className="flex flex-wrap gap-2 pt-2">
            <Button size="sm" onClick={() => onEdit(contact)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            {firstEmail && (
              <Button asChild size="sm" variant="outline">
                <a href={`mailto:${firstEmail}`}>
                  <Mail aria-hidden="true" />
                  E-mail
                </a>
              </Button>
            )}
          </div>
        </SheetHeader>
        <Tabs defaultValue="details" className="gap-0">
          <TabsList className="mx-4 mb-2">
            <TabsTrigger value="details">Details</TabsTrigger>
            <TabsTrigger value="history">History</TabsTrigger>
          </TabsList>
          <TabsContent value="details">
            <Group title={GROUP_TITLES.phones}>
              {contact.phones.length === 0 ? (
                <Row label="Phone">No phone</Row>
              ) : (
                contact.phones.map((phone, i) => (
                  <Row key={i} label={entryTypeLabel(phone)}>
                    <PhoneActions phone={shownPhone(contact, i, phone.value ?? "")} />
                  </Row>
                ))
              )}
            </Group>
            <Group title={GROUP_TITLES.emails}>
              {contact.emails.length === 0 ? (
                <Row label="Email">No email</Row>
              ) : (
                contact.emails.map((email, i) => (
                  <Row key={i} label={entryTypeLabel(email)}>
                    <a href={`mailto:${email.value}`} className="text-primary underline-offset-2 hover:underline">
                      {email.value}
                    </a>
                  </Row>
                ))
              )}
            </Group>
            <Group title={GROUP_TITLES.addresses}>
              {contact.addresses.length === 0 ? (
                <Row label="Address">No address</Row>
              ) : (
                contact.addresses.map((address, i) => (
                  <Row key={i} label={entryTypeLabel(address)}>
                    <span className="flex flex-col items-start gap-1">
                      <span className="whitespace-pre-line">{address.street}</span>
                      {[address.extended, [address.city, address.region, address.postal_code].filter(Boolean).join(", "), address.country]
                        .filter(Boolean)
                        .map((line, j) => (
                          <span key={j}>{line}</span>
                        ))}
                      <a
                        href={mapsUrl(address)}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Show ${addressLine(address)} on a map`}
                        className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline"
                      >
                        <MapPin aria-hidden="true" className="size-3.5" />
                        Map
                      </a>
                    </span>
                  </Row>
                ))
              )}
            </Group>
            <Group title={GROUP_TITLES.urls} show={contact.urls.length > 0}>
              {contact.urls.map((url, i) => {
                const href = webUrl(url.value ?? "");
                return (
                  <Row key={i} label={entryTypeLabel(url)}>
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 break-all text-primary underline-offset-2 hover:underline"
                      >
                        {url.value}
                        <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                      </a>
                    ) : (
                      url.value
                    )}
                  </Row>
                );
              })}
            </Group>
            <Group title={GROUP_TITLES.dates} show={contact.dates.length > 0}>
              {contact.dates.map((date, i) => (
                <Row key={i} label={entryTypeLabel(date)}>
                  <time dateTime={date.value ?? undefined}>{formatEntryDate(date.value ?? "")}</time>
                </Row>
              ))}
            </Group>
            <Group title="Details">
              {details.map((f) => (
                <Row key={f.key} label={f.label}>
                  {contact[f.key]}
                </Row>
              ))}
              {contact.custom_fields.map((custom, i) => (
                <Row key={`custom-${i}`} label={custom.label || "Custom field"}>
                  <span className="whitespace-pre-line">{custom.value}</span>
                </Row>
              ))}
              <Row label="Notes">
                <span className="whitespace-pre-line">{contact.notes || "No notes"}</span>
              </Row>
              <Row label="Groups">
                <ContactGroupsField orgId={orgId} contactId={initial.id} />
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
            </Group>
            {!query.isPlaceholderData && <ContactExtras extras={contact.extras} />}
          </TabsContent>
          <TabsContent value="history" className="border-t">
            <ContactHistoryPanel orgId={orgId} contactId={initial.id} version={contact.version} />
          </TabsContent>
        </Tabs>
      </SheetContent>
    </Sheet>
  );
}
