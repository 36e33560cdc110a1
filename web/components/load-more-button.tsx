import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Load more' under a keyset-paged list; renders nothing on the last page. */
export function LoadMoreButton({ query, label = "Load more" }: { query: PagedQuery; label?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className="self-center justify-self-center"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage && <LoaderCircle aria-hidden="true" className="animate-spin" />}
      {query.isFetchingNextPage ? "Loading..." : label}
    </Button>
  );
}
