import type { Selectable } from "kysely";
import { searchCondition, searchTerm } from "../db/repositories/contact-search.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import type { Schema } from "../db/schema.js";
import { AppError, badRequest, notFound } from "../errors.js";
import type { AppDeps } from "../http/env.js";
import { type OrgActor, authorize } from "../policies/can.js";
import { presentContact } from "./contact-presenter.js";
import { type KeyType, decodeKeyset, toPage } from "../db/paging.js";

const presentGroup = (g: Selectable<Schema["groups"]>) => ({
  id: g.id,
  name: g.name,
  description: g.description,
  organization_id: g.organization_id,
  created_at: toIso(g.created_at),
  updated_at: toIso(g.updated_at),
});

const nameKey = (name: string) => name.toLocaleLowerCase("en");

function cursorValues(cursor: string | undefined, shape: [KeyType, KeyType]): [string, string] | undefined {
  return cursor ? (decodeKeyset(cursor, shape) as [string, string]) : undefined;
}

/** Groups by name, keyset-paged. */
export async function listGroups(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "groups.view");
  const after = cursorValues(cursor, ["string", "string"]);
  let query = deps.database.db.selectFrom("groups").selectAll().where("organization_id", "=", actor.organizationId);
  if (after) query = query.where((eb) => eb(eb.refTuple("name_key", "id"), ">", eb.tuple(after[0], after[1])));
  const rows = await query.orderBy("name_key").orderBy("id").limit(limit + 1).execute();
  return toPage(rows, limit, presentGroup, (last) => [last.name_key, last.id]);
}

async function findGroup(deps: AppDeps, actor: OrgActor, groupId: string) {
  const group = await deps.database.db
    .selectFrom("groups")
    .selectAll()
    .where("id", "=", groupId)
    .where("organization_id", "=", actor.organizationId)
    .executeTakeFirst();
  if (!group) throw notFound("Group not found.");
  return group;
}

export async function createGroup(deps: AppDeps, actor: OrgActor, input: { name: string; description: string | null }) {
  authorize(actor, "groups.manage");
  const now = nowIso();
  const row = { id: newId(), organization_id: actor.organizationId, name: input.name, description: input.description, name_key: nameKey(input.name), created_at: now, updated_at: now };
  await deps.database.db.insertInto("groups").values(row).execute();
  return presentGroup(row);
}

export async function updateGroup(deps: AppDeps, actor: OrgActor, groupId: string, input: { name: string; description: string | null }) {
  authorize(actor, "groups.manage");
  const result = await deps.database.db
    .updateTable("groups")
    .set({ name: input.name, description: input.description, name_key: nameKey(input.name), updated_at: nowIso() })
    .where("id", "=", groupId)
    .where("organization_id", "=", actor.organizationId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound("Group not found.");
  return presentGroup(await findGroup(deps, actor, groupId));
}

/** Deletes the group and its member links; the contacts themselves stay. */
export async function deleteGroup(deps: AppDeps, actor: OrgActor, groupId: string) {
  authorize(actor, "groups.manage");
  await findGroup(deps, actor, groupId);
  await deps.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("group_contacts").where("group_id", "=", groupId).execute();
    await trx.deleteFrom("groups").where("id", "=", groupId).where("organization_id", "=", actor.organizationId).execute();
  });
}

/** Members in the spec's member view, newest first; contacts in the trash are left out until restored. */
export async function listGroupMembers(deps: AppDeps, actor: OrgActor, groupId: string, cursor: string | undefined, limit: number) {
  authorize(actor, "groups.view");
  await findGroup(deps, actor, groupId);
  const after = cursorValues(cursor, ["date", "string"]);
  let query = deps.database.db
    .selectFrom("group_contacts as gc")
    .innerJoin("contacts as c", "c.id", "gc.contact_id")
    .select(["gc.contact_id", "gc.added_at", "c.first_name", "c.last_name", "c.company", "c.phone", "c.email", "c.notes", "c.organization_id"])
    .where("gc.group_id", "=", groupId)
    .where("c.deleted_at", "is", null);
  if (after) query = query.where((eb) => eb(eb.refTuple("gc.added_at", "gc.contact_id"), "<", eb.tuple(after[0], after[1])));
  const rows = await query.orderBy("gc.added_at", "desc").orderBy("gc.contact_id", "desc").limit(limit + 1).execute();
  return toPage(
    rows,
    limit,
    (r) => ({
      id: r.contact_id,
      contact_id: r.contact_id,
      contact_name: [r.first_name || r.company, r.last_name].filter(Boolean).join(" "),
      contact_phone: r.phone,
      contact_email: r.email,
      contact_notes: r.notes,
      organization_id: r.organization_id,
      added_at: toIso(r.added_at),
    }),
    (last) => [toIso(last.added_at), last.contact_id],
  );
}

/** Adds contacts in one transaction; any id that is not an active contact of this organization refuses all. */
export async function addGroupMembers(deps: AppDeps, actor: OrgActor, groupId: string, contactIds: string[]) {
  authorize(actor, "groups.members");
  await findGroup(deps, actor, groupId);
  const ids = [...new Set(contactIds)];
  return deps.database.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("contacts")
      .select("id")
      .where("organization_id", "=", actor.organizationId)
      .where("deleted_at", "is", null)
      .where("id", "in", ids)
      .execute();
    if (found.length !== ids.length) throw new AppError(400, "VALIDATION", "Some contacts were not found in this organization.");
    const now = nowIso();
    const result = await trx
      .insertInto("group_contacts")
      .values(ids.map((contact_id) => ({ group_id: groupId, contact_id, added_at: now })))
      .onConflict((oc) => oc.columns(["group_id", "contact_id"]).doNothing())
      .executeTakeFirst();
    return { added: Number(result.numInsertedOrUpdatedRows ?? ids.length) };
  });
}

export async function removeGroupMember(deps: AppDeps, actor: OrgActor, groupId: string, contactId: string) {
  authorize(actor, "groups.members");
  await findGroup(deps, actor, groupId);
  const result = await deps.database.db.deleteFrom("group_contacts").where("group_id", "=", groupId).where("contact_id", "=", contactId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("Member not found.");
}

/** Contacts not yet in the group (for the Add Members list), by first name, keyset-paged, searchable. */
export async function listGroupCandidates(deps: AppDeps, actor: OrgActor, groupId: string, q: string | undefined, cursor: string | undefined, limit: number) {
  authorize(actor, "groups.members");
  await findGroup(deps, actor, groupId);
  const after = cursorValues(cursor, ["string", "string"]);
  const term = q ? searchTerm(q) : "";
  let query = deps.database.db
    .selectFrom("contacts as c")
    .selectAll("c")
    .where("c.organization_id", "=", actor.organizationId)
    .where("c.deleted_at", "is", null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("group_contacts as gc").select("gc.contact_id").whereRef("gc.contact_id", "=", "c.id").where("gc.group_id", "=", groupId))));
  if (term) query = query.where(searchCondition(deps.database.engine, term));
  if (after) query = query.where((eb) => eb(eb.refTuple("c.sort_first", "c.id"), ">", eb.tuple(after[0], after[1])));
  const rows = await query.orderBy("c.sort_first").orderBy("c.id").limit(limit + 1).execute();
  return toPage(rows, limit, presentContact, (last) => [last.sort_first, last.id]);
}
