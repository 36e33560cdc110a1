import { AlertCircle } from "lucide-react";
import { useEffect, useMemo } from "react";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import type { useContactsQuery } from "../api";
import type { ContactRowActions } from "../hooks/use-contact-row-actions";
import type { ContactListParams } from "../types";
import { ContactCardList } from "./contact-card-list";
import { ContactTable } from "./contact-table";
import { ContactsEmptyState } from "./contacts-empty-state";

import type { ContactView, ListPaging } from "../lib/list-view";

export type { ContactView };

interface ContactsListProps {
  query: ReturnType<typeof useContactsQuery>;
  params: ContactListParams;
  view: ContactView;
  lanes: number;
  total: number | undefined;
  actions: ContactRowActions;
  onAdd: () => void;
}

/** Loading, error, empty and loaded states of the contact list, in the chosen view. */
export function ContactsList({ query, params, view, lanes, total, actions, onAdd }: ContactsListProps) {
  const pages = query.data?.pages;
  const contacts = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);

  // One toast per failed load, after the retries (spec section 8).
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error("Failed to load contacts");
  }, [failedAt]);

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
  if (contacts.length === 0) return <ContactsEmptyState params={params} view={view} onAdd={onAdd} />;

  // The birthdays list shows each person's day on their row.
  const showBirthday = params.filter === "birthdays";
  const paging: ListPaging = {
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    canFetch: !query.isFetching && !query.isError && !query.isPlaceholderData,
    fetchNextPage: () => void query.fetchNextPage(),
    total,
  };

  return (
    <div className="flex flex-col gap-3" aria-busy={query.isPlaceholderData}>
      {view === "cards" ? (
        <ContactCardList contacts={contacts} paging={paging} actions={actions} lanes={lanes} showBirthday={showBirthday} />
      ) : (
        <ContactTable contacts={contacts} paging={paging} actions={actions} showBirthday={showBirthday} />
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
