import { type Kysely, sql } from "kysely";
import { type CountryCode, normalizePhone } from "./frozen/phone-keys.js";
import { columnTypes } from "./dialect-types.js";

// Rich contacts (ADR 015): the new single fields as columns, every list as one JSON text column (the
// spec's columns stay, as copies of the first entries), the first birthday for the list, and a key
// table holding every phone and e-mail of every contact for duplicate checks and import matching.

const SINGLES = [
  "name_prefix",
  "middle_name",
  "name_suffix",
  "phonetic_first_name",
  "phonetic_last_name",
  "nickname",
  "department",
  "job_title",
] as const;
const LISTS = ["phones", "emails", "addresses", "urls", "dates", "custom_fields"] as const;
const BATCH = 5_000;

export async function up(db: Kysely<any>, country: CountryCode): Promise<void> {
  const t = columnTypes(db);
  // What an import's files carried that no field took and the person chose to leave out, by column or property.
  await db.schema
    .alterTable("imports")
    .addColumn("left_out", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  // 'Every contact needs a phone number': the spec's rule, on unless an organization turns it off.
  await db.schema
    .alterTable("organizations")
    .addColumn("require_phone", t.boolean, (c) => c.notNull().defaultTo(sql.raw(t.sqlite ? "1" : "true")))
    .execute();
  await db.schema
    .alterTable("contacts")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("person"))
    .execute();
  for (const column of SINGLES) await db.schema.alterTable("contacts").addColumn(column, "text").execute();
  for (const column of LISTS)
    await db.schema
      .alterTable("contacts")
      .addColumn(column, "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
  // The first birthday as written (YYYY-MM-DD or --MM-DD), and its month and day for 'This month' and the
  // birthday order ('~' without one: after every date).
  await db.schema.alterTable("contacts").addColumn("birthday", "text").execute();
  await db.schema
    .alterTable("contacts")
    .addColumn("birthday_md", "text", (c) => c.notNull().defaultTo("~"))
    .execute();

  // The existing values become the first entries, in one statement per list.
  const obj = t.sqlite ? sql.raw("json_object") : sql.raw("json_build_object");
  const arr = t.sqlite ? sql.raw("json_array") : sql.raw("json_build_array");
  const asText = (e: ReturnType<typeof sql>) => (t.sqlite ? e : sql`(${e})::text`);
  const has = (column: string) => sql`coalesce(${sql.ref(column)}, '') <> ''`;
  const phone = (value: string, type: string) => sql`${obj}('value', ${sql.ref(value)}, 'type', ${sql.ref(type)}, 'label', null)`;
  const email = sql`${obj}('value', email, 'type', 'home', 'label', null)`;
  const address = sql`${obj}('street', address, 'extended', null, 'city', city, 'region', province_state,
    'postal_code', postal_zip_code, 'country', null, 'type', 'home', 'label', null)`;
  await sql`update contacts set
    phones = case
      when ${has("phone")} and ${has("phone2")} then ${asText(sql`${arr}(${phone("phone", "phone_type")}, ${phone("phone2", "phone2_type")})`)}
      when ${has("phone")} then ${asText(sql`${arr}(${phone("phone", "phone_type")})`)}
      when ${has("phone2")} then ${asText(sql`${arr}(${phone("phone2", "phone2_type")})`)}
      else '[]' end,
    emails = case when ${has("email")} then ${asText(sql`${arr}(${email})`)} else '[]' end,
    addresses = case when ${has("address")} or ${has("city")} or ${has("province_state")} or ${has("postal_zip_code")}
      then ${asText(sql`${arr}(${address})`)} else '[]' end
    where coalesce(phone, phone2, email, address, city, province_state, postal_zip_code) is not null`.execute(db);

  await db.schema
    .createTable("contact_keys")
    .addColumn("organization_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("contact_id", "text", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("contact_keys_pk", ["organization_id", "kind", "key", "contact_id"])
    .modifyEnd(t.sqlite ? sql`without rowid` : sql``)
    .execute();
  await db.schema.createIndex("contact_keys_by_contact").on("contact_keys").column("contact_id").execute();
  await sql`insert into contact_keys (organization_id, kind, key, contact_id)
    select organization_id, 'phone', phone_digits, id from contacts where phone_digits <> ''`.execute(db);
  await sql`insert into contact_keys (organization_id, kind, key, contact_id)
    select organization_id, 'email', lower(trim(email)), id from contacts where coalesce(trim(email), '') <> ''`.execute(db);
  // Second phones had no key column: read them here, a batch at a time.
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("contacts")
      .select(["id", "organization_id", "phone2", "phone_digits"])
      .where("id", ">", after)
      .where("phone2", "is not", null)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows.at(-1)!.id as string;
    const keys = rows
      .map((r) => ({
        organization_id: r.organization_id as string,
        key: normalizePhone(r.phone2 as string, country),
        contact_id: r.id as string,
        first: r.phone_digits,
      }))
      .filter((r) => r.key !== "" && r.key !== r.first)
      .map(({ first: _, ...r }) => ({ ...r, kind: "phone" }));
    if (keys.length) await db.insertInto("contact_keys").values(keys).execute();
  }

  await db.schema
    .createIndex("contacts_birthdays")
    .on("contacts")
    .columns(["organization_id", "birthday_md", "sort_name", "id"])
    .where(sql`deleted_at is null` as any)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contacts_birthdays").execute();
  await db.schema.dropTable("contact_keys").execute();
  await db.schema.alterTable("organizations").dropColumn("require_phone").execute();
  await db.schema.alterTable("imports").dropColumn("left_out").execute();
  for (const column of [...SINGLES, ...LISTS, "kind", "birthday", "birthday_md"])
    await db.schema.alterTable("contacts").dropColumn(column).execute();
}
