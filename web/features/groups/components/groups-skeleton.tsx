const ROWS = 4;

/** The loading state: pulsing placeholder rows in the table's shape (spec section 2). */
export function GroupsSkeleton() {
  return (
    <div role="status" aria-label="Loading groups" className="flex flex-col gap-2">
      {Array.from({ length: ROWS }, (_, index) => (
        <div key={index} aria-hidden="true" className="flex animate-pulse items-center gap-4 rounded-md border p-3">
          <div className="h-4 w-1/4 rounded bg-muted" />
          <div className="hidden h-4 flex-1 rounded bg-muted md:block" />
          <div className="hidden h-4 w-20 rounded bg-muted md:block" />
          <div className="ml-auto h-8 w-24 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
