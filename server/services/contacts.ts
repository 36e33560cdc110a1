import { sql } from "kysely";
import {
  type ContactFields,
  type ContactFilter,
  type ContactSort,
  EDITABLE_FIELDS,
  COUNT_CAP,
  RECENT_DAYS,
  contactColumns,
  contactFieldsSchema,
} from "../../shared/contact-schemas.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { adjustActiveCount, readActiveCount } from "../db/repositories/contact-counts.js";
import { SORTS, SORT_COLUMN_TYPES, countContactsCapped, countMatchesByFilter, listContactsPage } from "../db/repositories/contacts.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import { searchTerm } from "../db/repositories/contact-search.js";
import type { ContactRow } from "../db/schema.js";
import { AppError, badRequest, notFound } from "../errors.js";
import type { AppDeps } from "../http/env.js";
import { type OrgActor, authorize } from "../policies/can.js";
import { derivedKeys } from "./contact-keys.js";
import { presentContact } from "./contact-presenter.js";

const recentSince = () => new Date(Date.now() - RECENT_DAYS * 24 * 3600 * 1000).toISOString();

export interface ListInput {
  q?: string | undefined;
  filter: ContactFilter;
  sort: ContactSort;
  cursor?: string | undefined;
  limit: number;
}

/** One page of the contact list: keyset-paged, so page 1 and page 20,000 cost the same. */
export async function listContacts(deps: AppDeps, actor: OrgActor, input: ListInput) {
  authorize(actor, "contacts.view");
  const after = input.cursor ? decodeKeyset(input.cursor, SORTS[input.sort].columns.map((c) => SORT_COLUMN_TYPES[c])) : undefined;
  const term = input.q ? searchTerm(input.q) || undefined : undefined;
  const rows = await listContactsPage(deps.database.db, {
    organizationId: actor.organizationId,
    engine: deps.database.engine,
    term,
    filter: input.filter,
    recentSince: recentSince(),
    sort: input.sort,
    after,
    limit: input.limit + 1,
  });
  return toPage(rows, input.limit, presentContact, (last) => SORTS[input.sort].columns.map((c) => last[c]));
}

/**
 * The filter chips' badges. "All" without a search is exact (a maintained counter); the others, and
 * everything under a search, count up to COUNT_CAP and answer COUNT_CAP + 1 beyond it. Under a search
 * the three come from one pass over the matches when they fit under the cap.
 */
export async function countContactsByFilter(deps: AppDeps, actor: OrgActor, q: string | undefined) {
  authorize(actor, "contacts.view");
  const term = q ? searchTerm(q) || undefined : undefined;
  const base = { organizationId: actor.organizationId, engine: deps.database.engine, term, recentSince: recentSince() };
  const db = deps.database.db;
  if (term) {
    const counted = await countMatchesByFilter(db, { ...base, filter: "all" }, COUNT_CAP);
    if (!counted.truncated) return { all: counted.all, favorites: counted.favorites, recent: counted.recent };
  }
  const [all, favorites, recent] = await Promise.all([
    term ? COUNT_CAP + 1 : readActiveCount(db, actor.organizationId),
    countContactsCapped(db, { ...base, filter: "favorites" }, COUNT_CAP),
    countContactsCapped(db, { ...base, filter: "recent" }, COUNT_CAP),
  ]);
  return { all, favorites, recent };
}

async function findActive(deps: AppDeps, actor: OrgActor, id: string) {
  const row = await deps.database.db
    .selectFrom("contacts")
    .selectAll()
    .where("id", "=", id)
    .where("organization_id", "=", actor.organizationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound("Contact not found.");
  return row;
}

export async function getContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.view");
  return presentContact(await findActive(deps, actor, id));
}

function validationError(error: { issues: { message: string }[] }) {
  return badRequest(error.issues[0]?.message ?? "Invalid contact.");
}

const rowValues = (f: ContactFields) => ({ ...contactColumns(f), fav_rank: f.is_favorite ? 0 : 1 });

/** Fields a merge may fill: those that are empty on the existing contact. */
const MERGEABLE = ["first_name", "last_name", "company", "email", "phone2", "address", "city", "province_state", "postal_zip_code", "notes"] as const;

/**
 * Create-or-merge: a new contact whose normalised phone matches an active one of the organization
 * fills that contact's empty fields instead of adding a twin; the answer says which fields changed.
 */
export async function createContact(deps: AppDeps, actor: OrgActor, body: unknown) {
  authorize(actor, "contacts.create");
  const parsed = contactFieldsSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const fields = parsed.data;
  const values = rowValues(fields);
  const keys = derivedKeys(values);
  return deps.database.db.transaction().execute(async (trx) => {
    if (deps.database.engine === "postgres") {
      // Two simultaneous creates of one number must not both miss each other and insert twins.
      await sql`select pg_advisory_xact_lock(hashtext(${actor.organizationId + ":" + keys.phone_digits}))`.execute(trx);
    }
    const twin = keys.phone_digits
      ? await trx
          .selectFrom("contacts")
          .selectAll()
          .where("organization_id", "=", actor.organizationId)
          .where("phone_digits", "=", keys.phone_digits)
          .where("deleted_at", "is", null)
          .orderBy("created_at")
          .executeTakeFirst()
      : undefined;
    const now = nowIso();
    if (!twin) {
      const row = {
        id: newId(),
        organization_id: actor.organizationId,
        ...values,
        ...keys,
        created_at: now,
        updated_at: now,
        version: 1,
        last_accessed: null,
        accessed_key: "",
        deleted_at: null,
      };
      await trx.insertInto("contacts").values(row).execute();
      await adjustActiveCount(trx, actor.organizationId, 1);
      return { contact: presentContact(row), merged: false, changes: [] as string[] };
    }
    const fill: Partial<Record<(typeof MERGEABLE)[number], string>> = {};
    for (const key of MERGEABLE) {
      const incoming = values[key];
      if (incoming && !twin[key]) fill[key] = incoming;
    }
    const changes = Object.keys(fill);
    if (changes.length === 0) return { contact: presentContact(twin), merged: true, changes };
    const merged = { ...twin, ...fill };
    const update = { ...fill, ...derivedKeys(merged), updated_at: now, version: twin.version + 1 };
    await trx.updateTable("contacts").set(update).where("id", "=", twin.id).execute();
    return { contact: presentContact({ ...merged, ...update }), merged: true, changes };
  });
}

export const versionConflict = () =>
  new AppError(409, "VERSION_CONFLICT", "This contact was changed by someone else. It has been reloaded with their changes.");

/** Edits a contact if it is still at `version`; otherwise 409, never a silent overwrite. */
export async function updateContact(deps: AppDeps, actor: OrgActor, id: string, version: number, patch: Record<string, unknown>) {
  authorize(actor, "contacts.edit");
  const current = await findActive(deps, actor, id);
  const editable = Object.fromEntries(EDITABLE_FIELDS.map((k) => [k, k === "is_favorite" ? Boolean(current[k]) : current[k]]));
  const known = Object.fromEntries(Object.entries(patch).filter(([k]) => (EDITABLE_FIELDS as readonly string[]).includes(k)));
  const parsed = contactFieldsSchema.safeParse({ ...editable, ...known });
  if (!parsed.success) throw validationError(parsed.error);
  const values = rowValues(parsed.data);
  const now = nowIso();
  const result = await deps.database.db
    .updateTable("contacts")
    .set({ ...values, ...derivedKeys(values), updated_at: now, version: version + 1 })
    .where("id", "=", id)
    .where("organization_id", "=", actor.organizationId)
    .where("deleted_at", "is", null)
    .where("version", "=", version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw versionConflict();
  return presentContact(await findActive(deps, actor, id));
}

/** Favourite on/off. Not an edit of the contact's data, so it neither needs nor bumps the version. */
export async function setFavorite(deps: AppDeps, actor: OrgActor, id: string, isFavorite: boolean) {
  authorize(actor, "contacts.favorite");
  const result = await deps.database.db
    .updateTable("contacts")
    .set({ is_favorite: isFavorite, fav_rank: isFavorite ? 0 : 1, updated_at: nowIso() })
    .where("id", "=", id)
    .where("organization_id", "=", actor.organizationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound("Contact not found.");
  return presentContact(await findActive(deps, actor, id));
}

/** Records that someone opened the contact (feeds Recent). */
export async function recordAccess(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.view");
  const now = nowIso();
  const result = await deps.database.db
    .updateTable("contacts")
    .set({ last_accessed: now, accessed_key: now })
    .where("id", "=", id)
    .where("organization_id", "=", actor.organizationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound("Contact not found.");
  return { last_accessed: now };
}

/** Moves a contact to the trash. */
export async function softDeleteContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.delete");
  await findActive(deps, actor, id);
  const now = nowIso();
  await deps.database.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("contacts")
      .set((eb) => ({ deleted_at: now, updated_at: now, version: eb("version", "+", 1) }))
      .where("id", "=", id)
      .where("organization_id", "=", actor.organizationId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    // Only the request that actually moved it counts, if two delete at once.
    if (Number(result.numUpdatedRows) === 1) await adjustActiveCount(trx, actor.organizationId, -1);
  });
}

export async function listTrash(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "trash.view");
  const after = cursor ? decodeKeyset(cursor, ["date", "string"]) : undefined;
  let query = deps.database.db
    .selectFrom("contacts as c")
    .selectAll("c")
    .where("c.organization_id", "=", actor.organizationId)
    .where("c.deleted_at", "is not", null);
  if (after) query = query.where((eb) => eb(eb.refTuple("c.deleted_at", "c.id"), "<", eb.tuple(after[0] as string, after[1] as string)));
  const rows = await query.orderBy("c.deleted_at", "desc").orderBy("c.id", "desc").limit(limit + 1).execute();
  return toPage(rows, limit, presentContact, (last) => [toIso(last.deleted_at), last.id]);
}

async function findDeleted(deps: AppDeps, actor: OrgActor, id: string): Promise<ContactRow> {
  const row = await deps.database.db
    .selectFrom("contacts")
    .selectAll()
    .where("id", "=", id)
    .where("organization_id", "=", actor.organizationId)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  if (!row) throw notFound("Deleted contact not found.");
  return row;
}

export async function restoreContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "trash.restore");
  await findDeleted(deps, actor, id);
  await deps.database.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("contacts")
      .set((eb) => ({ deleted_at: null, updated_at: nowIso(), version: eb("version", "+", 1) }))
      .where("id", "=", id)
      .where("organization_id", "=", actor.organizationId)
      .where("deleted_at", "is not", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) await adjustActiveCount(trx, actor.organizationId, 1);
  });
  return presentContact(await findActive(deps, actor, id));
}

/**
 * Deletes a contact for good, only while it is in the trash: one conditional statement, so a restore
 * that wins the race keeps its contact (and the active count stays exact).
 */
export async function purgeContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "trash.purge");
  const result = await deps.database.db
    .deleteFrom("contacts")
    .where("id", "=", id)
    .where("organization_id", "=", actor.organizationId)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("Deleted contact not found.");
}
