import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Toaster } from "sonner";
import { ErrorBoundary } from "@/components/error-boundary";
import { TooltipProvider } from "@/components/ui/tooltip";
import { queryClient } from "@/query-client";
import { router } from "@/app/router";
import "@/styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing the #root element");

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={300}>
          <RouterProvider router={router} />
        </TooltipProvider>
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
        />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

// Development skips the worker: a cached shell would mask hot-reloaded changes.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.warn("Service worker registration failed", error);
    });
  });
}
