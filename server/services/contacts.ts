import {
  COUNT_CAP,
  type ContactDetail,
  type ContactFields,
  type DuplicateChoice,
  type PhoneMatch,
  type ContactFilter,
  type ContactSort,
  EDITABLE_FIELDS,
  RECENT_DAYS,
  contactColumns,
  contactFieldsSchema,
} from "../../shared/contact-schemas.js";
import { contactDisplayName } from "../../shared/contact-display.js";
import type { LiveEventType } from "../../shared/live-events.js";
import { normalizePhone } from "../../shared/phone.js";
import { searchTerm } from "../../shared/search.js";
import type { AppDeps } from "../deps.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import { SORTS, SORT_COLUMN_TYPES } from "../db/repositories/contacts.js";
import type { ContactRow } from "../db/schema.js";
import { AppError, badRequest, notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/can.js";
import { derivedKeys } from "./contact-keys.js";
import { presentExtras } from "../vcard/extras.js";
import { presentContact } from "./contact-presenter.js";

const recentSince = () => new Date(Date.now() - RECENT_DAYS * 24 * 3600 * 1000).toISOString();
function termOf(deps: AppDeps, q: string | undefined): string[] | undefined {
  const words = q ? searchTerm(q, deps.config.defaultCountry) : [];
  return words.length ? words : undefined;
}

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
  // A new search counts toward usage (spec section 3); its further pages do not.
  if (input.q && !input.cursor) deps.searchUsage.count(actor.organizationId, actor.userId);
  const spec = SORTS[input.sort];
  const after = input.cursor
    ? decodeKeyset(
        input.cursor,
        spec.columns.map((c) => SORT_COLUMN_TYPES[c]),
      )
    : undefined;
  const rows = await deps.repos.contacts(actor.organizationId).page({
    term: termOf(deps, input.q),
    filter: input.filter,
    recentSince: recentSince(),
    sort: input.sort,
    after,
    limit: input.limit + 1,
  });
  return toPage(
    rows,
    input.limit,
    (row) => presentContact(row, deps.config.defaultCountry),
    (last) => spec.columns.map((c) => last[c]),
  );
}

/**
 * The filter chips' badges. "All" without a search is exact (a maintained counter); the others, and
 * everything under a search, count up to COUNT_CAP and answer COUNT_CAP + 1 beyond it. Under a search
 * the three come from one pass over the matches when they fit under the cap.
 */
export async function countContactsByFilter(deps: AppDeps, actor: OrgActor, q: string | undefined) {
  authorize(actor, "contacts.view");
  const contacts = deps.repos.contacts(actor.organizationId);
  const term = termOf(deps, q);
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
export async function findPhoneMatch(
  deps: AppDeps,
  actor: OrgActor,
  phone: string,
  exceptId: string | undefined,
): Promise<{ match: PhoneMatch | null }> {
  authorize(actor, "contacts.view");
  const digits = normalizePhone(phone, deps.config.defaultCountry);
  if (digits.length < 7) return { match: null };
  const row = await deps.repos.contacts(actor.organizationId).findByPhone(digits, exceptId);
  return { match: row ? phoneMatch(row) : null };
}

const phoneMatch = (row: Pick<ContactRow, "id" | "first_name" | "last_name" | "company" | "phone">): PhoneMatch => ({
  id: row.id,
  name: contactDisplayName(row),
  phone: row.phone,
});

export const duplicatePhone = (match: PhoneMatch) =>
  new AppError(409, "DUPLICATE_PHONE", `This phone number already belongs to ${match.name}.`, { match });

/** One contact for its detail view: the fields, and beside them the lines a device sent that have no field. */
export async function getContact(deps: AppDeps, actor: OrgActor, id: string): Promise<ContactDetail> {
  authorize(actor, "contacts.view");
  const row = await findActive(deps, actor, id);
  return { ...presentContact(row, deps.config.defaultCountry), extras: presentExtras(row.vcard_extra) };
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

/** What a CardDAV client sent beside the fields: the card's UID, resource name and lines without a field. */
export interface CardData {
  vcard_uid: string | null;
  dav_name: string | null;
  vcard_extra: string | null;
}

/**
 * Create-or-merge (spec section 6): a new contact whose normalised phone matches an active one of the
 * organization fills that contact's empty fields instead of adding a twin, and the answer says which
 * fields changed and which typed values were not taken (that contact already had its own). The choice
 * "new" adds the person beside the match (a shared landline: the pair shows under View Duplicates);
 * "ask" answers 409 naming the match and writes nothing, so the form can let the person choose.
 *
 * A card from a CardDAV client is always created with "new": a device's card never merges into (nor
 * brings its other lines into) a contact it did not write.
 */
export async function createContact(
  deps: AppDeps,
  actor: OrgActor,
  fields: ContactFields,
  choice: DuplicateChoice = "merge",
  card?: CardData,
) {
  authorize(actor, "contacts.create");
  const values = rowValues(fields);
  const keys = derivedKeys(values, deps.config.defaultCountry);
  const result = await deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(actor.organizationId);
    // Two simultaneous creates of one number must not both miss each other and insert twins.
    await contacts.lockPhone(keys.phone_digits);
    const twin = keys.phone_digits && choice !== "new" ? await contacts.findByPhone(keys.phone_digits) : undefined;
    const now = nowIso();
    if (!twin) {
      if (card?.dav_name) await repos.davCards(actor.organizationId).releaseTrashedName(card.dav_name);
      const row = {
        id: newId(),
        organization_id: actor.organizationId,
        ...values,
        ...keys,
        ...card,
        created_at: now,
        updated_at: now,
        version: 1,
        last_accessed: null,
        accessed_key: "",
        deleted_at: null,
        deleted_by: null,
      };
      await contacts.insert(row);
      await contacts.counter.adjust(1);
      return {
        contact: presentContact(row, deps.config.defaultCountry),
        merged: false,
        changes: [] as string[],
        not_applied: [] as string[],
      };
    }
    if (choice === "ask") throw duplicatePhone(phoneMatch(twin));
    const fill: Partial<Record<(typeof MERGEABLE)[number], string>> = {};
    const notApplied: string[] = [];
    for (const key of MERGEABLE) {
      const incoming = values[key];
      if (incoming && !twin[key]) fill[key] = incoming;
      else if (incoming && twin[key] !== incoming) notApplied.push(key);
    }
    const changes = Object.keys(fill);
    if (changes.length === 0)
      return { contact: presentContact(twin, deps.config.defaultCountry), merged: true, changes, not_applied: notApplied };
    const merged = { ...twin, ...fill };
    const update = { ...fill, ...derivedKeys(merged, deps.config.defaultCountry), updated_at: now, version: twin.version + 1 };
    await contacts.update(twin.id, update);
    return {
      contact: presentContact({ ...merged, ...update }, deps.config.defaultCountry),
      merged: true,
      changes,
      not_applied: notApplied,
    };
  });
  if (!result.merged) contactChanged(deps, actor, "contact.created", result.contact);
  else if (result.changes.length) contactChanged(deps, actor, "contact.merged", result.contact);
  return result;
}

/** The live event of a change to one contact (after its commit). */
function contactChanged(deps: AppDeps, actor: OrgActor, type: LiveEventType, contact: { id: string; version?: number }) {
  deps.events.changed(actor.organizationId, actor.userId, type, { ids: [contact.id], version: contact.version });
}

export const versionConflict = () =>
  new AppError(409, "VERSION_CONFLICT", "This contact was changed by someone else. It has been reloaded with their changes.");

/**
 * Edits a contact if it is still at `version`; otherwise 409, never a silent overwrite. A card from a
 * CardDAV client also replaces the card's UID and the lines the app has no field for.
 */
export async function updateContact(
  deps: AppDeps,
  actor: OrgActor,
  id: string,
  version: number,
  patch: Record<string, unknown>,
  card?: Omit<CardData, "dav_name">,
) {
  authorize(actor, "contacts.edit");
  const current = await findActive(deps, actor, id);
  const editable = Object.fromEntries(EDITABLE_FIELDS.map((k) => [k, k === "is_favorite" ? Boolean(current[k]) : current[k]]));
  const known = Object.fromEntries(Object.entries(patch).filter(([k]) => (EDITABLE_FIELDS as readonly string[]).includes(k)));
  const parsed = contactFieldsSchema.safeParse({ ...editable, ...known });
  if (!parsed.success) throw validationError(parsed.error);
  const values = rowValues(parsed.data);
  const updated = await deps.repos
    .contacts(actor.organizationId)
    .updateReturning(
      id,
      { ...values, ...derivedKeys(values, deps.config.defaultCountry), ...card, updated_at: nowIso(), version: version + 1 },
      version,
    );
  if (!updated) throw versionConflict();
  contactChanged(deps, actor, "contact.updated", updated);
  return presentContact(updated, deps.config.defaultCountry);
}

/** Favourite on/off. Not an edit of the contact's data, so it neither needs nor bumps the version. */
export async function setFavorite(deps: AppDeps, actor: OrgActor, id: string, isFavorite: boolean) {
  authorize(actor, "contacts.favorite");
  const updated = await deps.repos
    .contacts(actor.organizationId)
    .updateReturning(id, { is_favorite: isFavorite, fav_rank: isFavorite ? 0 : 1, updated_at: nowIso() });
  if (!updated) throw notFound("Contact not found.");
  contactChanged(deps, actor, "contact.favorite", updated);
  return presentContact(updated, deps.config.defaultCountry);
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

/** Moves a contact to the trash; with `version` (a CardDAV If-Match), only while it is still at that version. */
export async function softDeleteContact(deps: AppDeps, actor: OrgActor, id: string, version?: number) {
  authorize(actor, "contacts.delete");
  const current = await findActive(deps, actor, id);
  if (version !== undefined && current.version !== version) throw versionConflict();
  const moved = await deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(actor.organizationId);
    // Only the request that actually moved it counts, if two delete at once.
    if (!(await contacts.moveToTrash(id, nowIso(), actor.userId, version))) {
      if (version !== undefined) throw versionConflict();
      return false;
    }
    await contacts.counter.adjust(-1);
    return true;
  });
  if (moved) contactChanged(deps, actor, "contact.trashed", { id });
}

export async function listTrash(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "trash.view");
  const after = cursor ? (decodeKeyset(cursor, ["date", "string"]) as [string, string]) : undefined;
  const rows = await deps.repos.trash(actor.organizationId).page(after, limit + 1);
  return toPage(
    rows,
    limit,
    (row) => presentContact(row, deps.config.defaultCountry),
    (last) => [toIso(last.deleted_at), last.id],
  );
}

/** Takes a contact out of the trash: admins any time, and whoever deleted it for a while after (Undo). */
export async function restoreContact(deps: AppDeps, actor: OrgActor, id: string) {
  const trashed = await deps.repos.trash(actor.organizationId).find(id);
  const target = trashed ? { deletedBy: trashed.deleted_by, deletedAt: toIso(trashed.deleted_at)!, now: nowIso() } : undefined;
  authorize(actor, "trash.restore", target);
  if (!trashed) throw notFound("Deleted contact not found.");
  const moved = await deps.repos.transaction((repos) => repos.trash(actor.organizationId).restore(id, nowIso()));
  const restored = presentContact(await findActive(deps, actor, id), deps.config.defaultCountry);
  if (moved) contactChanged(deps, actor, "contact.restored", restored);
  return restored;
}

/** Deletes a contact for good, only while it is in the trash (a restore racing it wins or loses cleanly). */
export async function purgeContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "trash.purge");
  if (!(await deps.repos.trash(actor.organizationId).purge(id))) throw notFound("Deleted contact not found.");
  contactChanged(deps, actor, "contact.purged", { id });
}
