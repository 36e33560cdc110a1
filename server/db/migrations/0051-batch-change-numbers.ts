import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * A bulk insert (an import batch) takes its change numbers as one range (ADR 013), instead of the
 * per-row trigger updating the organization's counter once per contact: rows that arrive with a
 * number keep it; every other insert still gets one from the trigger, so no write path can forget it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  if (t.sqlite) {
    await sql`drop trigger contacts_seq_insert`.execute(db);
    await sql`create trigger contacts_seq_insert after insert on contacts when new.change_seq = 0 begin
        update organizations set contact_seq = contact_seq + 1 where id = new.organization_id;
        update contacts set change_seq = (select contact_seq from organizations where id = new.organization_id) where rowid = new.rowid;
      end`.execute(db);
  } else {
    await sql`drop trigger contacts_seq_insert on contacts`.execute(db);
    await sql`create trigger contacts_seq_insert before insert on contacts for each row
      when (new.change_seq = 0) execute function contacts_take_seq()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  if (t.sqlite) {
    await sql`drop trigger contacts_seq_insert`.execute(db);
    await sql`create trigger contacts_seq_insert after insert on contacts begin
        update organizations set contact_seq = contact_seq + 1 where id = new.organization_id;
        update contacts set change_seq = (select contact_seq from organizations where id = new.organization_id) where rowid = new.rowid;
      end`.execute(db);
  } else {
    await sql`drop trigger contacts_seq_insert on contacts`.execute(db);
    await sql`create trigger contacts_seq_insert before insert on contacts for each row execute function contacts_take_seq()`.execute(db);
  }
}
