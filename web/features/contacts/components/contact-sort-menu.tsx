import { ArrowUpDown } from "lucide-react";
import { CONTACT_SORTS, type ContactSort } from "@shared/contact-fields";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { SORT_LABELS } from "../lib/contact-display";

interface ContactSortMenuProps {
  value: ContactSort;
  onChange: (sort: ContactSort) => void;
}

/** The sort dropdown: a menu of radio items, the current one checked. */
export function ContactSortMenu({ value, onChange }: ContactSortMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Sort contacts: ${SORT_LABELS[value]}`}
          className="shrink-0 bg-background max-sm:size-9 max-sm:px-0"
        >
          <ArrowUpDown aria-hidden="true" />
          <span className="max-sm:sr-only">{SORT_LABELS[value]}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Sort by</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={value} onValueChange={(next) => onChange(next as ContactSort)}>
          {CONTACT_SORTS.map((sort) => (
            <DropdownMenuRadioItem key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
