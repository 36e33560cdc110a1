import { MessageSquare } from "lucide-react";
import { dialableFrom } from "@shared/phone-no-library";
import { cn } from "@/lib/utils";
import type { Contact } from "../types";

/** A number as typed, with the server's display and E.164 forms (no phone library on the list screens). */
export interface ShownPhone {
  value: string;
  display: string | null;
  e164: string | null;
}

/** A contact's first or second phone, when it has one. */
export function contactPhone(contact: Contact, which: "phone" | "phone2" = "phone"): ShownPhone | null {
  const value = contact[which];
  if (!value) return null;
  return which === "phone"
    ? { value, display: contact.phone_display, e164: contact.phone_e164 }
    : { value, display: contact.phone2_display, e164: contact.phone2_e164 };
}

export const shownNumber = (phone: ShownPhone) => phone.display ?? phone.value;
export const dialableNumber = (phone: ShownPhone | null) => (phone ? dialableFrom(phone.value, phone.e164) : null);

/** The number, as a call link when it is valid (spec section 2: valid phones render as call links). */
export function PhoneNumber({ phone, className }: { phone: ShownPhone; className?: string }) {
  const dialable = dialableNumber(phone);
  const shown = shownNumber(phone);
  if (!dialable) return <span className={className}>{shown}</span>;
  return (
    <a href={`tel:${dialable}`} className={cn("hover:underline", className)} data-skip-access="">
      {shown}
    </a>
  );
}

/** 'SMS' link for a valid number, else the placeholder 'No SMS'. */
export function SmsLink({ phone, iconOnly = false }: { phone: ShownPhone | null; iconOnly?: boolean }) {
  const dialable = dialableNumber(phone);
  if (!phone || !dialable) return <span className="text-xs text-muted-foreground">No SMS</span>;
  return (
    <a
      href={`sms:${dialable}`}
      aria-label={`SMS ${shownNumber(phone)}`}
      data-skip-access=""
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline",
        iconOnly && "size-8 justify-center rounded-md hover:bg-accent",
      )}
    >
      <MessageSquare aria-hidden="true" className="size-3.5" />
      {!iconOnly && "SMS"}
    </a>
  );
}
