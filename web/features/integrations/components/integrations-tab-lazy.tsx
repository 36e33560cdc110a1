import { Suspense, lazy } from "react";

// Re-exported by api.ts, which Settings reads: loaded when the tab is shown.
const IntegrationsTab = lazy(() => import("./integrations-tab").then((m) => ({ default: m.IntegrationsTab })));

export function LazyIntegrationsTab() {
  return (
    <Suspense fallback={null}>
      <IntegrationsTab />
    </Suspense>
  );
}
