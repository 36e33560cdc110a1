import { Suspense, lazy } from "react";

// Re-exported by api.ts, which the shell reads on every screen: loaded when the tab is shown.
const OrganizationTab = lazy(() => import("./organization-tab").then((m) => ({ default: m.OrganizationTab })));

export function LazyOrganizationTab() {
  return (
    <Suspense fallback={null}>
      <OrganizationTab />
    </Suspense>
  );
}
