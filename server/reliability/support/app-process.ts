import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "Reliable-Key-2026";
const MAIN = "dist/server/main.js";

export interface AppProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
});

/** Starts the built app as an operator would (`npm start`), with `env` on top of test defaults. */
export async function startApp(
  env: Record<string, string>,
  options: { port?: number; waitReady?: boolean; user?: string } = {},
): Promise<AppProcess> {
  if (!existsSync(MAIN)) throw new Error("Build first: npm run build");
  const port = options.port ?? (await freePort());
  const baseUrl = `http://localhost:${port}`;
  const fullEnv = {
    ...process.env,
    PORT: String(port),
    APP_URL: baseUrl,
    AUTH_SECRET: "reliability-suite-secret-".padEnd(48, "x"),
    DATA_DIR: join(tmpdir(), "contactbook-reliability-data"),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SIGN_IN_RATE_LIMIT: "100000/60",
    ...env,
  };
  const [command, args] = options.user ? ["runuser", ["-u", options.user, "--", process.execPath, MAIN]] : [process.execPath, [MAIN]];
  // Its own process group, so whatever a failed test leaves running (runuser and its node) is killed
  // when the suite's process exits.
  const child = spawn(command, args, { env: fullEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  started.add(child);
  child.once("exit", () => started.delete(child));
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const app = { baseUrl, child, output: () => output, exited };
  if (options.waitReady !== false) await waitReady(app);
  return app;
}

/** Polls readiness (`/api/health`) until it answers 200; fails if the process exits first. */
export async function waitReady(app: AppProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) throw new Error(`app exited early:\n${app.output()}`);
    try {
      if ((await fetch(`${app.baseUrl}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`app did not become ready:\n${app.output()}`);
}

/** Sends `signal` and waits for the exit. */
export async function stopApp(app: AppProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill(signal);
  return app.exited;
}
