import { useEffect, useState } from "react";
import { Outlet } from "react-router";
import { OrganizationSelectionModal } from "@/features/organizations/components/organization-selection-modal";
import { cn } from "@/lib/utils";
import { AppHeader } from "./app-header";
import { BottomNav } from "@/components/bottom-nav";
import { InstallPrompt } from "@/components/install-prompt";
import { Sidebar } from "@/components/sidebar";

const SIDEBAR_ID = "app-sidebar";

/** Signed-in layout: static sidebar from md up; below md an off-canvas drawer plus a bottom bar. */
export function AppShell() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const closeSidebar = () => setSidebarOpen(false);

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
    <div className="flex min-h-dvh bg-muted/30">
      <Sidebar id={SIDEBAR_ID} open={sidebarOpen} onNavigate={closeSidebar} />
      <button
        type="button"
        tabIndex={-1}
        aria-label="Close menu"
        data-testid="sidebar-overlay"
        onClick={closeSidebar}
        className={cn(
          "fixed inset-0 z-30 bg-black/50 transition-opacity duration-300 md:hidden",
          sidebarOpen ? "opacity-100" : "pointer-events-none invisible opacity-0",
        )}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader sidebarId={SIDEBAR_ID} sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((open) => !open)} />
        <main className="flex-1 px-4 pt-6 pb-24 sm:px-6 md:pb-8 lg:px-8">
          <Outlet />
        </main>
      </div>
      <BottomNav />
      <InstallPrompt />
      <OrganizationSelectionModal />
    </div>
  );
}
