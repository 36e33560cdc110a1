import { type RefObject, useEffect, useRef } from "react";

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Infinite scroll inside a scrolling box: when the returned sentinel comes within reach of the bottom of
 * `rootRef`, the next page loads. The 'Load more' button stays as the keyboard and fallback path.
 */
export function useLoadMoreOnScroll<T extends Element>(rootRef: RefObject<HTMLElement | null>, query: PagedQuery) {
  const sentinelRef = useRef<T>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root: rootRef.current, rootMargin: "0px 0px 120px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [rootRef, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return sentinelRef;
}
