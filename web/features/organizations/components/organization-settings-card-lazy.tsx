import { type ComponentProps, Suspense, lazy } from "react";

// api.ts re-exports this for User Management, and the shell reads api.ts on every screen: a static
// re-export would put the card (and its switches) in the shell's download, so it loads when shown.
const OrganizationSettingsCard = lazy(() => import("./organization-settings-card").then((m) => ({ default: m.OrganizationSettingsCard })));

export function LazyOrganizationSettingsCard(props: ComponentProps<typeof OrganizationSettingsCard>) {
  return (
    <Suspense fallback={null}>
      <OrganizationSettingsCard {...props} />
    </Suspense>
  );
}
