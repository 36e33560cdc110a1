import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll } from "vitest";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Splits a raw message into its text and HTML parts (enough MIME for what nodemailer writes). */
function parse(raw: string, to: string[]): ReceivedMail {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? "";
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  let text = "";
  let html = "";
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\n\n${body}`];
  for (const part of parts) {
    const [partHead = "", ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const content = decodePart(partHead, partBody.join("\n\n")).trim();
    if (/content-type:\s*text\/html/i.test(partHead)) html = content;
    else if (/content-type:\s*text\/plain/i.test(partHead) || !boundary) text = content;
  }
  return { to, subject, text, html };
}

/** A real SMTP server on a free local port that keeps what it receives; tests read from it. */
export async function startSmtpSink() {
  const sink = createSmtpSink();
  await sink.listen();
  return sink;
}

/**
 * A sink for a whole test file: listening before the first test, emptied and accepting again after
 * each, closed at the end.
 */
export function useSmtpSink() {
  const sink = createSmtpSink();
  beforeAll(() => sink.listen());
  afterEach(() => {
    sink.mails.length = 0;
    sink.setRefuse(false);
    sink.setDelay(0);
  });
  afterAll(() => sink.close());
  return sink;
}

function createSmtpSink() {
  const mails: ReceivedMail[] = [];
  let refuse = false;
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      if (refuse) {
        stream.resume();
        stream.on("end", () => callback(new Error("Mailbox unavailable")));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = parse(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((r) => r.address),
        );
        setTimeout(() => {
          mails.push(mail);
          callback();
        }, delayMs);
      });
    },
  });
  return {
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    },
    get url() {
      return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    },
    mails,
    /** Makes the server refuse every message, to test sending failures. */
    setRefuse(value: boolean) {
      refuse = value;
    },
    /** Holds every message this long before accepting it, like a slow mail server. */
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** Waits for a mail to `to` (the app may send in the background), the first one `match` accepts. */
    async waitFor(to: string, timeoutMs = 5000, match: (mail: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token in a link of the form ...#access_token=TOKEN&type=... */
export function tokenFrom(text: string): string {
  const match = /#access_token=([^&\s]+)/.exec(text);
  if (!match) throw new Error(`no token link in:\n${text}`);
  return decodeURIComponent(match[1]!);
}
