import { ArrowDownToLine } from "lucide-react";
import type { ContactFilter, ContactSort } from "@shared/contact-schemas";
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
}

/** Search box, filter chips, sort dropdown and view toggle above the list. */
export function ContactsControls(props: ContactsControlsProps) {
  const { onPullToRefresh, refreshing } = props;
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
        <ContactFilterChips value={props.filter} counts={props.counts} q={props.q} onChange={props.onFilterChange} />
        <div className="ml-auto flex items-center gap-2">
          <ContactSortMenu value={props.sort} onChange={props.onSortChange} />
          <ContactViewToggle value={props.view} onChange={props.onViewChange} />
        </div>
      </div>
    </div>
  );
}
