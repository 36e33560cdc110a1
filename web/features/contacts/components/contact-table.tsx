import type { ContactRowActions } from "../hooks/use-contact-row-actions";
import { useWindowList } from "../hooks/use-window-list";
import type { Contact } from "../types";
import type { ListPaging } from "../lib/list-view";
import { ContactTableRow } from "./contact-table-row";

interface ContactTableProps {
  contacts: Contact[];
  paging: ListPaging;
  actions: ContactRowActions;
  /** Each row shows the person's birthday (the birthdays list). */
  showBirthday: boolean;
}

const COLUMNS = 8;
const head = "h-10 px-3 text-left align-middle font-medium text-muted-foreground whitespace-nowrap";

/** The table view; rows outside the viewport are replaced by two spacer rows, so the DOM stays small. */
export function ContactTable({ contacts, paging, actions, showBirthday }: ContactTableProps) {
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

  return (
    <div className="overflow-x-auto rounded-lg border bg-card shadow-xs">
      <table
        aria-label="Contacts"
        aria-rowcount={paging.total === undefined ? -1 : paging.total + 1}
        className="w-full min-w-[36rem] table-fixed text-sm"
      >
        <thead className="border-b">
          <tr aria-rowindex={1}>
            <th scope="col" className={`${head} w-12`}>
              <span className="sr-only">Favorite</span>
            </th>
            <th scope="col" className={`${head} w-[16%]`}>
              First Name
            </th>
            <th scope="col" className={`${head} w-[16%]`}>
              Last Name
            </th>
            <th scope="col" className={`${head} hidden w-[16%] md:table-cell`}>
              Company
            </th>
            <th scope="col" className={`${head} w-44`}>
              Phone
            </th>
            <th scope="col" className={`${head} hidden sm:table-cell`}>
              Email
            </th>
            <th scope="col" className={`${head} hidden lg:table-cell`}>
              Notes
            </th>
            <th scope="col" className={`${head} w-24 text-right`}>
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
