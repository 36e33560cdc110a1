// Contacts changed by someone else since this tab loaded them, for the edit form's notice
// ('This contact was changed by {name}'). Kept apart from the list patches, which wait while a form
// holds unsaved data: the notice must show exactly then.

export interface RemoteChange {
  version: number | undefined;
  actorName: string;
  /** Gone to the trash or deleted. */
  removed: boolean;
}

const changes = new Map<string, RemoteChange>();
const listeners = new Set<() => void>();

export function recordRemoteChange(contactId: string, change: RemoteChange): void {
  changes.set(contactId, change);
  for (const listener of listeners) listener();
}

export function subscribeRemoteChanges(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readRemoteChange(contactId: string): RemoteChange | undefined {
  return changes.get(contactId);
}
