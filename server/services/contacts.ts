import {
  COUNT_CAP,
  type ContactFields,
  type ContactFilter,
  type ContactSort,
  EDITABLE_FIELDS,
  RECENT_DAYS,
  contactColumns,
  contactFieldsSchema,
} from "../../shared/contact-schemas.js";
import { contactDisplayName } from "../../shared/contact-display.js";
import { normalizePhone } from "../../shared/phone.js";
import { searchTerm } from "../../shared/search.js";
import type { AppDeps } from "../deps.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import { SORTS, SORT_COLUMN_TYPES } from "../db/repositories/contacts.js";
import { AppError, badRequest, notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/can.js";
import { derivedKeys } from "./contact-keys.js";
import { presentContact } from "./contact-presenter.js";

const recentSince = () => new Date(Date.now() - RECENT_DAYS * 24 * 3600 * 1000).toISOString();
const termOf = (q: string | undefined) => (q ? searchTerm(q) || undefined : undefined);

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
  const spec = SORTS[input.sort];
  const after = input.cursor
    ? decodeKeyset(
        input.cursor,
        spec.columns.map((c) => SORT_COLUMN_TYPES[c]),
      )
    : undefined;
  const rows = await deps.repos.contacts(actor.organizationId).page({
    term: termOf(input.q),
    filter: input.filter,
    recentSince: recentSince(),
    sort: input.sort,
    after,
    limit: input.limit + 1,
  });
  return toPage(rows, input.limit, presentContact, (last) => spec.columns.map((c) => last[c]));
}

/**
 * The filter chips' badges. "All" without a search is exact (a maintained counter); the others, and
 * everything under a search, count up to COUNT_CAP and answer COUNT_CAP + 1 beyond it. Under a search
 * the three come from one pass over the matches when they fit under the cap.
 */
export async function countContactsByFilter(deps: AppDeps, actor: OrgActor, q: string | undefined) {
  authorize(actor, "contacts.view");
  const contacts = deps.repos.contacts(actor.organizationId);
  const term = termOf(q);
  const base = { term, recentSince: recentSince() };
  if (term) {
    const counted = await contacts.countByFilter({ ...base, filter: "all" }, COUNT_CAP);
    if (!counted.truncated) return { all: counted.all, favorites: counted.favorites, recent: counted.recent };
  }
  const [all, favorites, recent] = await Promise.all([
    term ? COUNT_CAP + 1 : contacts.counter.read(),
    contacts.countCapped({ ...base, filter: "favorites" }, COUNT_CAP),
    contacts.countCapped({ ...base, filter: "recent" }, COUNT_CAP),
  ]);
  return { all, favorites, recent };
}

async function findActive(deps: AppDeps, actor: OrgActor, id: string) {
  const row = await deps.repos.contacts(actor.organizationId).find(id);
  if (!row) throw notFound("Contact not found.");
  return row;
}

/**
 * The active contact that already holds this phone number (normalised), for the form's duplicate
 * banner: the server sees the whole book, not just the pages a screen has loaded.
 */
export async function findPhoneMatch(deps: AppDeps, actor: OrgActor, phone: string, exceptId: string | undefined) {
  authorize(actor, "contacts.view");
  const digits = normalizePhone(phone);
  if (digits.length < 7) return { match: null };
  const row = await deps.repos.contacts(actor.organizationId).findByPhone(digits, exceptId);
  return { match: row ? { id: row.id, name: contactDisplayName(row) } : null };
}

export async function getContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.view");
  return presentContact(await findActive(deps, actor, id));
}

function validationError(error: { issues: { message: string }[] }) {
  return badRequest(error.issues[0]?.message ?? "Invalid contact.");
}

export const rowValues = (f: ContactFields) => ({ ...contactColumns(f), fav_rank: f.is_favorite ? 0 : 1 });

/** Fields a merge may fill: those that are empty on the existing contact. */
export const MERGEABLE = [
  "first_name",
  "last_name",
  "company",
  "email",
  "phone2",
  "address",
  "city",
  "province_state",
  "postal_zip_code",
  "notes",
] as const;

/**
 * Create-or-merge: a new contact whose normalised phone matches an active one of the organization
 * fills that contact's empty fields instead of adding a twin; the answer says which fields changed.
 */
export async function createContact(deps: AppDeps, actor: OrgActor, fields: ContactFields) {
  authorize(actor, "contacts.create");
  const values = rowValues(fields);
  const keys = derivedKeys(values);
  return deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(actor.organizationId);
    // Two simultaneous creates of one number must not both miss each other and insert twins.
    await contacts.lockPhone(keys.phone_digits);
    const twin = keys.phone_digits ? await contacts.findByPhone(keys.phone_digits) : undefined;
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
      await contacts.insert(row);
      await contacts.counter.adjust(1);
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
    await contacts.update(twin.id, update);
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
  const updated = await deps.repos
    .contacts(actor.organizationId)
    .updateReturning(id, { ...values, ...derivedKeys(values), updated_at: nowIso(), version: version + 1 }, version);
  if (!updated) throw versionConflict();
  return presentContact(updated);
}

/** Favourite on/off. Not an edit of the contact's data, so it neither needs nor bumps the version. */
export async function setFavorite(deps: AppDeps, actor: OrgActor, id: string, isFavorite: boolean) {
  authorize(actor, "contacts.favorite");
  const updated = await deps.repos
    .contacts(actor.organizationId)
    .updateReturning(id, { is_favorite: isFavorite, fav_rank: isFavorite ? 0 : 1, updated_at: nowIso() });
  if (!updated) throw notFound("Contact not found.");
  return presentContact(updated);
}

/** Records that someone opened the contact (feeds Recent). */
export async function recordAccess(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.view");
  const now = nowIso();
  if (!(await deps.repos.contacts(actor.organizationId).update(id, { last_accessed: now, accessed_key: now }))) {
    throw notFound("Contact not found.");
  }
  return { last_accessed: now };
}

/** Moves a contact to the trash. */
export async function softDeleteContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.delete");
  await findActive(deps, actor, id);
  await deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(actor.organizationId);
    // Only the request that actually moved it counts, if two delete at once.
    if (await contacts.moveToTrash(id, nowIso())) await contacts.counter.adjust(-1);
  });
}

export async function listTrash(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "trash.view");
  const after = cursor ? (decodeKeyset(cursor, ["date", "string"]) as [string, string]) : undefined;
  const rows = await deps.repos.trash(actor.organizationId).page(after, limit + 1);
  return toPage(rows, limit, presentContact, (last) => [toIso(last.deleted_at), last.id]);
}

export async function restoreContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "trash.restore");
  if (!(await deps.repos.trash(actor.organizationId).find(id))) throw notFound("Deleted contact not found.");
  await deps.repos.transaction((repos) => repos.trash(actor.organizationId).restore(id, nowIso()));
  return presentContact(await findActive(deps, actor, id));
}

/** Deletes a contact for good, only while it is in the trash (a restore racing it wins or loses cleanly). */
export async function purgeContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "trash.purge");
  if (!(await deps.repos.trash(actor.organizationId).purge(id))) throw notFound("Deleted contact not found.");
}
