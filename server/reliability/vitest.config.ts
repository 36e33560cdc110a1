import { defineConfig } from "vitest/config";

// The fault suite: the built app as real processes, killed, signalled and cut off from a private
// PostgreSQL cluster. Runs after `npm run build`.
export default defineConfig({
  test: {
    include: ["server/reliability/**/*.test.ts"],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
