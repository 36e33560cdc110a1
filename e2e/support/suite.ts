import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { DESKTOP, type Session, launchBrowser, newSession } from "./browser.js";

/**
 * One browser per spec file and fresh contexts per test; after each test every context it opened must
 * have seen no uncaught page error, and is closed.
 */
export function browserSuite() {
  let browser: Browser | undefined;
  const open: Session[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  afterEach(async (context) => {
    const sessions = open.splice(0);
    if (context.task.result?.state === "fail") {
      // A picture of every page the failed test had open, for whoever reads the CI log.
      mkdirSync("e2e/artifacts", { recursive: true });
      const name = context.task.name.replace(/[^\w-]+/g, "-").slice(0, 80);
      for (const [i, session] of sessions.entries()) {
        await session.page.screenshot({ path: `e2e/artifacts/${name}-${i}.png`, fullPage: true }).catch(() => undefined);
      }
    }
    for (const session of sessions) await session.context.close();
    for (const session of sessions) expect(session.errors).toEqual([]);
  });
  return {
    /** A new signed-out browser context and page. */
    async session(viewport = DESKTOP): Promise<Session> {
      const session = await newSession(browser!, viewport);
      open.push(session);
      return session;
    },
  };
}
