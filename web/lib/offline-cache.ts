import { type DehydratedState, type QueryClient, dehydrate, hydrate } from "@tanstack/react-query";
import { clear, createStore, get, set } from "idb-keyval";

// The last contacts and groups a person saw, kept in IndexedDB per user and organization so the app
// opens with them without a network (read-only, under the 'Offline' banner; the contact list searches
// them in the browser). Only these lists and the signed-in person are kept; sign-out deletes
// everything (clearOfflineCache).

const store = () => createStore("contactbook-offline", "queries");
const LAST = "last";
const PERSISTED = new Set(["me", "contacts", "groups"]);
const SAVE_EVERY_MS = 1000;
/** Bumped by sign-out: a save that read the store before it was cleared must not write it back. */
let generation = 0;

interface Pointer {
  userId: string;
  orgId: string;
}

const cacheKey = (p: Pointer) => `cache:${p.userId}:${p.orgId}`;

type KeptQuery = DehydratedState["queries"][number];

/**
 * The lists a screen opens with (the contacts of each filter and sort without a search, their counts,
 * the groups): kept in the saved copy after the page has let go of them (a list unused for a minute
 * leaves the cache), so the copy holds the last contacts and groups seen, not only the screen open last.
 */
function isScreenList(query: KeptQuery): boolean {
  const [kind, , part, params] = query.queryKey;
  if (kind === "groups") return part === "list";
  if (kind !== "contacts") return false;
  if (part === "counts") return params === "";
  return part === "list" && typeof params === "object" && params !== null && (params as { q?: unknown }).q === "";
}

/** The new copy, plus the screens' lists of the previous copy that the page no longer holds. */
function withEarlierLists(state: DehydratedState, earlier: DehydratedState | undefined): DehydratedState {
  if (!earlier) return state;
  const held = new Set(state.queries.map((query) => query.queryHash));
  const kept = earlier.queries.filter((query) => !held.has(query.queryHash) && isScreenList(query));
  return kept.length === 0 ? state : { ...state, queries: [...state.queries, ...kept] };
}

/** Puts the last saved lists of the last person and organization into the cache, before the first render. */
export async function restoreOfflineCache(queryClient: QueryClient): Promise<void> {
  try {
    const last = await get<Pointer>(LAST, store());
    if (!last) return;
    const state = await get<DehydratedState>(cacheKey(last), store());
    if (state) hydrate(queryClient, state);
  } catch {
    /* private mode or no IndexedDB: start empty */
  }
}

/** Saves the kept queries (at most once a second) for whoever is signed in, in their current organization. */
export function persistOfflineCache(queryClient: QueryClient, currentOrgId: () => string | null): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const me = queryClient.getQueryData<{ user: { id: string } } | null>(["me"]);
    const orgId = currentOrgId();
    if (!me || !orgId) return;
    const pointer = { userId: me.user.id, orgId };
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.state.status === "success" &&
        PERSISTED.has(String(query.queryKey[0])) &&
        (query.queryKey[0] === "me" || query.queryKey[1] === orgId) &&
        // Per-contact reads and phone checks are not lists: not kept.
        (query.queryKey[0] !== "contacts" || query.queryKey[2] === "list" || query.queryKey[2] === "counts"),
    });
    const key = cacheKey(pointer);
    const started = generation;
    const write = async () => {
      const earlier = await get<DehydratedState>(key, store());
      if (started === generation) await Promise.all([set(key, withEarlierLists(state, earlier), store()), set(LAST, pointer, store())]);
    };
    void write().catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || timer !== undefined) return;
    timer = setTimeout(save, SAVE_EVERY_MS);
  });
  // This module loads beside the first screen: what the cache took in before it did is saved too.
  timer = setTimeout(save, SAVE_EVERY_MS);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/** Deletes every cached personal datum (sign-out). */
export async function clearOfflineCache(): Promise<void> {
  generation += 1;
  await clear(store()).catch(() => undefined);
}
