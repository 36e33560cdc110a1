import nodemailer from "nodemailer";
import type { mailOutboxRepository } from "../db/repositories/mail-outbox.js";
import type { Logger } from "../logger.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailResult {
  /** True when an SMTP server accepted the mail. */
  delivered: boolean;
  /** Set when SMTP was configured but sending failed (the mail is kept in the outbox). */
  error?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<MailResult>;
  /** Whether an SMTP server is configured at all. */
  readonly configured: boolean;
}

/**
 * Sends through SMTP_URL. Without it, or when sending fails, the mail is written to the server log
 * and kept in the outbox table: a request is never lost to a mail problem.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string },
  outbox: ReturnType<typeof mailOutboxRepository>,
  log: Logger,
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const keep = outbox.keep;

  return {
    configured: transport !== null,
    async send(mail) {
      if (!transport) {
        log.info("mail not sent (no SMTP_URL); kept in the outbox", { to: mail.to, subject: mail.subject, text: mail.text });
        await keep(mail, "logged", null);
        return { delivered: false };
      }
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        return { delivered: true };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        log.error("mail sending failed; kept in the outbox", { to: mail.to, subject: mail.subject, error });
        await keep(mail, "failed", error);
        return { delivered: false, error };
      }
    },
  };
}
