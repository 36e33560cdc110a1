// Bundles the server (and the backup and restore commands) into ES modules; npm packages stay
// external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: {
    main: "server/main.ts",
    backup: "server/ops/backup-cli.ts",
    restore: "server/ops/restore-cli.ts",
    // An import's file is read and prepared on a worker thread (server/services/imports/prepare-thread.ts).
    "import-worker": "server/services/imports/prepare-worker.ts",
    // A large SQLite import writes its batches on a thread of its own (server/services/imports/writer-thread.ts).
    "import-writer": "server/services/imports/writer-worker.ts",
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("built dist/server/main.js, backup.js, restore.js, import-worker.js, import-writer.js");
