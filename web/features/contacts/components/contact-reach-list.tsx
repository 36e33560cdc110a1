import { Mail, Phone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { PHONE_TYPE_LABELS } from "@/lib/phone-type-labels";
import type { Contact } from "../types";
import { PhoneNumber, type ShownPhone, SmsLink } from "./phone-links";

export type CardPhone = ShownPhone & { type: Contact["phone_type"] };

/** A card's ways to reach the person: each phone with its type and SMS, then the e-mail. */
export function ContactReachList({ contact, phones, className }: { contact: Contact; phones: CardPhone[]; className?: string }) {
  return (
    <ul className={cn("flex flex-col gap-1 text-sm", className)}>
      {phones.map((phone, index) => (
        <li key={index} className="flex min-w-0 items-center gap-2">
          <Phone aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <PhoneNumber phone={phone} className="truncate" />
          <Badge variant="outline" className="font-normal">
            {PHONE_TYPE_LABELS[phone.type] ?? phone.type}
          </Badge>
          <SmsLink phone={phone} iconOnly />
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
  );
}
