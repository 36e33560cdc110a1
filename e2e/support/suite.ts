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
  afterEach(async () => {
    const sessions = open.splice(0);
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
