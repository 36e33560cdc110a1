import type { QueryClient } from "@tanstack/react-query";
import type { LiveEvent } from "@shared/live-events";
import { authKeys } from "@/features/auth/api";
import {
  dropContactFromElsewhere,
  invalidateContactSideQueries,
  refreshContactFromElsewhere,
  refreshContactLists,
  refreshGroupScopedContacts,
  showContactFromElsewhere,
} from "@/features/contacts/api";
import { groupKeys } from "@/features/groups/api";
import { invitationKeys } from "@/features/invitations/api";
import { memberKeys } from "@/features/members/api";
import { notificationKeys } from "@/features/notifications/api";

/** Beyond this many contacts in one batch, reloading the lists is cheaper than one read per contact. */
const MAX_PATCHED_CONTACTS = 20;

/** Everything the screens show for the organization, reloaded (a missed stretch of events, the tab back). */
export async function refreshEverything(queryClient: QueryClient, orgId: string): Promise<void> {
  await Promise.all([
    refreshContactLists(queryClient, orgId),
    queryClient.invalidateQueries({ queryKey: groupKeys.organization(orgId) }),
    queryClient.invalidateQueries({ queryKey: memberKeys.organization(orgId) }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    queryClient.invalidateQueries({ queryKey: invitationKeys.mine }),
  ]);
  invalidateContactSideQueries(queryClient, orgId);
}

/**
 * Applies a debounced batch of another person's changes to what this tab has loaded: a changed contact
 * is re-read and patched in place, a trashed one leaves, a new one appears on top, counts move;
 * groups, members and the bell refetch their (small, paged) lists.
 */
export async function applyLiveEvents(queryClient: QueryClient, orgId: string, myUserId: string | undefined, events: LiveEvent[]) {
  const appear = new Set<string>();
  const change = new Set<string>();
  const leave = new Set<string>();
  let bulk = false;
  let contacts = false;
  let groups = false;
  let members = false;
  let me = false;
  let bell = false;
  for (const event of events) {
    const [kind] = event.type.split(".");
    if (event.more) bulk = true;
    switch (event.type) {
      case "contact.created":
      case "contact.restored":
        event.ids.forEach((id) => appear.add(id));
        break;
      case "contact.updated":
      case "contact.merged":
      case "contact.favorite":
        event.ids.forEach((id) => change.add(id));
        break;
      case "contact.trashed":
      case "contact.purged":
        event.ids.forEach((id) => leave.add(id));
        break;
      case "contacts.bulk":
        bulk = true;
        break;
      case "notification.created":
        bell = true;
        break;
      case "organization.renamed":
      case "organization.updated":
      case "organization.deleted":
        me = true;
        break;
      default:
        if (kind === "group") groups = true;
        if (kind === "member" || kind === "invitation") {
          members = true;
          if (event.ids.includes(myUserId ?? "")) me = true;
        }
    }
    if (kind === "contact" || kind === "contacts") contacts = true;
  }
  const work: Promise<unknown>[] = [];
  if (bulk || appear.size + change.size > MAX_PATCHED_CONTACTS) {
    work.push(refreshContactLists(queryClient, orgId));
  } else {
    for (const id of leave) dropContactFromElsewhere(queryClient, orgId, id);
    for (const id of appear) if (!leave.has(id)) work.push(showContactFromElsewhere(queryClient, orgId, id));
    for (const id of change) if (!leave.has(id) && !appear.has(id)) work.push(refreshContactFromElsewhere(queryClient, orgId, id));
  }
  if (contacts) {
    invalidateContactSideQueries(queryClient, orgId);
    // Group member rows show the contact's name and phone, and trashed contacts leave them.
    groups = true;
  }
  if (groups)
    work.push(queryClient.invalidateQueries({ queryKey: groupKeys.organization(orgId) }), refreshGroupScopedContacts(queryClient, orgId));
  if (members) work.push(queryClient.invalidateQueries({ queryKey: memberKeys.organization(orgId) }));
  if (me) work.push(queryClient.invalidateQueries({ queryKey: authKeys.me }));
  if (bell)
    work.push(
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      queryClient.invalidateQueries({ queryKey: invitationKeys.mine }),
    );
  await Promise.allSettled(work);
}
