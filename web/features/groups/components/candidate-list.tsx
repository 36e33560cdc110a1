import { AlertCircle } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { useGroupCandidatesQuery } from "../api";
import { useLoadErrorToast } from "../hooks/use-load-error-toast";
import { useLoadMoreOnScroll } from "../hooks/use-load-more-on-scroll";
import type { Contact } from "../types";
import { CandidateOption } from "./candidate-option";
import { LoadMoreButton } from "@/components/load-more-button";

interface CandidateListProps {
  candidates: ReturnType<typeof useGroupCandidatesQuery>;
  /** The search the list is for ("" for none): it picks the empty message. */
  q: string;
  disabled: boolean;
  isSelected: (id: string) => boolean;
  onToggle: (contact: Contact, checked: boolean) => void;
}

/** The contacts not yet in the group, a page at a time: scroll to the end or press 'Load more'. */
export function CandidateList({ candidates, q, disabled, isSelected, onToggle }: CandidateListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Results of the previous search stay on screen while a new one loads: they must not page on.
  const paging = {
    hasNextPage: candidates.hasNextPage && !candidates.isPlaceholderData,
    isFetchingNextPage: candidates.isFetchingNextPage,
    fetchNextPage: candidates.fetchNextPage,
  };
  const sentinelRef = useLoadMoreOnScroll<HTMLDivElement>(scrollRef, paging);
  useLoadErrorToast(candidates, "Failed to load existing members", "group-candidates-load-failed");

  if (candidates.isPending) return <Spinner label="Loading contacts" className="mx-auto my-6 size-6 text-muted-foreground" />;
  if (!candidates.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
        <AlertCircle aria-hidden="true" className="size-6 text-destructive" />
        <p className="text-sm text-destructive">The contacts could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void candidates.refetch()} disabled={candidates.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  const contacts = candidates.data.pages.flatMap((page) => page.items);
  if (contacts.length === 0) {
    return (
      <p role="status" className="py-6 text-center text-sm text-muted-foreground">
        {q ? "No contacts match your search" : "No contacts available to add"}
      </p>
    );
  }
  return (
    <div ref={scrollRef} className="max-h-full overflow-y-auto rounded-md border" aria-busy={candidates.isPlaceholderData}>
      <ul aria-label="Contacts" className="divide-y">
        {contacts.map((contact) => (
          <CandidateOption
            key={contact.id}
            contact={contact}
            checked={isSelected(contact.id)}
            disabled={disabled}
            onCheckedChange={onToggle}
          />
        ))}
      </ul>
      <div ref={sentinelRef} className="flex justify-center empty:hidden has-[button]:p-2">
        <LoadMoreButton query={paging} />
      </div>
    </div>
  );
}
