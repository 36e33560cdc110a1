import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactFilter, ContactSort } from "@shared/contact-fields";
import type { LiveEvent, LiveEventType } from "@shared/live-events";
import { authKeys } from "@/features/auth/api";
import { type Contact, contactKeys } from "@/features/contacts/api";
import { groupKeys } from "@/features/groups/api";
import { invitationKeys } from "@/features/invitations/api";
import { memberKeys } from "@/features/members/api";
import { notificationKeys } from "@/features/notifications/api";
import { applyLiveEvents, refreshEverything } from "./apply-events";

// The list screens' cache entries: the params of contactKeys.list, and the pages useContactsQuery keeps.
type ContactListParams = { q: string; filter: ContactFilter; sort: ContactSort };
type ContactPages = InfiniteData<{ items: Contact[]; nextCursor: string | null }, string | null>;

const ORG = "org-1";
const ME = "user-me";
const ALL: ContactListParams = { q: "", filter: "all", sort: "last_name" };
const FAVORITES: ContactListParams = { q: "", filter: "favorites", sort: "last_name" };
const SEARCH: ContactListParams = { q: "ann", filter: "all", sort: "last_name" };

const contact = (id: string, extra: Partial<Contact> = {}) =>
  ({ id, first_name: id, last_name: null, is_favorite: false, ...extra }) as Contact;
/** An infinite list as useContactsQuery caches it: keyset pages, the next cursor on each. */
const pages = (...ids: string[][]): ContactPages => ({
  pages: ids.map((page, i) => ({ items: page.map((id) => contact(id)), nextCursor: i < ids.length - 1 ? `c${i}` : null })),
  pageParams: ids.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});
const event = (type: LiveEventType, ids: string[], extra: Partial<LiveEvent> = {}): LiveEvent => ({
  id: `e-${type}-${ids.join(",")}`,
  type,
  ids,
  actorId: "someone-else",
  at: "2026-01-01T00:00:00.000Z",
  ...extra,
});

// The API as this test's network answers it: GET /api/orgs/:orgId/contacts/:id from `stored`, else a 404
// (the other calls the code under test might make are refused, so an unexpected read fails loudly).
const stored = new Map<string, Contact>();
const reads: string[] = [];

beforeAll(() => {
  vi.stubGlobal("fetch", (input: string | URL | Request) => {
    const path = new URL(input instanceof Request ? input.url : input, "http://contactbook.test").pathname;
    const match = /^\/api\/orgs\/([^/]+)\/contacts\/([^/]+)$/.exec(path);
    if (!match) return Promise.resolve(new Response(null, { status: 500 }));
    const id = decodeURIComponent(match[2]!);
    reads.push(id);
    const found = match[1] === ORG ? stored.get(id) : undefined;
    const body = found ?? { error: { code: "NOT_FOUND", message: "Contact not found" } };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: found ? 200 : 404, headers: { "Content-Type": "application/json" } }),
    );
  });
});
afterAll(() => vi.unstubAllGlobals());

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  stored.clear();
  reads.length = 0;
});
afterEach(() => queryClient.clear());

const listed = (params: ContactListParams) =>
  queryClient.getQueryData<ContactPages>(contactKeys.list(ORG, params))?.pages.map((page) => page.items.map((c) => c.id));
const row = (params: ContactListParams, id: string) =>
  queryClient
    .getQueryData<ContactPages>(contactKeys.list(ORG, params))
    ?.pages.flatMap((page) => page.items)
    .find((c) => c.id === id);
const invalidated = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated ?? false;
const seed = (queryKey: readonly unknown[], data: unknown) => queryClient.setQueryData(queryKey, data);

describe("applyLiveEvents: another person's contact changes", () => {
  it("takes a contact trashed elsewhere out of every loaded list and forgets its detail", async () => {
    seed(contactKeys.list(ORG, ALL), pages(["a", "b"], ["c"]));
    seed(contactKeys.list(ORG, SEARCH), pages(["b"]));
    seed(contactKeys.detail(ORG, "b"), contact("b"));
    seed(contactKeys.counts(ORG, ""), { all: 3 });

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.trashed", ["b"])]);

    expect(listed(ALL)).toEqual([["a"], ["c"]]);
    expect(listed(SEARCH)).toEqual([[]]);
    expect(queryClient.getQueryData(contactKeys.detail(ORG, "b"))).toBeUndefined();
    expect(invalidated(contactKeys.counts(ORG, ""))).toBe(true);
    expect(reads).toEqual([]);
  });

  it("re-reads a changed contact the tab shows and puts the server's copy in place", async () => {
    seed(contactKeys.list(ORG, ALL), pages(["a", "b"], ["c"]));
    stored.set("c", contact("c", { first_name: "Carla", is_favorite: true }));

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.updated", ["c"], { version: 2 })]);

    expect(reads).toEqual(["c"]);
    expect(row(ALL, "c")).toMatchObject({ first_name: "Carla", is_favorite: true });
    expect(listed(ALL)).toEqual([["a", "b"], ["c"]]);
    expect(queryClient.getQueryData(contactKeys.detail(ORG, "c"))).toMatchObject({ first_name: "Carla" });
  });

  it("reads nothing for a change to a contact this tab has not loaded", async () => {
    seed(contactKeys.list(ORG, ALL), pages(["a"]));
    stored.set("z", contact("z"));

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.favorite", ["z"])]);

    expect(reads).toEqual([]);
    expect(listed(ALL)).toEqual([["a"]]);
  });

  it("drops a changed contact that the server no longer has", async () => {
    seed(contactKeys.list(ORG, ALL), pages(["a", "gone"]));

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.updated", ["gone"])]);

    expect(reads).toEqual(["gone"]);
    expect(listed(ALL)).toEqual([["a"]]);
  });

  it("shows a new contact on top of the lists that would hold it, not on a search or a filter it misses", async () => {
    seed(contactKeys.list(ORG, ALL), pages(["a", "b"]));
    seed(contactKeys.list(ORG, FAVORITES), pages(["f"]));
    seed(contactKeys.list(ORG, SEARCH), pages(["a"]));
    stored.set("new", contact("new", { first_name: "Nadia" }));

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.created", ["new"])]);

    expect(listed(ALL)).toEqual([["new", "a", "b"]]);
    expect(row(ALL, "new")).toMatchObject({ first_name: "Nadia" });
    expect(listed(FAVORITES)).toEqual([["f"]]);
    expect(listed(SEARCH)).toEqual([["a"]]);
  });

  it("puts a new favourite on the Favorites list too, once", async () => {
    seed(contactKeys.list(ORG, ALL), pages(["a"]));
    seed(contactKeys.list(ORG, FAVORITES), pages(["f"]));
    stored.set("star", contact("star", { is_favorite: true }));

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.created", ["star"]), event("contact.restored", ["star"])]);

    expect(listed(ALL)).toEqual([["star", "a"]]);
    expect(listed(FAVORITES)).toEqual([["star", "f"]]);
    expect(reads).toEqual(["star"]);
  });

  it("neither reads nor shows a contact created and trashed in the same batch", async () => {
    seed(contactKeys.list(ORG, ALL), pages(["a"]));
    stored.set("brief", contact("brief"));

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.created", ["brief"]), event("contact.trashed", ["brief"])]);

    expect(reads).toEqual([]);
    expect(listed(ALL)).toEqual([["a"]]);
  });

  it("reloads the lists instead of patching when a batch is too big to read one by one", async () => {
    seed(contactKeys.list(ORG, ALL), pages(["a"]));
    const many = Array.from({ length: 21 }, (_, i) => `n${i}`);

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.created", many)]);

    expect(reads).toEqual([]);
    expect(listed(ALL)).toEqual([["a"]]);
    expect(invalidated(contactKeys.list(ORG, ALL))).toBe(true);
  });

  it("reloads the lists on a bulk change or an event that names only the first of many", async () => {
    for (const events of [[event("contacts.bulk", [])], [event("contact.updated", ["a"], { more: true })]]) {
      seed(contactKeys.list(ORG, ALL), pages(["a"]));
      await applyLiveEvents(queryClient, ORG, ME, events);
      expect(reads).toEqual([]);
      expect(invalidated(contactKeys.list(ORG, ALL))).toBe(true);
      queryClient.clear();
    }
  });

  it("marks a long-scrolled list stale without asking for every page again", async () => {
    seed(contactKeys.list(ORG, ALL), pages(["a"], ["b"], ["c"], ["d"]));

    await applyLiveEvents(queryClient, ORG, ME, [event("contacts.bulk", [])]);

    expect(listed(ALL)).toEqual([["a"], ["b"], ["c"], ["d"]]);
    expect(invalidated(contactKeys.list(ORG, ALL))).toBe(true);
  });

  it("marks the side views of contacts stale: counts, trash, duplicates and the groups' member rows", async () => {
    const side = [
      contactKeys.counts(ORG, ""),
      contactKeys.trash(ORG),
      contactKeys.duplicates(ORG),
      contactKeys.phoneMatch(ORG, "6153906319", "", null),
      groupKeys.lists(ORG),
    ];
    for (const key of side) seed(key, {});
    seed(memberKeys.list(ORG), {});

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.trashed", ["x"])]);

    for (const key of side) expect(invalidated(key), JSON.stringify(key)).toBe(true);
    expect(invalidated(memberKeys.list(ORG))).toBe(false);
  });
});

describe("applyLiveEvents: groups, members, the organization and the bell", () => {
  beforeEach(() => {
    seed(groupKeys.lists(ORG), {});
    seed(memberKeys.list(ORG), {});
    seed(authKeys.me, {});
    seed(notificationKeys.unread, 0);
    seed(invitationKeys.mine, []);
    seed(contactKeys.counts(ORG, ""), {});
  });
  const stale = () => ({
    groups: invalidated(groupKeys.lists(ORG)),
    members: invalidated(memberKeys.list(ORG)),
    me: invalidated(authKeys.me),
    bell: invalidated(notificationKeys.unread) && invalidated(invitationKeys.mine),
    contacts: invalidated(contactKeys.counts(ORG, "")),
  });

  it("refreshes the groups on a group event, and nothing else", async () => {
    await applyLiveEvents(queryClient, ORG, ME, [event("group.members_added", ["g1", "a"], { groupId: "g1" })]);
    expect(stale()).toEqual({ groups: true, members: false, me: false, bell: false, contacts: false });
  });

  it("refreshes the members on another member's change, and the signed-in user's organizations when it is theirs", async () => {
    await applyLiveEvents(queryClient, ORG, ME, [event("member.role_changed", ["user-other"])]);
    expect(stale()).toEqual({ groups: false, members: true, me: false, bell: false, contacts: false });

    await applyLiveEvents(queryClient, ORG, ME, [event("member.role_changed", [ME])]);
    expect(stale().me).toBe(true);
  });

  it("reads the organization list again when the organization is renamed or changes its settings", async () => {
    await applyLiveEvents(queryClient, ORG, ME, [event("organization.updated", [ORG])]);
    expect(stale()).toEqual({ groups: false, members: false, me: true, bell: false, contacts: false });
  });

  it("refreshes the bell and the invitations on a notification", async () => {
    await applyLiveEvents(queryClient, ORG, ME, [event("notification.created", ["n1"])]);
    expect(stale()).toEqual({ groups: false, members: false, me: false, bell: true, contacts: false });
  });

  it("leaves another organization's cache alone", async () => {
    seed(contactKeys.list("org-2", ALL), pages(["b"]));
    seed(groupKeys.lists("org-2"), {});

    await applyLiveEvents(queryClient, ORG, ME, [event("contact.trashed", ["b"]), event("group.deleted", ["g"])]);

    expect(queryClient.getQueryData<ContactPages>(contactKeys.list("org-2", ALL))?.pages[0]!.items.map((c) => c.id)).toEqual(["b"]);
    expect(invalidated(groupKeys.lists("org-2"))).toBe(false);
  });
});

describe("refreshEverything", () => {
  it("marks every screen's data for the organization stale after a missed stretch of events", async () => {
    const keys = [
      contactKeys.list(ORG, ALL),
      contactKeys.counts(ORG, ""),
      contactKeys.trash(ORG),
      contactKeys.duplicates(ORG),
      groupKeys.lists(ORG),
      memberKeys.invitations(ORG),
      notificationKeys.list,
      invitationKeys.mine,
    ];
    for (const key of keys) seed(key, key[0] === "contacts" && key[2] === "list" ? pages(["a"]) : {});

    await refreshEverything(queryClient, ORG);

    for (const key of keys) expect(invalidated(key), JSON.stringify(key)).toBe(true);
    expect(reads).toEqual([]);
  });
});
