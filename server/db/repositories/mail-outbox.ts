import type { Kysely } from "kysely";
import { newId, nowIso } from "../ids.js";
import type { MailOutboxTable, Schema } from "../schema.js";

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Mails that were not delivered (no SMTP, or it failed), kept so nothing is lost. */
export function mailOutboxRepository(db: Kysely<Schema>) {
  return {
    async keep(mail: OutboxMail, status: MailOutboxTable["status"], error: string | null): Promise<void> {
      await db
        .insertInto("mail_outbox")
        .values({
          id: newId(),
          recipient: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          status,
          error,
          created_at: nowIso(),
        })
        .execute();
    },
  };
}
