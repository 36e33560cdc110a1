// npm run backup -- <file>: a consistent copy of the running database (see docs/operations.md, "Backups").
import { loadStorageConfig } from "../config.js";
import { BackupError, backupDatabase } from "./backup.js";
import { runCli } from "./cli.js";

runCli(
  "npm run backup -- <file>",
  async (args) => {
    if (args.length !== 1) return false;
    const started = Date.now();
    const result = await backupDatabase(loadStorageConfig().databaseUrl, args[0]!);
    console.log(
      `Backed up the ${result.engine} database to ${result.file} (${result.bytes} bytes) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return true;
  },
  BackupError,
);
