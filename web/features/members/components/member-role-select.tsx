import type { ComponentProps } from "react";
import { ROLES } from "@shared/constants";
import { cn } from "@/lib/utils";
import { MEMBER_ROLE_LABELS } from "../lib/role-label";

/** A native select (keyboard and screen-reader friendly everywhere) styled like the text inputs. */
export function MemberRoleSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm",
        className,
      )}
      {...props}
    >
      {/* Staff first: it is the default role for new users (spec section 9). */}
      {[...ROLES].reverse().map((role) => (
        <option key={role} value={role}>
          {MEMBER_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}
