import { CONTACT_FILTERS, type ContactFilter } from "@shared/contact-schemas";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FILTER_LABELS, formatCount, isExactCount } from "../lib/contact-display";
import type { ContactCounts } from "../types";

interface ContactFilterChipsProps {
  value: ContactFilter;
  counts: ContactCounts | undefined;
  /** The search the counts are for. */
  q: string;
  onChange: (filter: ContactFilter) => void;
}

/** All Contacts / Favorites / Recent, each with its count for the current search. */
export function ContactFilterChips({ value, counts, q, onChange }: ContactFilterChipsProps) {
  return (
    <div role="group" aria-label="Filter contacts" className="flex flex-wrap gap-2">
      {CONTACT_FILTERS.map((filter) => {
        const active = filter === value;
        return (
          <Button
            key={filter}
            variant={active ? "default" : "outline"}
            size="sm"
            className="rounded-full"
            aria-pressed={active}
            onClick={() => onChange(filter)}
          >
            {FILTER_LABELS[filter]}
            <Badge variant={active ? "secondary" : "outline"} className="min-w-6 px-1.5 tabular-nums">
              {counts ? formatCount(counts[filter], isExactCount(filter, q)) : "…"}
            </Badge>
          </Button>
        );
      })}
    </div>
  );
}
