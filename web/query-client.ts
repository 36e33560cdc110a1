import { MutationCache, QueryCache, QueryClient, onlineManager } from "@tanstack/react-query";
import { recordOwnAction } from "@/features/live/api";
import { isApiError } from "@/api";

// TanStack Query assumes a network until an 'offline' event: a page opened offline would then try every
// query, fail, and show the lists' error states over the cached rows (and, never having seen 'offline',
// would not refetch on 'online'). Starting from the browser's own answer, queries wait for the network
// instead and refetch when it returns.
onlineManager.setOnline(navigator.onLine);

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A 401 anywhere means the session ended (expired, revoked, signed out in another tab):
      // re-check /api/me so the protected layout sends the user to /login.
      if (isApiError(error) && error.status === 401 && query.queryKey[0] !== "me") {
        void queryClient.invalidateQueries({ queryKey: ["me"] });
      }
      refreshOnTwoFactorRequired(error);
    },
  }),
  // Every change this tab makes: the live stream's echo of it within 5 s is not applied twice.
  mutationCache: new MutationCache({
    onMutate: () => recordOwnAction(),
    onSettled: () => recordOwnAction(),
    onError: (error) => refreshOnTwoFactorRequired(error),
  }),
  defaultOptions: {
    queries: {
      // Spec: 1 retry. A 4xx answer will not change on a second try, so only retry network and 5xx failures.
      retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * An organization now requires two-factor of someone without it (turned on since /api/me was read, or
 * their two-factor turned off elsewhere): read /api/me again, whose flags make the shell show the
 * walk-through instead of that organization's screens.
 */
function refreshOnTwoFactorRequired(error: unknown) {
  if (isApiError(error) && error.code === "TWO_FACTOR_REQUIRED") void queryClient.invalidateQueries({ queryKey: ["me"] });
}
