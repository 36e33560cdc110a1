import { AlertCircle, WifiOff } from "lucide-react";
import { useEffect } from "react";
import type { ContactSort } from "@shared/contact-fields";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { useCurrentOrganization } from "@/features/organizations/api";
import type { useContactsQuery } from "../api";
import type { ContactRowActions } from "../hooks/use-contact-row-actions";
import { FILTER_HINTS } from "../lib/contact-display";
import type { Contact, ContactListParams } from "../types";
import type { ListSelection } from "../hooks/use-list-selection";
import { ContactCardList } from "./contact-card-list";
import { ContactTable } from "./contact-table";
import { ContactsEmptyState } from "./contacts-empty-state";

import type { ContactView, ListPaging } from "../lib/list-view";

export type { ContactView };

const NOT_LOADED_OFFLINE = "This list was not loaded before the connection was lost. It will show when the connection returns.";

interface ContactsListProps {
  query: ReturnType<typeof useContactsQuery>;
  /** What the list was asked for (its search is "" offline: the server cannot search then). */
  params: ContactListParams;
  /** The search typed (debounced). */
  search: string;
  view: ContactView;
  lanes: number;
  total: number | undefined;
  actions: ContactRowActions;
  onAdd: () => void;
  /** The rows as loaded (the route keeps them for the selection). */
  contacts: Contact[];
  selection: ListSelection;
  onSortChange: (sort: ContactSort) => void;
}

/** Loading, error, empty and loaded states of the contact list, in the chosen view. */
export function ContactsList({
  query,
  params,
  search,
  view,
  lanes,
  total,
  actions,
  onAdd,
  contacts,
  selection,
  onSortChange,
}: ContactsListProps) {
  const { current } = useCurrentOrganization();
  // Whose favourites and recent contacts these are, in view on phones too (where no tooltip opens).
  const hint = current ? FILTER_HINTS[params.filter]?.(current.name) : undefined;
  // One toast per failed load, after the retries (spec section 8).
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error("Failed to load contacts");
  }, [failedAt]);

  if (query.isPending && query.isPaused) {
    return (
      <Alert role="status">
        <WifiOff aria-hidden="true" />
        <AlertTitle>{NOT_LOADED_OFFLINE}</AlertTitle>
      </Alert>
    );
  }
  if (query.isPending) return <PageSpinner label="Loading contacts" />;
  if (query.isError && contacts.length === 0) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Error loading contacts. Please try again.</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (contacts.length === 0) return <ContactsEmptyState params={{ ...params, q: search }} view={view} onAdd={onAdd} />;

  // The birthdays list shows each person's day on their row.
  const showBirthday = params.filter === "birthdays";
  const paging: ListPaging = {
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    // Offline a fetch would only wait for the network (isPaused): the rows at hand are all there is.
    canFetch: !query.isFetching && !query.isPaused && !query.isError && !query.isPlaceholderData,
    fetchNextPage: () => void query.fetchNextPage(),
    total,
  };

  return (
    <div className="flex flex-col gap-3" aria-busy={query.isPlaceholderData}>
      {hint && <p className="text-sm text-muted-foreground">{hint}.</p>}
      {view === "cards" ? (
        <ContactCardList contacts={contacts} paging={paging} actions={actions} lanes={lanes} showBirthday={showBirthday} />
      ) : (
        <ContactTable
          contacts={contacts}
          paging={paging}
          actions={actions}
          showBirthday={showBirthday}
          selection={selection}
          sort={params.sort}
          onSortChange={onSortChange}
        />
      )}
      {query.isFetchingNextPage && (
        <div className="flex justify-center py-4">
          <Spinner label="Loading more contacts" className="size-6 text-muted-foreground" />
        </div>
      )}
      {query.isError && (
        <div className="flex flex-col items-center gap-2 py-4 text-sm text-destructive">
          <p>Error loading contacts. Please try again.</p>
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}
