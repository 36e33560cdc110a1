import { LogOut, Menu } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useMeQuery } from "@/features/auth/api";
import { useLogout } from "@/features/auth/hooks/use-logout";
import { OrganizationSwitcher } from "@/features/organizations/components/organization-switcher";
import { NotificationsButton } from "@/features/notifications/components/notifications-button";
import { LiveUpdatesMarker } from "@/features/live/components/live-updates-marker";

interface AppHeaderProps {
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function AppHeader({ sidebarId, sidebarOpen, onToggleSidebar }: AppHeaderProps) {
  const me = useMeQuery();
  const { logout, isPending } = useLogout();
  const email = me.data?.user.email ?? "";

  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-1 border-b bg-background/95 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Toggle menu"
        aria-controls={sidebarId}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      <OrganizationSwitcher />
      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-3">
        <LiveUpdatesMarker />
        <NotificationsButton />
        <span title={email} className="max-w-[7rem] truncate text-xs text-muted-foreground sm:max-w-[16rem] sm:text-sm">
          {email}
        </span>
        <Button variant="outline" size="sm" onClick={logout} disabled={isPending} className="max-sm:px-2">
          <LogOut aria-hidden="true" />
          {/* Icon-only on phones to leave room for the e-mail; the name stays "Logout" for everyone. */}
          <span className="max-sm:sr-only">Logout</span>
        </Button>
      </div>
    </header>
  );
}
