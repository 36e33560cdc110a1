import { appendFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startSmtpSink } from "../../server/test/smtp-sink.js";
import { signInCookie, startAppServer } from "./server.js";

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "Office-Key-2026";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    mailFile: string;
  }
}

/** Starts the built app on a free port with a temporary SQLite database, as a user would run it. */
export default async function setup(project: TestProject) {
  if (!existsSync("dist/server/main.js") || !existsSync("dist/web/index.html")) {
    throw new Error("Build first: npm run build");
  }
  // A real SMTP server; every mail it receives is appended to a file the specs read.
  const sink = await startSmtpSink();
  const mailDir = mkdtempSync(join(tmpdir(), "contactbook-e2e-mail-"));
  const mailFile = join(mailDir, "mails.jsonl");
  const originalPush = sink.mails.push.bind(sink.mails);
  sink.mails.push = (...mails) => {
    for (const mail of mails) appendFileSync(mailFile, JSON.stringify(mail) + "\n");
    return originalPush(...mails);
  };
  const server = await startAppServer({
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // Many sign-ins from one address in a few seconds; the limit itself is tested on the server.
    SIGN_IN_RATE_LIMIT: "1000/60",
    // Specs create organizations and invite people far faster than a person would.
    INVITE_RATE_LIMIT: "1000/60",
    ORG_CREATE_RATE_LIMIT: "1000/60",
    // Webhook receivers in specs listen on this machine.
    WEBHOOK_ALLOW_PRIVATE: "true",
    SMTP_URL: sink.url,
  });
  const { baseUrl, dataDir } = server;
  // The first administrator's one-time welcome would cover whatever screen a spec opens first: it is
  // answered here (e2e/first-run.spec.ts meets it on a server of its own).
  const cookie = await signInCookie(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const done = await fetch(`${baseUrl}/api/me/welcome/done`, { method: "POST", headers: { cookie, origin: baseUrl } });
  if (!done.ok) throw new Error(`welcome/done failed: ${done.status}`);
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("mailFile", mailFile);
  return async () => {
    await server.stop();
    await sink.close();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
