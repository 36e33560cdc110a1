import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { LiveEvent } from "@shared/live-events";
import { hasUnsavedForms } from "@/lib/form-state-registry";
import { applyLiveEvents, refreshEverything } from "../lib/apply-events";
import { LiveConnection, type LiveStatus } from "../lib/live-connection";
import { isOwnRecentAction } from "../lib/own-actions";
import { recordRemoteChange } from "../lib/remote-changes";

/** Spec section 9: events are debounced 500 ms. */
export const DEBOUNCE_MS = 500;
/** While a form holds unsaved data, pending changes are looked at again this often. */
const UNSAVED_RECHECK_MS = 1000;

const tabActive = () => document.visibilityState === "visible" && document.hasFocus();

/**
 * When the screens of the organization shown began to be read: for the page's first organization, the
 * page's own start (its reads of the person, the organization and the first screen may come before the
 * stream); for one switched to later, the switch. The same organization asked again (the effect run
 * again, as React's strict mode does) keeps its moment.
 */
let shown: { orgId: string | null; since: number } = { orgId: null, since: performance.timeOrigin };
function viewReadAt(orgId: string): number {
  if (shown.orgId !== orgId) shown = { orgId, since: shown.orgId === null ? shown.since : Date.now() };
  return shown.since;
}

/** The order in which this page received each event, and the latest one marked settled. */
const arrivals = new WeakMap<LiveEvent, number>();
let received = 0;
let settledUpTo = 0;

/**
 * The last event the page has dealt with (applied to its screens, or passed over as the echo of its own
 * action), on the page for whoever must know a change has been taken in, not only sent: browser tests
 * that check what a change did not cause, support.
 */
function markSettled(events: LiveEvent[]) {
  const last = events.at(-1);
  if (!last) return;
  // A batch applied slowly (its reads) must not put back an event older than one marked meanwhile
  // (the echo of the person's own action is marked as it arrives).
  const order = arrivals.get(last) ?? 0;
  if (order < settledUpTo) return;
  settledUpTo = order;
  document.documentElement.dataset.liveSettled = `${last.type}:${last.ids.join(",")}`;
}

/**
 * Follows the organization's live stream for as long as the signed-in screens are shown (spec section
 * 4): events debounced, ignored while the tab is hidden or unfocused (it refreshes when it comes
 * back), ignored when they echo this person's own action of the last 5 s, held while a form holds
 * unsaved data. Returns the stream's state for the 'Live updates paused' marker.
 */
export function useLiveUpdates(orgId: string | null, myUserId: string | undefined): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");

  useEffect(() => {
    if (!orgId) return;
    let pending: LiveEvent[] = [];
    let missed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      timer = undefined;
      if (hasUnsavedForms()) {
        timer = setTimeout(flush, UNSAVED_RECHECK_MS);
        return;
      }
      const batch = pending;
      pending = [];
      if (missed) {
        missed = false;
        void refreshEverything(queryClient, orgId);
      } else if (batch.length) void applyLiveEvents(queryClient, orgId, myUserId, batch).then(() => markSettled(batch));
    };
    const schedule = () => {
      if (timer === undefined) timer = setTimeout(flush, DEBOUNCE_MS);
    };

    const connection = new LiveConnection(
      orgId,
      {
        event: (event) => {
          arrivals.set(event, ++received);
          if (event.type.startsWith("contact.") && event.actorId !== myUserId) {
            for (const id of event.ids) {
              recordRemoteChange(id, {
                version: event.version,
                actorName: event.actorName ?? "another user",
                removed: event.type === "contact.trashed" || event.type === "contact.purged",
              });
            }
          }
          if (event.type !== "notification.created" && isOwnRecentAction(event.actorId, myUserId)) {
            markSettled([event]);
            return;
          }
          if (!tabActive()) {
            missed = true;
            return;
          }
          pending.push(event);
          schedule();
        },
        refetch: () => {
          missed = true;
          if (tabActive()) schedule();
        },
        // Signed out: /api/me now answers 401 and the shell goes to the login. The organization now requires
        // two-factor: /api/me's flags bring up the walk-through at once. Removed, or the organization
        // deleted: what the person may see is re-read on their next screen (the bell tells them why).
        ended: (reason) =>
          void queryClient.invalidateQueries({
            queryKey: ["me"],
            refetchType: reason === "signed-out" || reason === "two-factor-required" ? "active" : "none",
          }),
        status: (next) => {
          // Also on the page, for whoever needs to know the stream is live (browser tests, support).
          document.documentElement.dataset.live = next;
          setStatus(next);
        },
      },
      { viewReadAt: viewReadAt(orgId) },
    );
    connection.start();

    const comeBack = () => {
      if (!tabActive()) return;
      connection.resume();
      if (missed) schedule();
    };
    document.addEventListener("visibilitychange", comeBack);
    window.addEventListener("focus", comeBack);
    window.addEventListener("online", comeBack);
    return () => {
      connection.stop();
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", comeBack);
      window.removeEventListener("focus", comeBack);
      window.removeEventListener("online", comeBack);
      setStatus("connecting");
    };
  }, [orgId, myUserId, queryClient]);

  return status;
}
