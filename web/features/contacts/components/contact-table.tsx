import { ArrowDown, Star } from "lucide-react";
import { type CSSProperties, type ReactNode, useMemo } from "react";
import type { ContactSort } from "@shared/contact-fields";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/utils";
import type { ContactRowActions } from "../hooks/use-contact-row-actions";
import type { ListSelection } from "../hooks/use-list-selection";
import { useWindowList } from "../hooks/use-window-list";
import { SORT_LABELS } from "../lib/contact-display";
import type { Contact } from "../types";
import type { ListPaging } from "../lib/list-view";
import { ContactTableRow } from "./contact-table-row";

interface ContactTableProps {
  contacts: Contact[];
  paging: ListPaging;
  actions: ContactRowActions;
  /** Each row shows the person's birthday (the birthdays list). */
  showBirthday: boolean;
  selection: ListSelection;
  sort: ContactSort;
  onSortChange: (sort: ContactSort) => void;
}

const COLUMNS = 9;

/** The longest of `values` in characters, kept between `min` and `max`. */
const longest = (values: Iterable<string | null | undefined>, min: number, max: number) => {
  let most = min;
  for (const value of values) if (value && value.length > most) most = value.length;
  return Math.min(most, max);
};

/**
 * Widths from the loaded rows' own text (names and company as long as their longest, within bounds),
 * so the e-mail gets what they leave instead of a fixed share; they move only when a page arrives.
 */
function columnWidths(contacts: Contact[]) {
  const width = (chars: number, extra = 1.5) => ({ width: `calc(${chars}ch + ${extra}rem)` });
  const chars = (pick: (c: Contact) => string | null, min: number, max: number) => longest(contacts.map(pick), min, max);
  return {
    // The minimums keep each header (and its sort arrow) whole; the avatar adds to the first name.
    first: width(
      chars((c) => c.first_name || (c.last_name ? null : c.company), 6, 18),
      4,
    ),
    last: width(chars((c) => c.last_name, 10, 18)),
    company: width(chars((c) => c.company, 7, 20)),
    phone: width(chars((c) => c.phone_display ?? c.phone, 12, 20)),
  };
}

const head = "h-10 px-3 text-left align-middle font-medium text-muted-foreground whitespace-nowrap";

/** A column header that sorts the list by one of the spec's sorts (the sort menu's state). */
interface SortHeaderProps {
  label: ReactNode;
  sort: ContactSort;
  current: ContactSort;
  onSort: (sort: ContactSort) => void;
  className?: string;
  style?: CSSProperties;
}

function SortHeader({ label, sort, current, onSort, className, style }: SortHeaderProps) {
  const active = current === sort;
  return (
    <th scope="col" aria-sort={active ? "ascending" : "none"} className={cn(head, className)} style={style}>
      <button
        type="button"
        className={cn("inline-flex items-center gap-1 rounded-sm hover:text-foreground", active && "text-foreground")}
        title={`Sort by ${SORT_LABELS[sort]}`}
        onClick={() => onSort(sort)}
      >
        {label}
        <ArrowDown aria-hidden="true" className={cn("size-3.5", !active && "invisible")} />
      </button>
    </th>
  );
}

/**
 * The table view; rows outside the viewport are replaced by two spacer rows, so the DOM stays small.
 * A fixed layout (rows come and go as it scrolls; auto widths would jump) sized from the loaded rows:
 * names take what they need, the e-mail the rest; company from xl, notes from 2xl up.
 */
export function ContactTable({ contacts, paging, actions, showBirthday, selection, sort, onSortChange }: ContactTableProps) {
  const { listRef, virtualizer, items, scrollMargin } = useWindowList({
    count: contacts.length,
    estimateSize: 61,
    hasNextPage: paging.hasNextPage,
    canFetch: paging.canFetch,
    fetchNextPage: paging.fetchNextPage,
  });
  const first = items[0];
  const last = items.at(-1);
  const paddingTop = first ? first.start - scrollMargin : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  const widths = useMemo(() => columnWidths(contacts), [contacts]);
  const ticked = selection.ids.size;
  const allLoaded = selection.allMatching || (ticked > 0 && ticked === contacts.length);

  return (
    <div className="overflow-x-auto rounded-lg border bg-card shadow-xs">
      <table
        aria-label="Contacts"
        aria-rowcount={paging.total === undefined ? -1 : paging.total + 1}
        className="w-full min-w-[36rem] table-fixed text-sm"
      >
        <thead className="border-b">
          <tr aria-rowindex={1}>
            <th scope="col" className={`${head} w-10 pr-0`}>
              <Checkbox
                aria-label="Select all loaded contacts"
                checked={allLoaded ? true : ticked > 0 ? "indeterminate" : false}
                onCheckedChange={(checked) => selection.setLoaded(checked === true)}
              />
            </th>
            <SortHeader
              label={
                <>
                  <Star aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">Favorite</span>
                </>
              }
              sort="favorite"
              current={sort}
              onSort={onSortChange}
              className="w-11 px-2"
            />
            <SortHeader label="First Name" sort="first_name" current={sort} onSort={onSortChange} style={widths.first} />
            <SortHeader label="Last Name" sort="last_name" current={sort} onSort={onSortChange} style={widths.last} />
            <th scope="col" className={`${head} hidden xl:table-cell`} style={widths.company}>
              Company
            </th>
            <th scope="col" className={head} style={widths.phone}>
              Phone
            </th>
            <th scope="col" className={`${head} hidden sm:table-cell`}>
              Email
            </th>
            <th scope="col" className={`${head} hidden w-[18%] 2xl:table-cell`}>
              Notes
            </th>
            <th scope="col" className={`${head} w-[5.5rem] text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody
          ref={(element) => {
            listRef.current = element;
          }}
        >
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMNS} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const contact = contacts[item.index];
            return contact ? (
              <ContactTableRow
                key={contact.id}
                contact={contact}
                index={item.index}
                rowRef={virtualizer.measureElement}
                actions={actions}
                showBirthday={showBirthday}
                selected={selection.isSelected(contact.id)}
                onSelect={selection.toggle}
              />
            ) : null;
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMNS} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
