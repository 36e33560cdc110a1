import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
let source: string | undefined;

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (its own source, injected into the page) on what the page shows now, and answers the
 * serious and critical violations: rule, message and the elements, so a failure says what to fix.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // The pointer stays where the last click left it; whatever the next screen puts under it would be
  // measured in its hover colours, which depend on layout, not on what the screen shows at rest.
  await page.mouse.move(-1, -1);
  await animationsSettled(page);
  source ??= readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated through the debugging protocol: the app's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(source);
  // page.evaluate has no timeout of its own: a run that never ends would show only as the test's timeout.
  return withinTime(
    page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: any[] }> } }).axe;
      const { violations } = await axe.run(document, { resultTypes: ["violations"] });
      return violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n: any) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`.slice(0, 300)).slice(0, 5),
        }));
    }),
  );
}

const AXE_RUN_MS = 20_000;

function withinTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`axe-core did not finish within ${AXE_RUN_MS / 1000} s`)), AXE_RUN_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Waits (up to 3 s) until no finite animation or transition runs: a toast or dialog caught mid-fade has
 * blended colours, and axe-core would measure the contrast of a frame no one reads.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000, polling: 50 },
    )
    .catch(() => undefined);
}
