import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A spinning icon announced to assistive technology as a loading status. */
export function Spinner({ className, label = "Loading", ...props }: ComponentProps<"svg"> & { label?: string }) {
  return <LoaderCircle role="status" aria-label={label} className={cn("size-4 animate-spin", className)} {...props} />;
}

/** Centred spinner for a whole page or panel while its data loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner label={label} className="size-8 text-muted-foreground" />
    </div>
  );
}
