import { defineConfig } from "vitest/config";

// Browser tests: one built server (global setup) for every spec file, a fresh browser context per test.
export default defineConfig({
  test: {
    include: ["e2e/**/*.spec.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    setupFiles: ["e2e/support/attempt-failures.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // One retry, as Playwright's own CI default does: on two busy cores a browser frame can land mid-animation.
    // A retried test still shows in the report, so a flake is seen and fixed, not hidden.
    retry: 1,
  },
});
