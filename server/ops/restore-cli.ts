// npm run restore -- <file> [--force]: puts a backup made by `npm run backup` back (see docs/operations.md, "Backups").
import { loadStorageConfig } from "../config.js";
import { BackupError, restoreDatabase } from "./backup.js";
import { runCli } from "./cli.js";

runCli(
  "npm run restore -- <file> [--force]",
  async (args) => {
    const force = args.includes("--force");
    const files = args.filter((a) => a !== "--force");
    if (files.length !== 1 || files[0]!.startsWith("-")) return false;
    const storage = loadStorageConfig();
    const result = await restoreDatabase(storage.databaseUrl, files[0]!, force);
    console.log(`Restored ${files[0]} into ${result.target}. Start Contactbook again.`);
    if (!storage.authSecretKept) {
      // Sessions are rows in the database, but their cookies are signed with the secret, and app passwords
      // are kept as keyed hashes under it (ADR 013).
      console.log(
        `Note: AUTH_SECRET is not set and ${storage.secretFile} does not exist, so Contactbook will make a new secret and ` +
          "everyone will have to sign in again and make new app passwords for their devices (e-mailed links keep working). To avoid it, " +
          `copy auth-secret from the old data folder to ${storage.secretFile} or set AUTH_SECRET to the old one before starting.`,
      );
    }
    return true;
  },
  BackupError,
);
