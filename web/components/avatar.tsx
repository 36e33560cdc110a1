import { useState } from "react";
import { cn } from "@/lib/utils";

interface AvatarProps {
  /** The picture's address; null (or one that fails to load) shows the initials. */
  src: string | null;
  initials: string;
  className?: string;
}

/**
 * A round picture, or the initials on a tint when there is none. Decorative: the name beside it says
 * who it is, so screen readers skip it.
 */
export function Avatar({ src, initials, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-xs font-medium text-foreground uppercase select-none",
        className,
      )}
    >
      {shown ? (
        <img src={shown} alt="" className="size-full object-cover" loading="lazy" decoding="async" onError={() => setFailed(shown)} />
      ) : (
        initials
      )}
    </span>
  );
}
