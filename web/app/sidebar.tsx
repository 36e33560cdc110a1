import { BookUser } from "lucide-react";
import { NavLink } from "react-router";
import { roleAllows } from "@shared/permissions";
import { matrixRole } from "@shared/policy/can";
import { useCurrentOrganization } from "@/features/organizations/api";
import { useMediaQuery } from "@/hooks/use-media-query";
import { cn } from "@/lib/utils";
import { adminNavItems, primaryNavItems, settingsNavItem, type NavItem } from "./nav-items";

interface SidebarProps {
  id: string;
  /** Only meaningful below md, where the sidebar is an off-canvas drawer. */
  open: boolean;
  onNavigate: () => void;
}

export function Sidebar({ id, open, onNavigate }: SidebarProps) {
  const isDesktop = useMediaQuery("(min-width: 768px)");
  const offCanvas = !isDesktop && !open;
  const { current } = useCurrentOrganization();
  const adminItems = adminNavItems.filter((item) => !item.requires || (current !== null && roleAllows(matrixRole(current), item.requires)));

  return (
    <aside
      id={id}
      data-state={open ? "open" : "closed"}
      // Off-screen links must not take focus or be read out; `inert` removes them from both.
      inert={offCanvas}
      className={cn(
        "fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground",
        "transition-transform duration-300 ease-in-out",
        open ? "translate-x-0" : "-translate-x-full",
        "md:sticky md:top-0 md:h-dvh md:translate-x-0 md:transition-none",
      )}
    >
      <div className="flex h-16 shrink-0 items-center gap-2 border-b border-sidebar-border px-5">
        <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <BookUser aria-hidden="true" className="size-4" />
        </span>
        <span className="text-lg font-semibold tracking-tight">Contactbook</span>
      </div>
      <nav aria-label="Main navigation" className="flex flex-1 flex-col gap-6 overflow-y-auto p-3">
        <SidebarLinks items={primaryNavItems} onNavigate={onNavigate} />
        <div className="flex flex-col gap-1">
          <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Admin</h2>
          <SidebarLinks items={adminItems} onNavigate={onNavigate} />
        </div>
        <SidebarLinks items={[settingsNavItem]} onNavigate={onNavigate} className="mt-auto" />
      </nav>
    </aside>
  );
}

function SidebarLinks({ items, onNavigate, className }: { items: NavItem[]; onNavigate: () => void; className?: string }) {
  return (
    <ul className={cn("flex flex-col gap-1", className)}>
      {items.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                isActive
                  ? "bg-sidebar-accent text-sidebar-accent-foreground"
                  : "text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-foreground",
              )
            }
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
