import { useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { AppAddressNotice, LazyFirstRunWelcome, TwoFactorRequiredScreen, useTwoFactorRequired } from "@/features/organizations/api";
import { OrganizationSelectionModal } from "@/features/organizations/components/organization-selection-modal";
import { cn } from "@/lib/utils";
import { TooltipProvider } from "@/components/ui/tooltip";
import { WifiOff } from "lucide-react";
import { useOnline } from "@/hooks/use-online";
import { AppHeader } from "./app-header";
import { BottomNav } from "./bottom-nav";
import { InstallPrompt } from "@/components/install-prompt";
import { Sidebar } from "./sidebar";

const SIDEBAR_ID = "app-sidebar";

/** Signed-in layout: static sidebar from md up; below md an off-canvas drawer plus a bottom bar. */
export function AppShell() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const online = useOnline();
  const closeSidebar = () => setSidebarOpen(false);
  const { pathname } = useLocation();
  // An organization that requires two-factor of someone without it: its screens give way to the
  // walk-through, except Settings (and /menu, the same screen) where they turn it on.
  const blockedBy = useTwoFactorRequired();
  const blocked = blockedBy !== null && pathname !== "/settings" && pathname !== "/menu";
  // The contact list is browsed offline (search, filters, opening a contact): it disables its own server
  // actions (contacts-route.tsx and the rows' buttons) instead of everything.
  const browsableOffline = pathname === "/contacts";

  // Escape closes the drawer, like any other overlay.
  useEffect(() => {
    if (!sidebarOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setSidebarOpen(false);
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [sidebarOpen]);

  return (
    // Tooltips live only behind sign-in: their provider (Radix, floating-ui) stays out of /login's download.
    <TooltipProvider delayDuration={300}>
      <div className="flex min-h-dvh bg-muted/30">
        {/* The first stop of the keyboard: past the sidebar and header, straight to the screen. */}
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow-lg focus:ring-2 focus:ring-ring"
        >
          Skip to content
        </a>
        <Sidebar id={SIDEBAR_ID} open={sidebarOpen} onNavigate={closeSidebar} />
        <button
          type="button"
          tabIndex={-1}
          aria-label="Close menu"
          data-testid="sidebar-overlay"
          onClick={closeSidebar}
          className={cn(
            // Above the bottom bar (z-30), below the sidebar (z-40): the whole screen behind the menu is dimmed.
            "fixed inset-0 z-[35] bg-black/50 transition-opacity duration-300 md:hidden",
            sidebarOpen ? "opacity-100" : "pointer-events-none invisible opacity-0",
          )}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <AppHeader sidebarId={SIDEBAR_ID} sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((open) => !open)} />
          <AppAddressNotice />
          {!online && (
            <div
              role="status"
              className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6"
            >
              <WifiOff aria-hidden="true" className="size-4 shrink-0" />
              <span>
                <strong>Offline</strong> - showing the contacts and groups last loaded. Changes need a connection and are disabled until it
                returns.
              </span>
            </div>
          )}
          <main id="main-content" tabIndex={-1} className="flex-1 px-4 pt-4 pb-24 outline-none sm:px-6 sm:pt-6 md:pb-8 lg:px-8">
            {/* Offline, every control that would ask the server is disabled at once; the banner says why. */}
            <fieldset disabled={!online && !browsableOffline} className="contents">
              {blocked ? <TwoFactorRequiredScreen organization={blockedBy} /> : <Outlet />}
            </fieldset>
          </main>
        </div>
        <BottomNav />
        <InstallPrompt />
        <OrganizationSelectionModal />
        <LazyFirstRunWelcome />
      </div>
    </TooltipProvider>
  );
}
