import { type DehydratedState, type QueryClient, dehydrate, hydrate } from "@tanstack/react-query";
import { clear, createStore, get, set } from "idb-keyval";

// The last contacts and groups a person saw, kept in IndexedDB per user and organization so the app
// opens with them without a network (read-only, under the 'Offline' banner). Only these lists and
// the signed-in person are kept; sign-out deletes everything (clearOfflineCache).

const store = () => createStore("contactbook-offline", "queries");
const LAST = "last";
const PERSISTED = new Set(["me", "contacts", "groups"]);
const SAVE_EVERY_MS = 1000;

interface Pointer {
  userId: string;
  orgId: string;
}

const cacheKey = (p: Pointer) => `cache:${p.userId}:${p.orgId}`;

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
    void Promise.all([set(cacheKey(pointer), state, store()), set(LAST, pointer, store())]).catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || timer !== undefined) return;
    timer = setTimeout(save, SAVE_EVERY_MS);
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/** Deletes every cached personal datum (sign-out). */
export async function clearOfflineCache(): Promise<void> {
  await clear(store()).catch(() => undefined);
}
