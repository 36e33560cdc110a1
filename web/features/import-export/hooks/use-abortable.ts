import { useEffect, useRef } from "react";

/**
 * One piece of work at a time per card: `next()` cancels the previous one (a second file chosen while the
 * first is read) and gives a new signal; leaving the screen cancels the last. An import the server has
 * started goes on there; only the screen stops following it.
 */
export function useAbortable() {
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  return {
    next(): AbortSignal {
      current.current?.abort();
      current.current = new AbortController();
      return current.current.signal;
    },
    cancel() {
      current.current?.abort();
      current.current = null;
    },
  };
}
