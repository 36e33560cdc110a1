import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export interface AppServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the built app on a free port with a new SQLite database in a temporary folder, as a user
 * would run it: APP_URL is http://localhost:<port>. `env` adds to (or overrides) the environment.
 */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "contactbook-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), APP_URL: baseUrl, DATABASE_URL: `sqlite:${join(dataDir, "e2e.db")}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  await waitForHealth(baseUrl, child, () => output);
  return {
    baseUrl,
    port,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in by the API with fetch (no browser) and answers the session cookie. */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/password`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}
