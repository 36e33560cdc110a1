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
    // No retries: a retried pass hides a flake. Tests wait for the app's own signals instead.
    retry: 0,
    // What a poll waits for is the app's answer (a search, a live update): on a loaded CI machine that
    // can take more than Vitest's default second.
    expect: { poll: { timeout: 10_000 } },
  },
});
