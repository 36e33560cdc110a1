import { CONTACT_FILTERS, type ContactFilter } from "@shared/contact-fields";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { FILTER_LABELS, formatCount, isExactCount } from "../lib/contact-display";
import type { ContactCounts } from "../types";

interface ContactFilterChipsProps {
  value: ContactFilter;
  counts: ContactCounts | undefined;
  /** The search the counts are for. */
  q: string;
  onChange: (filter: ContactFilter) => void;
  /** One row of small chips (phones). */
  compact?: boolean;
}

/** All Contacts / Favorites / Recent, each with its count for the current search. */
export function ContactFilterChips({ value, counts, q, onChange, compact = false }: ContactFilterChipsProps) {
  return (
    <div role="group" aria-label="Filter contacts" className={cn("flex gap-2", compact ? "flex-nowrap gap-1.5" : "flex-wrap")}>
      {CONTACT_FILTERS.map((filter) => {
        const active = filter === value;
        return (
          <Button
            key={filter}
            variant={active ? "default" : "outline"}
            size="sm"
            className={cn("rounded-full", compact && "h-7 shrink-0 gap-1 px-2.5 text-xs")}
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
