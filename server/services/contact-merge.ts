// Merging duplicate contacts into one, and its undo (ADR 018). The kept contact takes every list entry
// of the others and the single fields the person chose; the others go to the trash marked with the
// merge; one undo puts every row and membership back, unless someone changed them since.
import type { ContactMergeInput } from "../../shared/contact-merge-schemas.js";
import { auditedBy } from "./audit-actor.js";
import { contactDisplayName } from "../../shared/contact-display.js";
import { mergeContacts as planContactMerge } from "../../shared/contact-model/merge-contacts.js";
import type { AppDeps } from "../deps.js";
import { newId, nowIso } from "../db/ids.js";
import type { Repositories } from "../db/repositories/index.js";
import type { ContactRow } from "../db/schema.js";
import type { ContactRepository } from "../db/repositories/contacts.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import type { CountryCode } from "../../shared/phone.js";
import { AppError, badRequest, notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import { presentContact } from "./contact-presenter.js";
import { dataOfRow, rowAndKeysOfData } from "./contact-row.js";
import { stampsAfterWrite } from "./contact-conflicts.js";
import { recordContactChange } from "./contact-history.js";
import { changedFields } from "../../shared/contact-model/field-diff.js";

interface MergedAway {
  id: string;
  name: string;
}

const favoriteColumns = (isFavorite: boolean) => ({ is_favorite: isFavorite, fav_rank: isFavorite ? 0 : 1 });

/**
 * Writes the kept contact's values over the version read, with its keys and the stamps of the fields it
 * changes (an edit begun before meets them as a conflict, ADR 017); null when someone wrote it since.
 */
async function writeKept(
  contacts: ContactRepository,
  keep: ContactRow,
  data: ContactData,
  favorite: boolean,
  { by, now, country }: { by: string; now: string; country: CountryCode },
) {
  const { columns, keys } = rowAndKeysOfData(data, country);
  const field_stamps = stampsAfterWrite(keep, changedFields(dataOfRow(keep), data), { version: keep.version + 1, by, at: now });
  const written = await contacts.updateReturning(
    keep.id,
    { ...columns, ...favoriteColumns(favorite), field_stamps, updated_at: now, version: keep.version + 1 },
    keep.version,
  );
  if (written) await contacts.replaceKeys(keep.id, keys);
  return written;
}

const changedSince = (contact: MergedAway) =>
  new AppError(409, "MERGE_CHANGED", `${contact.name} was changed after the merge, so it cannot be undone.`, { contact });

const alreadyUndone = () => new AppError(409, "MERGE_UNDONE", "This merge has already been undone.");

/**
 * Merges `mergeIds` into `keepId` (all active contacts of the organization, else 404): the kept contact
 * gets the union of every list, its empty single fields filled from the others, each chosen field from
 * the contact named for it, every group any of them is in, and the star if any had it; the others move
 * to the trash marked 'merged into' it. Answers the contact and the merge's id (for Undo).
 */
export async function mergeContacts(deps: AppDeps, actor: OrgActor, input: ContactMergeInput) {
  authorize(actor, "contacts.merge");
  const orgId = actor.organizationId;
  const country = deps.config.defaultCountry;
  const ids = [input.keepId, ...input.mergeIds];
  const choices = input.choices ?? {};
  if (Object.values(choices).some((id) => !ids.includes(id))) throw badRequest("A choice names a contact that is not part of this merge.");

  const done = await deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(orgId);
    const merges = repos.contactMerges(orgId);
    const rows = new Map((await merges.rows(ids)).filter((r) => r.deleted_at === null).map((r) => [r.id, r]));
    if (ids.some((id) => !rows.has(id))) throw notFound("Contact not found.");
    const keep = rows.get(input.keepId)!;
    const others = input.mergeIds.map((id) => rows.get(id)!);
    const data = planContactMerge(
      { id: keep.id, data: dataOfRow(keep) },
      others.map((row) => ({ id: row.id, data: dataOfRow(row) })),
      choices,
      country,
    );
    const now = nowIso();
    const favorite = [keep, ...others].some((r) => Boolean(r.is_favorite));
    const written = await writeKept(contacts, keep, data, favorite, { by: actor.userId, now, country });
    if (!written) throw raced(keep);
    const groups = await merges.groupsOf(input.mergeIds);
    const added = await repos.groups(orgId).addLinks(
      groups.map((group_id) => ({ group_id, contact_id: keep.id })),
      now,
    );
    const mergeId = newId();
    for (const row of others) if (!(await contacts.moveToTrash(row.id, now, actor.userId, row.version))) throw raced(row);
    await contacts.counter.adjust(-others.length);
    await merges.mark(input.mergeIds, mergeId);
    const keepName = contactDisplayName(written);
    const mergedAway: MergedAway[] = others.map((row) => ({ id: row.id, name: contactDisplayName(row) }));
    // Each move to the trash added one to the version: the undo checks nobody changed them after.
    const versionsAfter = Object.fromEntries([[keep.id, written.version], ...others.map((row) => [row.id, row.version + 1])]);
    await merges.insert({
      id: mergeId,
      organization_id: orgId,
      user_id: actor.userId,
      keep_id: keep.id,
      keep_name: keepName,
      merged_ids: JSON.stringify(mergedAway),
      keep_before: JSON.stringify(keep),
      versions_after: JSON.stringify(versionsAfter),
      groups_added: JSON.stringify(added.map((link) => link.group_id)),
      created_at: now,
    });
    // Each contact's history says it; the audit's one entry is the merge's.
    const quiet = { audit: false };
    await recordContactChange(
      repos,
      actor,
      { contactId: keep.id, action: "merge", before: dataOfRow(keep), after: data, version: written.version },
      quiet,
    );
    for (const row of others)
      await recordContactChange(repos, actor, { contactId: row.id, action: "delete", version: row.version + 1 }, quiet);
    await repos.audit.write({
      organizationId: orgId,
      ...auditedBy(actor),
      tableName: "contacts",
      recordId: keep.id,
      operation: "CONTACTS_MERGED",
      newData: { mergeId, kept: { id: keep.id, name: keepName }, merged: mergedAway, groupsAdded: added.length },
    });
    return { contact: written, mergeId, mergedAway, groupsAdded: added.length };
  });

  deps.events.changed(orgId, actor.userId, "contact.merged", { ids: [done.contact.id], version: done.contact.version });
  deps.events.changed(orgId, actor.userId, "contact.trashed", { ids: done.mergedAway.map((m) => m.id) });
  if (done.groupsAdded) deps.events.changed(orgId, actor.userId, "group.members_added", { ids: [done.contact.id] });
  return { contact: presentContact(done.contact, country), mergeId: done.mergeId };
}

/** Someone changed or trashed a contact between our read and our write. */
const raced = (row: ContactRow) =>
  new AppError(409, "VERSION_CONFLICT", `${contactDisplayName(row)} was changed by someone else. Please try the merge again.`);

/**
 * Undoes a merge: the kept contact's values, star and groups as before it, and every merged contact back
 * out of the trash. 409 when it was undone already, or when any of them changed since (naming it): an
 * undo never overwrites someone's later edit.
 */
export async function undoMerge(deps: AppDeps, actor: OrgActor, mergeId: string) {
  authorize(actor, "contacts.merge");
  const orgId = actor.organizationId;
  const country = deps.config.defaultCountry;
  const merge = await deps.repos.contactMerges(orgId).find(mergeId);
  if (!merge) throw notFound("Merge not found.");
  if (merge.undone_at) throw alreadyUndone();
  const mergedAway = JSON.parse(merge.merged_ids) as MergedAway[];
  const versions = JSON.parse(merge.versions_after) as Record<string, number>;
  const before = JSON.parse(merge.keep_before) as ContactRow;

  const restored = await deps.repos.transaction(async (repos: Repositories) => {
    const merges = repos.contactMerges(orgId);
    const now = nowIso();
    if (!(await merges.claimUndo(mergeId, now))) throw alreadyUndone();
    const rows = new Map((await merges.rows([merge.keep_id, ...mergedAway.map((m) => m.id)])).map((r) => [r.id, r]));
    const keep = rows.get(merge.keep_id);
    const keepNow = { id: merge.keep_id, name: keep ? contactDisplayName(keep) : merge.keep_name };
    if (!keep || keep.deleted_at !== null || keep.version !== versions[keep.id]) throw changedSince(keepNow);
    for (const away of mergedAway) {
      const row = rows.get(away.id);
      const name = row ? contactDisplayName(row) : away.name;
      if (!row || row.deleted_at === null || row.merged_into !== mergeId || row.version !== versions[away.id])
        throw changedSince({ id: away.id, name });
    }
    const restoredData = dataOfRow(before);
    const contacts = repos.contacts(orgId);
    const written = await writeKept(contacts, keep, restoredData, Boolean(before.is_favorite), { by: actor.userId, now, country });
    if (!written) throw changedSince(keepNow);
    await merges.removeMemberships(keep.id, JSON.parse(merge.groups_added) as string[]);
    const trash = repos.trash(orgId);
    // The restore also clears each one's 'merged into' mark.
    for (const away of mergedAway) await trash.restore(away.id, now);
    const quiet = { audit: false };
    await recordContactChange(
      repos,
      actor,
      { contactId: keep.id, action: "unmerge", before: dataOfRow(keep), after: restoredData, version: written.version },
      quiet,
    );
    for (const away of mergedAway) await recordContactChange(repos, actor, { contactId: away.id, action: "undelete" }, quiet);
    await repos.audit.write({
      organizationId: orgId,
      ...auditedBy(actor),
      tableName: "contacts",
      recordId: keep.id,
      operation: "CONTACTS_MERGE_UNDONE",
      newData: { mergeId, kept: keepNow, restored: mergedAway },
    });
    return written;
  });

  deps.events.changed(orgId, actor.userId, "contact.updated", { ids: [restored.id], version: restored.version });
  deps.events.changed(orgId, actor.userId, "contact.restored", { ids: mergedAway.map((m) => m.id) });
  if ((JSON.parse(merge.groups_added) as string[]).length)
    deps.events.changed(orgId, actor.userId, "group.member_removed", { ids: [restored.id] });
  return { contact: presentContact(restored, country), restored: mergedAway };
}

/** The trash's mark on contacts a merge moved there: each one's 'merged into <name>'. */
export async function mergedIntoNames(deps: AppDeps, organizationId: string, rows: { id: string; merged_into?: string | null }[]) {
  const names = await deps.repos.contactMerges(organizationId).keptNames([...new Set(rows.flatMap((r) => r.merged_into ?? []))]);
  return new Map(rows.flatMap((r) => (r.merged_into && names.has(r.merged_into) ? [[r.id, names.get(r.merged_into)!]] : [])));
}
