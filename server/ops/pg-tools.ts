import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

export const PG_TOOLS_MISSING =
  "PostgreSQL's client tools are not installed. Install them (Debian/Ubuntu: apt-get install postgresql-client, " +
  'the server\'s major version or newer), or back up with `pg_dump -Fc -f <file> "$DATABASE_URL"` and restore with ' +
  '`pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" <file>` from a machine that has them.';

/** `tool` from PATH, else the newest /usr/lib/postgresql/<version>/bin/<tool>, else null. */
export async function findPgTool(tool: "pg_dump" | "pg_restore"): Promise<string | null> {
  if (await runs(tool)) return tool;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const path = `${root}/${version}/bin/${tool}`;
    if (existsSync(path)) return path;
  }
  return null;
}

function runs(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, ["--version"], { stdio: "ignore" });
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
}

/** Runs a command to the end; rejects with its standard error when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"], env });
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}
