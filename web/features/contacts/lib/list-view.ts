/** How the list is shown: cards (the phone default) or a table. */
export type ContactView = "cards" | "table";

/** What the list views need to load more rows as they scroll. */
export interface ListPaging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** False while another load runs or after a failure (the user retries by hand then). */
  canFetch: boolean;
  fetchNextPage: () => void;
  /** Size of the whole list when known (the filter chip's count). */
  total: number | undefined;
}
