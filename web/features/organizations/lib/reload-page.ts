/** Spec section 4: after creating or deleting an organization the page reloads (after 500 ms, so the toast shows). */
export const ORGANIZATION_RELOAD_DELAY_MS = 500;

export function reloadPageSoon(delayMs = ORGANIZATION_RELOAD_DELAY_MS): void {
  window.setTimeout(() => window.location.reload(), delayMs);
}
