/**
 * Spec section 9's progress markers. The markers are floors the bar reaches as each step is passed;
 * once the server reports rows written, the real share of processed rows moves the bar from the last
 * marker up to 90; 100 only when the run has finished. Every input only grows, so the bar never goes back.
 */
export const FILE_MARKERS = [10, 30, 50] as const;
export const NATIVE_MARKERS = [10, 20, 40, 60] as const;
const RUNNING_MAX = 90;

export interface RunProgress {
  status: "running" | "done" | "failed" | "interrupted";
  processed: number;
  total: number;
}

/**
 * @param markers FILE_MARKERS or NATIVE_MARKERS
 * @param step how many steps are passed (0 = the first marker); clamped to the markers
 * @param run the server's latest report, once it answered
 */
export function importPercent(markers: readonly number[], step: number, run?: RunProgress): number {
  if (run && run.status !== "running") return 100;
  let percent = markers[Math.max(0, Math.min(step, markers.length - 1))] ?? 0;
  if (run && run.total > 0 && run.processed > 0) {
    const from = markers[markers.length - 1] ?? 0;
    const share = Math.min(1, run.processed / run.total);
    percent = Math.max(percent, from + (RUNNING_MAX - from) * share);
  }
  return Math.round(Math.min(RUNNING_MAX, percent));
}
