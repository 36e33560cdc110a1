import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState } from "react";

interface WindowListOptions {
  count: number;
  estimateSize: number;
  lanes?: number;
  hasNextPage: boolean;
  canFetch: boolean;
  fetchNextPage: () => void;
}

/** Rows this close to the end of what is loaded start loading the next page. */
const PREFETCH_ROWS = 20;

/**
 * A window-scrolled virtual list: only the rows near the viewport are in the DOM, whatever the count,
 * and the next keyset page loads as the user nears the end of the loaded rows.
 */
export function useWindowList({ count, estimateSize, lanes = 1, hasNextPage, canFetch, fetchNextPage }: WindowListOptions) {
  const listRef = useRef<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The list starts below the header, search and chips; their height changes (panel, wrapping), so re-measure.
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const measure = () => {
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((current) => (current === top ? current : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    overscan: 6,
    lanes,
    // A card's column is fixed when it is first placed, by the estimate: placed by measured heights, a
    // card that grows ('More details') would send the cards after it to other columns.
    laneAssignmentMode: "estimate",
    scrollMargin,
  });

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasNextPage && canFetch && lastIndex >= count - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, canFetch, lastIndex, count, fetchNextPage]);

  return { listRef, virtualizer, items, scrollMargin };
}
