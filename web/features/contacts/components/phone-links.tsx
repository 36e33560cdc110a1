import { MessageSquare } from "lucide-react";
import { dialablePhone, formatPhone } from "@shared/phone";
import { cn } from "@/lib/utils";

/** The number, as a call link when it is valid (spec section 2: valid phones render as call links). */
export function PhoneNumber({ phone, className }: { phone: string; className?: string }) {
  const dialable = dialablePhone(phone);
  const shown = formatPhone(phone);
  if (!dialable) return <span className={className}>{shown}</span>;
  return (
    <a href={`tel:${dialable}`} className={cn("hover:underline", className)} data-skip-access="">
      {shown}
    </a>
  );
}

/** 'SMS' link for a valid number, else the placeholder 'No SMS'. */
export function SmsLink({ phone, iconOnly = false }: { phone: string | null; iconOnly?: boolean }) {
  const dialable = dialablePhone(phone);
  if (!dialable) return <span className="text-xs text-muted-foreground">No SMS</span>;
  return (
    <a
      href={`sms:${dialable}`}
      aria-label={`SMS ${formatPhone(phone)}`}
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
