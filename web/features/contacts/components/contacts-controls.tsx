import { ArrowDownToLine, Copy, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import type { ContactFilter, ContactSort } from "@shared/contact-fields";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { ContactCounts } from "../types";
import { ContactFilterChips } from "./contact-filter-chips";
import { ContactSearchInput } from "./contact-search-input";
import { ContactSortMenu } from "./contact-sort-menu";
import { ContactViewToggle } from "./contact-view-toggle";
import type { ContactView } from "../lib/list-view";

interface ContactsControlsProps {
  search: string;
  onSearchChange: (value: string) => void;
  filter: ContactFilter;
  counts: ContactCounts | undefined;
  /** The (debounced) search the counts are for. */
  q: string;
  onFilterChange: (filter: ContactFilter) => void;
  sort: ContactSort;
  onSortChange: (sort: ContactSort) => void;
  view: ContactView;
  onViewChange: (view: ContactView) => void;
  /** Phones only: the 'Pull to refresh' button. */
  onPullToRefresh?: (() => void) | undefined;
  refreshing: boolean;
  /** Phones: the add button sits in the controls row instead of floating over the cards' menus. */
  onAdd?: (() => void) | undefined;
  /** Opens Duplicates (those the policy lets find them). */
  onDuplicates?: (() => void) | undefined;
  /** The group the list is narrowed to ("" for none) and its selector, beside the chips. */
  group: string;
  groupSelect: (compact: boolean) => ReactNode;
}

function DuplicatesButton({ onClick, compact }: { onClick: () => void; compact?: boolean }) {
  return compact ? (
    <Button variant="ghost" size="icon" className="size-9 shrink-0" aria-label="Duplicates" onClick={onClick}>
      <Copy aria-hidden="true" />
    </Button>
  ) : (
    <Button variant="outline" size="sm" onClick={onClick}>
      <Copy aria-hidden="true" />
      Duplicates
    </Button>
  );
}

/** Search box, filter chips, sort dropdown and view toggle above the list. */
export function ContactsControls(props: ContactsControlsProps) {
  const { onPullToRefresh, refreshing, onAdd, onDuplicates } = props;
  if (onPullToRefresh) {
    // Phones: two compact rows (search with its buttons, then the chips), so the list starts high.
    return (
      <div className="mb-3 flex flex-col gap-2">
        <div className="flex items-center gap-1.5">
          <div className="min-w-0 flex-1">
            <ContactSearchInput value={props.search} onChange={props.onSearchChange} />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="size-9 shrink-0"
            aria-label="Pull to refresh"
            onClick={onPullToRefresh}
            disabled={refreshing}
          >
            <ArrowDownToLine aria-hidden="true" className={cn(refreshing && "animate-bounce")} />
          </Button>
          <ContactSortMenu value={props.sort} onChange={props.onSortChange} />
          {onAdd && (
            <Button size="icon" className="size-9 shrink-0" aria-label="Add Contact" onClick={onAdd}>
              <UserPlus aria-hidden="true" />
            </Button>
          )}
        </div>
        <div className="flex items-center gap-2">
          <div className="-mx-1 min-w-0 flex-1 overflow-x-auto px-1">
            <ContactFilterChips
              value={props.filter}
              counts={props.counts}
              q={props.q}
              group={props.group}
              onChange={props.onFilterChange}
              compact
            />
          </div>
          {props.groupSelect(true)}
          {onDuplicates && <DuplicatesButton onClick={onDuplicates} compact />}
          <ContactViewToggle value={props.view} onChange={props.onViewChange} />
        </div>
      </div>
    );
  }
  return (
    <div className="mb-4 flex flex-col gap-3">
      {onPullToRefresh && (
        <Button variant="ghost" size="sm" className="self-center text-muted-foreground" onClick={onPullToRefresh} disabled={refreshing}>
          <ArrowDownToLine aria-hidden="true" className={cn(refreshing && "animate-bounce")} />
          Pull to refresh
        </Button>
      )}
      <ContactSearchInput value={props.search} onChange={props.onSearchChange} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ContactFilterChips value={props.filter} counts={props.counts} q={props.q} group={props.group} onChange={props.onFilterChange} />
          {props.groupSelect(false)}
        </div>
        <div className="ml-auto flex items-center gap-2">
          {onDuplicates && <DuplicatesButton onClick={onDuplicates} />}
          <ContactSortMenu value={props.sort} onChange={props.onSortChange} />
          <ContactViewToggle value={props.view} onChange={props.onViewChange} />
        </div>
      </div>
    </div>
  );
}
