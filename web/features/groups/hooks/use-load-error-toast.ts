import { useEffect } from "react";
import { toast } from "@/lib/toast";

interface FailedQuery {
  isError: boolean;
  errorUpdatedAt: number;
}

/** One error toast per failed load (spec section 8); a fixed id keeps a re-run from stacking a second one. */
export function useLoadErrorToast(query: FailedQuery, message: string, id: string): void {
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(message, { id });
  }, [failedAt, message, id]);
}
