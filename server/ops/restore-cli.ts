// npm run restore -- <file> [--force]: puts a backup made by `npm run backup` back (see README, "Backups").
import { loadConfig } from "../config.js";
import { BackupError, restoreDatabase } from "./backup.js";
import { runCli } from "./cli.js";

runCli(
  "npm run restore -- <file> [--force]",
  async (args) => {
    const force = args.includes("--force");
    const files = args.filter((a) => a !== "--force");
    if (files.length !== 1 || files[0]!.startsWith("-")) return false;
    const result = await restoreDatabase(loadConfig().databaseUrl, files[0]!, force);
    console.log(`Restored the ${result.engine} database from ${files[0]} into ${result.file}. Start Contactbook again.`);
    return true;
  },
  BackupError,
);
