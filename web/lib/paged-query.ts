import { type QueryKey, infiniteQueryOptions } from "@tanstack/react-query";
import { PAGE_DEFAULT, type Page } from "@shared/page";

/** The paging query string every list endpoint takes (shared/paging.ts). */
export interface PageQuery {
  limit: string;
  cursor?: string;
}

/**
 * The one setup of every paged list: the first page without a cursor, each next page after the
 * previous page's `nextCursor`, until it is null.
 */
export function pagedQueryOptions<T, K extends QueryKey>(
  queryKey: K,
  fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<Page<T>>,
  limit = PAGE_DEFAULT,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ limit: String(limit), ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: Page<T>) => lastPage.nextCursor,
  });
}
