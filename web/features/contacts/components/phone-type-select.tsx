import type { ComponentProps } from "react";
import { PHONE_TYPES } from "@shared/contact-schemas";
import { cn } from "@/lib/utils";
import { PHONE_TYPE_LABELS } from "../lib/contact-display";

/** A native select of the phone types (keyboard and screen-reader friendly everywhere). */
export function PhoneTypeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm",
        className,
      )}
      {...props}
    >
      {PHONE_TYPES.map((type) => (
        <option key={type} value={type}>
          {PHONE_TYPE_LABELS[type]}
        </option>
      ))}
    </select>
  );
}
