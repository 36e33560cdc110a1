import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./web", import.meta.url)),
      "@shared": fileURLToPath(new URL("./shared", import.meta.url)),
    },
  },
  test: {
    include: ["server/**/*.test.ts", "shared/**/*.test.ts", "web/**/*.test.{ts,tsx}"],
    // The fault suite drives the built app as processes: `npm run test:reliability`, after the build.
    exclude: ["server/reliability/**", "**/node_modules/**"],
    globalSetup: ["server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only queue up behind scrypt and the databases.
    maxWorkers: 2,
    // Files share a worker's module cache: importing the server afresh for each of about a hundred
    // files took 160-200 s of CI's unit stage. Tests build their app and database per file
    // (server/test/harness.ts) and undo what they stub, so nothing else carries over.
    isolate: false,
  },
});
