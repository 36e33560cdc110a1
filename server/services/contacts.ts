import {
  COUNT_CAP,
  type ContactDetail,
  type DuplicateChoice,
  type PhoneMatch,
  type ContactFilter,
  type ContactSort,
  RECENT_DAYS,
} from "../../shared/contact-schemas.js";
import { type ContactRules, emptyContactData } from "../../shared/contact-model/data-schema.js";
import { changedFields, sentFields } from "../../shared/contact-model/field-diff.js";
import { planMerge } from "../../shared/contact-model/merge.js";
import { contactDisplayName } from "../../shared/contact-display.js";
import type { LiveEventType } from "../../shared/live-events.js";
import { normalizePhone } from "../../shared/phone.js";
import { searchTerm } from "../../shared/search.js";
import type { AppDeps } from "../deps.js";
import { nowIso, toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import { SORTS, SORT_COLUMN_TYPES } from "../db/repositories/contacts.js";
import type { ContactRow } from "../db/schema.js";
import { AppError, notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import { recordContactChange } from "./contact-history.js";
import { fieldConflict, findConflicts, stampsAfterWrite } from "./contact-conflicts.js";
import { mergedIntoNames } from "./contact-merge.js";
import type { PreparedPhoto } from "./contact-photos.js";
import { presentContact, presentDetail } from "./contact-presenter.js";
import { dataOfRow, newContactRow, rowAndKeysOfData } from "./contact-row.js";
import { contactRules, validContact, versionConflict } from "./contact-rules.js";

export const recentSince = () => new Date(Date.now() - RECENT_DAYS * 24 * 3600 * 1000).toISOString();
export function termOf(deps: AppDeps, q: string | undefined): string[] | undefined {
  const words = q ? searchTerm(q, deps.config.defaultCountry) : [];
  return words.length ? words : undefined;
}

export interface ListInput {
  q?: string | undefined;
  filter: ContactFilter;
  sort: ContactSort;
  cursor?: string | undefined;
  limit: number;
  month?: string | undefined;
  /** Only this group's members. */
  group?: string | undefined;
}

/** The group a list is narrowed to, checked to be the organization's (another's id answers 404, never data). */
export async function scopeGroup(deps: AppDeps, actor: OrgActor, groupId: string | undefined): Promise<string | undefined> {
  if (groupId === undefined) return undefined;
  if (!(await deps.repos.groups(actor.organizationId).find(groupId))) throw notFound("Group not found.");
  return groupId;
}

/**
 * A list or count scoped to a group: the group (404 unless the organization's), and whether it is large.
 * Reading m members and sorting them costs about m rows; walking the sort's index and testing each row
 * costs about a page's rows times book / m. The walk wins once m * m > PAGE_ROWS * book: 7,000 members
 * in a book of a million, 3,200 in 200,000 (measured: a quarter-of-the-book group's first page 128 ms
 * read members-first, 1 ms walked; its three chip counts 330 ms against 20 ms).
 */
async function groupScope(deps: AppDeps, actor: OrgActor, group: string | undefined) {
  const groupId = await scopeGroup(deps, actor, group);
  if (groupId === undefined) return { groupId, groupLarge: false };
  const book = await deps.repos.contacts(actor.organizationId).counter.read();
  const enough = Math.ceil(Math.sqrt(LARGE_GROUP_PAGE_ROWS * book));
  const members = await deps.repos.groups(actor.organizationId).membersUpTo(groupId, enough);
  return { groupId, groupLarge: members > enough };
}

/** The rows a first page is taken as reading, for `groupScope`'s choice. */
const LARGE_GROUP_PAGE_ROWS = 50;

/** One page of the contact list: keyset-paged, so page 1 and page 20,000 cost the same. */
export async function listContacts(deps: AppDeps, actor: OrgActor, input: ListInput) {
  authorize(actor, "contacts.view");
  // A month's birthdays are listed by day (the upcoming ones in order), whatever the list's sort: the
  // filter's own index range is that order, where another order would sort every match of the month.
  if (input.filter === "birthdays") input = { ...input, sort: "birthday" };
  // A new search counts toward usage (spec section 3); its further pages do not.
  if (input.q && !input.cursor) deps.searchUsage.count(actor.organizationId, actor.userId);
  const spec = SORTS[input.sort];
  const after = input.cursor
    ? decodeKeyset(
        input.cursor,
        spec.columns.map((c) => SORT_COLUMN_TYPES[c]),
      )
    : undefined;
  const { groupId, groupLarge } = await groupScope(deps, actor, input.group);
  const rows = await deps.repos.contacts(actor.organizationId).page({
    term: termOf(deps, input.q),
    groupId,
    groupLarge,
    filter: input.filter,
    recentSince: recentSince(),
    birthdayMonth: input.month,
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
export async function countContactsByFilter(deps: AppDeps, actor: OrgActor, q: string | undefined, month?: string, group?: string) {
  authorize(actor, "contacts.view");
  const contacts = deps.repos.contacts(actor.organizationId);
  const term = termOf(deps, q);
  const { groupId, groupLarge } = await groupScope(deps, actor, group);
  const base = { term, recentSince: recentSince(), birthdayMonth: month, groupId, groupLarge };
  // A group's counts, like a search's, come from one pass over its members when they fit under the cap.
  if (term || groupId) {
    const { truncated, ...counted } = await contacts.countByFilter({ ...base, filter: "all" }, COUNT_CAP);
    if (!truncated) return counted;
  }
  const [all, favorites, recent, birthdays] = await Promise.all([
    term || groupId ? COUNT_CAP + 1 : contacts.counter.read(),
    contacts.countCapped({ ...base, filter: "favorites" }, COUNT_CAP),
    contacts.countCapped({ ...base, filter: "recent" }, COUNT_CAP),
    // A month's birthdays are one range of their index.
    contacts.countCapped({ ...base, filter: "birthdays" }, COUNT_CAP),
  ]);
  return { all, favorites, recent, birthdays };
}

async function findActive(deps: AppDeps, actor: OrgActor, id: string) {
  const row = await deps.repos.contacts(actor.organizationId).find(id);
  if (!row) throw notFound("Contact not found.");
  return row;
}

/**
 * The active contact that already holds this phone number (normalised; any of its phones) or, failing
 * that, this e-mail address (any of its e-mails), for the form's duplicate banner: the server sees the
 * whole book, not just the pages a screen has loaded.
 */
export async function findPhoneMatch(
  deps: AppDeps,
  actor: OrgActor,
  phone: string,
  exceptId: string | undefined,
  email?: string,
): Promise<{ match: PhoneMatch | null }> {
  authorize(actor, "contacts.view");
  const contacts = deps.repos.contacts(actor.organizationId);
  const digits = normalizePhone(phone, deps.config.defaultCountry);
  const byPhone = digits.length >= 7 ? await contacts.findByPhone(digits, exceptId) : undefined;
  if (byPhone) return { match: phoneMatch(byPhone, "phone") };
  const address = email?.trim().toLowerCase();
  const byEmail = address ? await contacts.findByKeys([{ kind: "email", key: address }], exceptId) : undefined;
  return { match: byEmail ? phoneMatch(byEmail, "email") : null };
}

const phoneMatch = (row: Pick<ContactRow, "id" | "first_name" | "last_name" | "company" | "phone">, by: PhoneMatch["by"]): PhoneMatch => ({
  id: row.id,
  name: contactDisplayName(row),
  phone: row.phone,
  by,
});

export const duplicatePhone = (match: PhoneMatch) =>
  match.by === "email"
    ? new AppError(409, "DUPLICATE_EMAIL", `This e-mail address already belongs to ${match.name}.`, { match })
    : new AppError(409, "DUPLICATE_PHONE", `This phone number already belongs to ${match.name}.`, { match });

/** One contact for its detail view and the form: every field, and beside them the lines a device sent that have no field. */
export async function getContact(deps: AppDeps, actor: OrgActor, id: string): Promise<ContactDetail> {
  authorize(actor, "contacts.view");
  return presentDetail(await findActive(deps, actor, id), deps.config.defaultCountry);
}

/** The stored columns of a contact's data, derived ones included. */
const favoriteColumns = (isFavorite: boolean) => ({ is_favorite: isFavorite, fav_rank: isFavorite ? 0 : 1 });

/** What a CardDAV client sent beside the fields: the card's UID, resource name and lines without a field. */
export interface CardData {
  vcard_uid: string | null;
  dav_name: string | null;
  vcard_extra: string | null;
}

/**
 * Create-or-merge (spec section 6): a new contact one of whose phones (normalised) belongs to an active
 * contact of the organization merges into that contact (the one merge plan, mode 'fill': empty fields
 * take the typed values, lists gain what they lack) instead of adding a twin, and the answer says which
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
  body: Record<string, unknown>,
  choice: DuplicateChoice = "merge",
  card?: CardData,
  rules?: ContactRules,
  /** A card's picture, resized (CardDAV). */
  photo?: PreparedPhoto | null,
) {
  authorize(actor, "contacts.create");
  const country = deps.config.defaultCountry;
  const fields = validContact(emptyContactData(), body, rules ?? (await contactRules(deps, actor.organizationId)));
  const { is_favorite: isFavorite, ...data } = fields;
  const { columns, keys } = rowAndKeysOfData(data, country);
  const phoneKeys = keys.filter((k) => k.kind === "phone");
  const result = await deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(actor.organizationId);
    // Two simultaneous creates of one number must not both miss each other and insert twins. Every key
    // is locked now, in one order, not a part later by the key counts' trigger (key-locks.ts).
    await contacts.lockKeys(keys);
    const twin = phoneKeys.length && choice !== "new" ? await contacts.findByKeys(phoneKeys) : undefined;
    // Asked, an e-mail another contact holds is named too (it never merges by itself: offices share one).
    if (!twin && choice === "ask") {
      const emailTwin = await contacts.findByKeys(keys.filter((k) => k.kind === "email"));
      if (emailTwin) throw duplicatePhone(phoneMatch(emailTwin, "email"));
    }
    const now = nowIso();
    if (!twin) {
      if (card?.dav_name) await repos.davCards(actor.organizationId).releaseTrashedName(card.dav_name);
      const row = { ...newContactRow(actor.organizationId, columns, { now, isFavorite, ...card }), photo_etag: photo?.etag ?? null };
      await contacts.insert(row, keys);
      if (photo) await repos.contactPhotos(actor.organizationId).put(row.id, photo, now);
      await contacts.counter.adjust(1);
      await recordContactChange(repos, actor, { contactId: row.id, action: "create", before: null, after: data, version: row.version });
      return { contact: presentContact(row, country), merged: false, changes: [] as string[], not_applied: [] as string[] };
    }
    if (choice === "ask") throw duplicatePhone(phoneMatch(twin, "phone"));
    const plan = planMerge(dataOfRow(twin), data, "fill", country);
    if (plan.changed.length === 0)
      return { contact: presentContact(twin, country), merged: true, changes: [], not_applied: plan.notApplied };
    const merged = rowAndKeysOfData(plan.result, country);
    const field_stamps = stampsAfterWrite(twin, plan.changed, { version: twin.version + 1, by: actor.userId, at: now });
    const update = {
      ...merged.columns,
      ...favoriteColumns(Boolean(twin.is_favorite)),
      field_stamps,
      updated_at: now,
      version: twin.version + 1,
    };
    const written = await contacts.updateReturning(twin.id, update, twin.version);
    if (!written) throw versionConflict();
    await contacts.replaceKeys(twin.id, merged.keys);
    await recordContactChange(repos, actor, {
      contactId: twin.id,
      action: "merge",
      before: dataOfRow(twin),
      after: plan.result,
      version: written.version,
    });
    return {
      contact: presentContact(written, country),
      merged: true,
      changes: plan.changed as string[],
      not_applied: plan.notApplied as string[],
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

/**
 * Edits a contact, never overwriting silently. The fields sent replace those stored (a list replaces the
 * list; the spec's flat fields edit the first entries); the others stay. An edit that started from an
 * older `version` is applied when no field it sends was written since, else 409 naming those fields
 * (field by field, ADR 017). A card from a CardDAV client replaces the whole contact, its UID and the
 * lines the app has no field for, only while the contact is still at `version`.
 */
export async function updateContact(
  deps: AppDeps,
  actor: OrgActor,
  id: string,
  version: number,
  patch: Record<string, unknown>,
  card?: Omit<CardData, "dav_name">,
  rules?: ContactRules,
  /** A card's picture (CardDAV: the card is the whole contact, so null removes the one stored). */
  photo?: PreparedPhoto | null,
) {
  authorize(actor, "contacts.edit");
  const current = await findActive(deps, actor, id);
  const stored = dataOfRow(current);
  const base = card ? emptyContactData() : stored;
  const favorite = patch.is_favorite ?? Boolean(current.is_favorite);
  const fields = validContact(base, { ...patch, is_favorite: favorite }, rules ?? (await contactRules(deps, actor.organizationId)));
  const { is_favorite: isFavorite, ...data } = fields;
  const country = deps.config.defaultCountry;
  if (version > current.version) throw versionConflict();
  if (!card) {
    const conflicts = findConflicts(current, stored, data, sentFields(patch), version);
    if (conflicts.length) throw await fieldConflict(deps.repos, conflicts);
  }
  // An edit from the app applies onto the version just read (a write in between answers 409 as before).
  const from = card ? version : current.version;
  const updated = await deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(actor.organizationId);
    const now = nowIso();
    const photoColumn = photo === undefined ? {} : { photo_etag: photo?.etag ?? null };
    const edited = rowAndKeysOfData(data, country);
    const field_stamps = stampsAfterWrite(current, changedFields(stored, data), { version: from + 1, by: actor.userId, at: now });
    const written = await contacts.updateReturning(
      id,
      { ...edited.columns, ...favoriteColumns(isFavorite), ...card, ...photoColumn, field_stamps, updated_at: now, version: from + 1 },
      from,
    );
    if (!written) return undefined;
    await contacts.replaceKeys(id, edited.keys);
    await recordContactChange(repos, actor, {
      contactId: id,
      action: "update",
      before: dataOfRow(current),
      after: data,
      version: written.version,
    });
    if (photo) await repos.contactPhotos(actor.organizationId).put(id, photo, now);
    else if (photo === null) await repos.contactPhotos(actor.organizationId).delete(id);
    return written;
  });
  if (!updated) throw versionConflict();
  contactChanged(deps, actor, "contact.updated", updated);
  return presentContact(updated, country);
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
    await recordContactChange(repos, actor, { contactId: id, action: "delete" });
    return true;
  });
  if (moved) contactChanged(deps, actor, "contact.trashed", { id });
}

export async function listTrash(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "trash.view");
  const after = cursor ? (decodeKeyset(cursor, ["date", "string"]) as [string, string]) : undefined;
  const rows = await deps.repos.trash(actor.organizationId).page(after, limit + 1);
  const mergedInto = await mergedIntoNames(deps, actor.organizationId, rows);
  return toPage(
    rows,
    limit,
    (row) => ({ ...presentContact(row, deps.config.defaultCountry), merged_into: mergedInto.get(row.id) ?? null }),
    (last) => [toIso(last.deleted_at), last.id],
  );
}

/** Takes a contact out of the trash: admins any time, and whoever deleted it for a while after (Undo). */
export async function restoreContact(deps: AppDeps, actor: OrgActor, id: string) {
  const trashed = await deps.repos.trash(actor.organizationId).find(id);
  const target = trashed ? { deletedBy: trashed.deleted_by, deletedAt: toIso(trashed.deleted_at)!, now: nowIso() } : undefined;
  authorize(actor, "trash.restore", target);
  if (!trashed) throw notFound("Deleted contact not found.");
  const moved = await deps.repos.transaction(async (repos) => {
    const restored = await repos.trash(actor.organizationId).restore(id, nowIso());
    if (restored) await recordContactChange(repos, actor, { contactId: id, action: "undelete" });
    return restored;
  });
  const restored = presentContact(await findActive(deps, actor, id), deps.config.defaultCountry);
  if (moved) contactChanged(deps, actor, "contact.restored", restored);
  return restored;
}

/** Deletes a contact for good, only while it is in the trash (a restore racing it wins or loses cleanly). */
export async function purgeContact(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "trash.purge");
  await deps.repos.transaction(async (repos) => {
    // Recorded first, while the contact is there to be named; a purge that finds nothing undoes it.
    await recordContactChange(repos, actor, { contactId: id, action: "purge" });
    if (!(await repos.trash(actor.organizationId).purge(id))) throw notFound("Deleted contact not found.");
  });
  contactChanged(deps, actor, "contact.purged", { id });
}
