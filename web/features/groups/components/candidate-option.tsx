import { formatPhone } from "@shared/phone";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { contactDisplayName } from "@shared/contact-display";
import type { Contact } from "../types";

interface CandidateOptionProps {
  contact: Contact;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (contact: Contact, checked: boolean) => void;
}

/** One contact that can join the group: the check box is named by the contact; phone and e-mail describe it. */
export function CandidateOption({ contact, checked, disabled, onCheckedChange }: CandidateOptionProps) {
  const id = `group-candidate-${contact.id}`;
  const details = [contact.phone ? formatPhone(contact.phone) : null, contact.email].filter(Boolean).join(" · ");

  return (
    <li className="flex items-start gap-3 px-3 py-2 hover:bg-muted/40">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={details ? `${id}-details` : undefined}
        onCheckedChange={(value) => onCheckedChange(contact, value === true)}
        className="mt-0.5"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
        <Label htmlFor={id} className="min-w-0 cursor-pointer leading-snug break-words">
          {contactDisplayName(contact)}
        </Label>
        {details && (
          <p id={`${id}-details`} className="truncate text-xs text-muted-foreground sm:text-sm">
            {details}
          </p>
        )}
      </div>
    </li>
  );
}
