import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startSmtpSink } from "../../server/test/smtp-sink.js";

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "Admin-Password-2026";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    mailFile: string;
  }
}

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

/** Starts the built app on a free port with a temporary SQLite database, as a user would run it. */
export default async function setup(project: TestProject) {
  if (!existsSync("dist/server/main.js") || !existsSync("dist/web/index.html")) {
    throw new Error("Build first: npm run build");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "contactbook-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  // A real SMTP server; every mail it receives is appended to a file the specs read.
  const sink = await startSmtpSink();
  const mailFile = join(dataDir, "mails.jsonl");
  const originalPush = sink.mails.push.bind(sink.mails);
  sink.mails.push = (...mails) => {
    for (const mail of mails) appendFileSync(mailFile, JSON.stringify(mail) + "\n");
    return originalPush(...mails);
  };
  let output = "";
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseUrl,
      DATABASE_URL: `sqlite:${join(dataDir, "e2e.db")}`,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Many sign-ins from one address in a few seconds; the limit itself is tested on the server.
      SIGN_IN_RATE_LIMIT: "1000/60",
      // Specs create organizations and invite people far faster than a person would.
      INVITE_RATE_LIMIT: "1000/60",
      ORG_CREATE_RATE_LIMIT: "1000/60",
      SMTP_URL: sink.url,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  await waitForHealth(baseUrl, child, () => output);
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("mailFile", mailFile);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
