import { formatPhone } from "../../shared/phone.js";
import { decodeKeyset, encodeKeyset } from "../db/paging.js";
import type { AppDeps } from "../http/env.js";
import { type OrgActor, authorize } from "../policies/can.js";

const PAGE = 50;

/**
 * Groups of active contacts sharing a normalised phone number, a page of groups at a time (ordered
 * by the number, after the cursor's last one seen). Two queries instead of string aggregation, which the
 * engines spell differently.
 */
export async function findDuplicateContacts(deps: AppDeps, actor: OrgActor, cursor: string | undefined) {
  authorize(actor, "contacts.duplicates");
  const after = cursor ? (decodeKeyset(cursor, ["string"])[0] as string) : undefined;
  const db = deps.database.db;
  let groupsQuery = db
    .selectFrom("contacts")
    .select(["phone_digits", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("organization_id", "=", actor.organizationId)
    .where("deleted_at", "is", null)
    .where("phone_digits", "!=", "")
    .groupBy("phone_digits")
    .having((eb) => eb.fn.countAll(), ">", 1)
    .orderBy("phone_digits")
    .limit(PAGE + 1);
  if (after) groupsQuery = groupsQuery.where("phone_digits", ">", after);
  const groups = await groupsQuery.execute();
  const page = groups.slice(0, PAGE);
  if (page.length === 0) return { items: [], nextCursor: null };
  const members = await db
    .selectFrom("contacts")
    .select(["id", "first_name", "last_name", "company", "phone_digits"])
    .where("organization_id", "=", actor.organizationId)
    .where("deleted_at", "is", null)
    .where("phone_digits", "in", page.map((g) => g.phone_digits))
    .orderBy("created_at")
    .execute();
  const items = page.map((g) => {
    const contacts = members.filter((m) => m.phone_digits === g.phone_digits);
    return {
      normalized_phone: formatPhone(g.phone_digits),
      contact_count: Number(g.n),
      contact_names: contacts.map((c) => [c.first_name || c.company, c.last_name].filter(Boolean).join(" ")),
      contact_ids: contacts.map((c) => c.id),
    };
  });
  return { items, nextCursor: groups.length > PAGE ? encodeKeyset([page.at(-1)!.phone_digits]) : null };
}
