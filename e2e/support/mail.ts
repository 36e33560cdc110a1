import { existsSync, readFileSync } from "node:fs";
import { inject } from "vitest";
import type { ReceivedMail } from "../../server/test/smtp-sink.js";

/** Waits for the newest mail to `to` that the app sent through the SMTP sink. */
export async function waitForMail(to: string, predicate: (m: ReceivedMail) => boolean = () => true, timeoutMs = 10_000) {
  const file = inject("mailFile");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(file)) {
      const mails = readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as ReceivedMail);
      const found = mails.filter((m) => m.to.includes(to) && predicate(m)).at(-1);
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The link in a mail's text (the first line that holds an http URL). */
export function linkFrom(mail: ReceivedMail): string {
  const match = /(https?:\/\/\S+)/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  return match[1]!;
}
