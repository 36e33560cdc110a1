// Spec section 4: events caused by the user's own action within the last 5 seconds are ignored (this
// tab already shows the change it made). Every mutation of the app marks the moment (web/query-client.ts).

export const OWN_ACTION_WINDOW_MS = 5000;

let lastOwnActionAt = Number.NEGATIVE_INFINITY;

export function recordOwnAction(now = Date.now()): void {
  lastOwnActionAt = now;
}

export function isOwnRecentAction(actorId: string | null, myUserId: string | undefined, now = Date.now()): boolean {
  return actorId !== null && actorId === myUserId && now - lastOwnActionAt < OWN_ACTION_WINDOW_MS;
}
