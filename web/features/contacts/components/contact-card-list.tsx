import { useState } from "react";
import { useMediaQuery } from "@/hooks/use-media-query";
import { cn } from "@/lib/utils";
import type { ContactRowActions } from "../hooks/use-contact-row-actions";
import { useWindowList } from "../hooks/use-window-list";
import type { Contact } from "../types";
import { ContactCard } from "./contact-card";
import type { ListPaging } from "../lib/list-view";

interface ContactCardListProps {
  contacts: Contact[];
  paging: ListPaging;
  actions: ContactRowActions;
  /** Cards side by side (masonry lanes) on wide screens. */
  lanes: number;
  /** Each card shows the person's birthday (the birthdays list). */
  showBirthday: boolean;
}

/** The card view as a virtual feed: only the cards near the viewport are rendered. */
export function ContactCardList({ contacts, paging, actions, lanes, showBirthday }: ContactCardListProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // Phones show dense two-line cards (dense-contact-card.tsx).
  const dense = !useMediaQuery("(min-width: 640px)");
  const { listRef, virtualizer, items, scrollMargin } = useWindowList({
    count: contacts.length,
    estimateSize: dense ? 66 : 150,
    lanes,
    hasNextPage: paging.hasNextPage,
    canFetch: paging.canFetch,
    fetchNextPage: paging.fetchNextPage,
  });

  function handleToggleExpanded(contact: Contact) {
    const opening = !expanded.has(contact.id);
    setExpanded((current) => {
      const next = new Set(current);
      if (opening) next.add(contact.id);
      else next.delete(contact.id);
      return next;
    });
    if (opening) actions.onOpened(contact);
  }

  return (
    <div
      ref={(element) => {
        listRef.current = element;
      }}
      role="feed"
      aria-label="Contacts"
      aria-busy={paging.isFetchingNextPage}
      className={cn("relative", lanes > 1 && "-mx-1.5")}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const contact = contacts[item.index];
        if (!contact) return null;
        return (
          <div
            key={contact.id}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={cn("absolute top-0", dense ? "pb-2" : "pb-3", lanes > 1 && "px-1.5")}
            style={{
              left: `${(item.lane * 100) / lanes}%`,
              width: `${100 / lanes}%`,
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <ContactCard
              contact={contact}
              expanded={expanded.has(contact.id)}
              onToggleExpanded={handleToggleExpanded}
              actions={actions}
              position={item.index + 1}
              setSize={paging.total ?? -1}
              showBirthday={showBirthday}
            />
          </div>
        );
      })}
    </div>
  );
}
