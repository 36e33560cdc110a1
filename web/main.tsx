import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Toaster } from "sonner";
import { ErrorBoundary } from "@/components/error-boundary";
import { queryClient } from "@/query-client";
import { readStoredOrganizationId } from "@/features/organizations/current-organization-store";
import { persistOfflineCache, restoreOfflineCache } from "@/lib/offline-cache";
import { registerServiceWorker } from "@/lib/service-worker";
import { router } from "@/app/router";
import "@/styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing the #root element");

function render() {
  createRoot(container!).render(
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toaster
            position="bottom-right"
            visibleToasts={3}
            duration={4000}
            gap={14}
            richColors
            closeButton
            containerAriaLabel="Toast messages"
            // Keep phone toasts above the fixed bottom navigation bar.
            mobileOffset={{ bottom: 80 }}
            // A modal dialog turns pointer events off outside it; a toast's Undo must stay clickable over it.
            style={{ pointerEvents: "auto" }}
          />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}

// Without a network the contacts and groups last seen come back first, so the app opens with them
// (online, the server is the source and the screens load as usual).
persistOfflineCache(queryClient, readStoredOrganizationId);
if (navigator.onLine) render();
else void restoreOfflineCache(queryClient).finally(render);

// Development skips the worker: a cached shell would mask hot-reloaded changes.
registerServiceWorker();
