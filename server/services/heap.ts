import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * A full garbage collection on request, for long bulk jobs (an import) whose short-lived rows V8 would
 * otherwise let pile up: its heap grew to four times the live data (200 MB for 50 MB live) before each
 * major collection, and a process's memory is what an operator sizes a machine by. It is a full,
 * atomic collection: 75-170 ms for an import's heap of 100-170 MB (bench/RESULTS.md, eleventh session),
 * so callers run it rarely: after much work (an export's 50,000 contacts) or growth (garbageCollector).
 */
export const collectGarbage: () => void = (() => {
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  } catch {
    return () => undefined;
  }
})();

/**
 * Collects only once the heap has grown since the last collection (or since it was made) by `growth`
 * bytes or by half of what was live after it, whichever is more: a bound on what a bulk job adds to the
 * process, without paying for collections it does not need. A collection marks all that is live, so
 * with a fixed step a job that keeps much (an import's holders) paid for it again every few megabytes;
 * a step of half the live data keeps the marking under twice the allocation.
 */
export function garbageCollector(growth: number): () => void {
  const used = () => getHeapStatistics().used_heap_size;
  const next = () => {
    const live = used();
    return live + Math.max(growth, live / 2);
  };
  let ceiling = next();
  return () => {
    if (used() < ceiling) return;
    collectGarbage();
    ceiling = next();
  };
}
