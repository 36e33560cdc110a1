import { useId } from "react";
import { CONTACT_FILTERS, type ContactFilter } from "@shared/contact-fields";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useCurrentOrganization } from "@/features/organizations/api";
import { cn } from "@/lib/utils";
import { FILTER_HINTS, FILTER_LABELS, formatCount, isExactCount } from "../lib/contact-display";
import type { ContactCounts } from "../types";

interface ContactFilterChipsProps {
  value: ContactFilter;
  counts: ContactCounts | undefined;
  /** The search the counts are for. */
  q: string;
  /** The group the counts are within ("" for none). */
  group?: string;
  onChange: (filter: ContactFilter) => void;
  /** One row of small chips (phones). */
  compact?: boolean;
}

/**
 * All Contacts / Favorites / Recent, each with its count for the current search (within a group when
 * one is chosen). Favourites and Recent are the organization's, not the person's (the spec's model):
 * their tooltip and description say so.
 */
export function ContactFilterChips({ value, counts, q, group = "", onChange, compact = false }: ContactFilterChipsProps) {
  const { current } = useCurrentOrganization();
  const hintId = useId();
  return (
    <div role="group" aria-label="Filter contacts" className={cn("flex gap-2", compact ? "flex-nowrap gap-1.5" : "flex-wrap")}>
      {CONTACT_FILTERS.map((filter) => {
        const active = filter === value;
        const hint = current ? FILTER_HINTS[filter]?.(current.name) : undefined;
        const chip = (
          <Button
            key={filter}
            variant={active ? "default" : "outline"}
            size="sm"
            className={cn("rounded-full", compact && "h-7 shrink-0 gap-1 px-2.5 text-xs")}
            aria-pressed={active}
            aria-describedby={hint ? `${hintId}-${filter}` : undefined}
            onClick={() => onChange(filter)}
          >
            {FILTER_LABELS[filter]}
            <Badge variant={active ? "secondary" : "outline"} className="min-w-6 px-1.5 tabular-nums">
              {counts ? formatCount(counts[filter], isExactCount(filter, q, group)) : "…"}
            </Badge>
          </Button>
        );
        if (!hint) return chip;
        return (
          <Tooltip key={filter}>
            <TooltipTrigger asChild>{chip}</TooltipTrigger>
            <TooltipContent>{hint}</TooltipContent>
          </Tooltip>
        );
      })}
      {/* The chips' descriptions, always there (a tooltip opens only under a pointer or the keyboard's focus). */}
      {current &&
        CONTACT_FILTERS.map((filter) => {
          const hint = FILTER_HINTS[filter]?.(current.name);
          return (
            hint && (
              <span key={filter} id={`${hintId}-${filter}`} className="sr-only">
                {hint}
              </span>
            )
          );
        })}
    </div>
  );
}
