import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/api";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Spec: 1 retry. A 4xx answer will not change on a second try, so only retry network and 5xx failures.
      retry: (failureCount, error) =>
        failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
