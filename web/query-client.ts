import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { recordOwnAction } from "@/features/live/lib/own-actions";
import { isApiError } from "@/api";

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A 401 anywhere means the session ended (expired, revoked, signed out in another tab):
      // re-check /api/me so the protected layout sends the user to /login.
      if (isApiError(error) && error.status === 401 && query.queryKey[0] !== "me") {
        void queryClient.invalidateQueries({ queryKey: ["me"] });
      }
    },
  }),
  // Every change this tab makes: the live stream's echo of it within 5 s is not applied twice.
  mutationCache: new MutationCache({ onMutate: () => recordOwnAction(), onSettled: () => recordOwnAction() }),
  defaultOptions: {
    queries: {
      // Spec: 1 retry. A 4xx answer will not change on a second try, so only retry network and 5xx failures.
      retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
