import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A bordered, horizontally scrolling table with a caption for assistive technology. */
export function Table({ caption, className, children, ...props }: ComponentProps<"table"> & { caption: string }) {
  return (
    // A table wider than a phone scrolls: keyboard users reach the scroll by focusing the named region.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={cn(
        "overflow-x-auto rounded-lg border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      <table className="w-full caption-bottom text-sm" {...props}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The header row. */
export function TableHeader({ className, children, ...props }: ComponentProps<"thead">) {
  return (
    <thead className={cn("border-b bg-muted/40", className)} {...props}>
      <tr>{children}</tr>
    </thead>
  );
}

/** A column heading. */
export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn(
        "h-10 px-3 text-left align-middle text-xs font-medium tracking-wide whitespace-nowrap text-muted-foreground uppercase",
        className,
      )}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors last:border-0 hover:bg-muted/30", className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2", className)} {...props} />;
}

/** A row heading (the name that identifies the row). */
export function TableRowHeader({ className, ...props }: ComponentProps<"th">) {
  return <th scope="row" className={cn("px-3 py-2 text-left font-medium", className)} {...props} />;
}
