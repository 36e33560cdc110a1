import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense, lazy } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { ErrorBoundary } from "@/components/error-boundary";
import { queryClient } from "@/query-client";
import { AppRoutes } from "@/app/router";
import "@/styles.css";

// Loaded beside the first screen, not before it (lib/toast.ts).
const ToasterHost = lazy(() => import("@/components/toaster-host").then((m) => ({ default: m.ToasterHost })));

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing the #root element");

function render() {
  createRoot(container!).render(
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          {/* A toaster whose code fails to load (a network blip) must not take the app down with it. */}
          <ErrorBoundary fallback={null}>
            <Suspense fallback={null}>
              <ToasterHost />
            </Suspense>
          </ErrorBoundary>
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}

// The offline copy (IndexedDB) and the service worker's registration load beside the first screen, not
// before it: neither is needed to paint it (ADR 014).
const offlineCache = import("@/lib/offline-cache");
void Promise.all([offlineCache, import("@/features/organizations/api")]).then(([cache, organizations]) =>
  cache.persistOfflineCache(queryClient, organizations.readStoredOrganizationId),
);
// Without a network the contacts and groups last seen come back first, so the app opens with them
// (online, the server is the source and the screens load as usual).
if (navigator.onLine) render();
else
  void offlineCache
    .then((cache) => cache.restoreOfflineCache(queryClient))
    .catch(() => undefined)
    .finally(render);

// Development skips the worker: a cached shell would mask hot-reloaded changes.
void import("@/lib/service-worker").then((worker) => worker.registerServiceWorker());
