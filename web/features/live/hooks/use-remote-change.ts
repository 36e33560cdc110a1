import { useCallback, useSyncExternalStore } from "react";
import { type RemoteChange, readRemoteChange, subscribeRemoteChanges } from "../lib/remote-changes";

/** The latest change someone else made to this contact while this tab was open, if any. */
export function useRemoteChange(contactId: string | undefined): RemoteChange | undefined {
  const read = useCallback(() => (contactId ? readRemoteChange(contactId) : undefined), [contactId]);
  return useSyncExternalStore(subscribeRemoteChanges, read);
}
