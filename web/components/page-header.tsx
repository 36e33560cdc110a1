import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons or selectors shown beside the title (below it on phones). */
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn("mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="flex flex-col gap-1">
        {/* 3xl from 2xl up only: at 1280 px a long title and a full toolbar share one line. */}
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl 2xl:text-3xl">{title}</h1>
        {/* Phones keep the first screen for content: the description shows from sm up. */}
        {description && <p className="text-sm text-muted-foreground max-sm:sr-only sm:text-base">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
