import { NoOrganizationAlert } from "@/components/no-organization-alert";
import { useCurrentOrganization } from "@/features/organizations/api";
import { ApiTokensPanel } from "./api-tokens-panel";
import { WebhooksPanel } from "./webhooks-panel";

/**
 * Settings > Integrations (owner and admins): how other systems reach the current organization's book.
 * Each way has its panel here: API tokens, then webhooks.
 */
export function IntegrationsTab() {
  const { current } = useCurrentOrganization();
  if (!current) return <NoOrganizationAlert />;
  return (
    <div className="flex flex-col gap-6">
      <ApiTokensPanel orgId={current.id} />
      <WebhooksPanel organizationId={current.id} />
    </div>
  );
}
