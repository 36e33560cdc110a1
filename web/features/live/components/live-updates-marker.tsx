import { useMeQuery } from "@/features/auth/api";
import { useCurrentOrganization } from "@/features/organizations/api";
import { useLiveUpdates } from "../hooks/use-live-updates";

/**
 * Keeps the signed-in screens following the current organization's live stream, and shows the quiet
 * 'Live updates paused' marker once reconnecting gave up (the screens then refresh periodically).
 */
export function LiveUpdatesMarker() {
  const me = useMeQuery();
  const { current } = useCurrentOrganization();
  const status = useLiveUpdates(current?.id ?? null, me.data?.user.id);
  if (status !== "paused") return null;
  return (
    <span
      role="status"
      className="hidden text-xs whitespace-nowrap text-muted-foreground sm:inline"
      title="Screens refresh every 5 minutes"
    >
      Live updates paused
    </span>
  );
}
