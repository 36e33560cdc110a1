// The list's selection bar: one action over many contacts. A selection is either the ids ticked (at most
// BULK_IDS_MAX) or the list's scope ('all N matching': search, chip, group), which the server walks in
// batches of ids, so a million contacts never travel and never sit in one transaction.
import { type ContactBulkAction, type ContactBulkInput, type ContactScope } from "../../shared/contact-schemas.js";
import { auditedBy } from "./audit-actor.js";
import type { Action } from "../../shared/permissions.js";
import type { AppDeps } from "../deps.js";
import { nowIso } from "../db/ids.js";
import type { ListOptions } from "../db/repositories/contacts.js";
import type { Repositories } from "../db/repositories/index.js";
import { AppError, notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import { recordBulkHistory } from "./contact-history.js";
import { recentSince, scopeGroup, termOf } from "./contacts.js";

/** Contacts per batch (and per transaction). */
const BATCH = 1000;

/** What each action needs beside seeing the contacts (shared/permissions.ts). */
const ACTION_RIGHTS: Record<ContactBulkAction, Action> = {
  group_add: "groups.members",
  group_remove: "groups.members",
  favorite: "contacts.favorite",
  unfavorite: "contacts.favorite",
  trash: "contacts.delete",
};

type Selection = ContactBulkInput["selection"];

/** The list options of a scope, its group checked to be the organization's. */
async function scopeOptions(deps: AppDeps, actor: OrgActor, scope: ContactScope): Promise<ListOptions> {
  return {
    term: termOf(deps, scope.q),
    filter: scope.filter,
    recentSince: recentSince(),
    birthdayMonth: scope.month,
    groupId: await scopeGroup(deps, actor, scope.group),
  };
}

/**
 * The selection's batches of contact ids. Ids are checked up front: any that is not an active contact
 * of this organization refuses the whole action (400) before anything changes.
 */
async function batchesOf(deps: AppDeps, actor: OrgActor, selection: Selection) {
  const contacts = deps.repos.contacts(actor.organizationId);
  if ("ids" in selection) {
    const ids = [...new Set(selection.ids)];
    if ((await contacts.activeIds(ids)).length !== ids.length)
      throw new AppError(400, "VALIDATION", "Some contacts were not found in this organization.");
    return (async function* () {
      yield ids;
    })();
  }
  const options = await scopeOptions(deps, actor, selection.matching);
  return (async function* () {
    let after: [string, string] | undefined;
    for (;;) {
      const { ids, last } = await contacts.matchingBatch(options, after, BATCH);
      if (ids.length) yield ids;
      if (ids.length < BATCH) return;
      after = last;
    }
  })();
}

/** One batch's change; answers how many contacts it changed. */
async function applyBatch(repos: Repositories, actor: OrgActor, input: ContactBulkInput, ids: string[], now: string): Promise<number> {
  const contacts = repos.contacts(actor.organizationId);
  switch (input.action) {
    case "group_add":
      return repos.groups(actor.organizationId).addMembers(input.group_id, ids, now);
    case "group_remove":
      return repos.groups(actor.organizationId).removeMembers(input.group_id, ids);
    case "favorite":
    case "unfavorite":
      return contacts.setFavoriteMany(ids, input.action === "favorite", now);
    case "trash": {
      const moved = await contacts.trashMany(ids, now, actor.userId);
      await contacts.counter.adjust(-moved.length);
      await recordBulkHistory(repos, actor, "delete", moved);
      return moved.length;
    }
  }
}

/** The live event screens reload from: a group's members, or many contacts at once. */
function announce(deps: AppDeps, actor: OrgActor, input: ContactBulkInput) {
  if (input.action === "group_add" || input.action === "group_remove") {
    const type = input.action === "group_add" ? "group.members_added" : "group.member_removed";
    deps.events.changed(actor.organizationId, actor.userId, type, { ids: [], groupId: input.group_id });
  }
  if (input.action !== "group_add" && input.action !== "group_remove")
    deps.events.changed(actor.organizationId, actor.userId, "contacts.bulk", { ids: [] });
}

/**
 * Applies one action to a selection, a batch per transaction; answers how many contacts the selection
 * held (`matched`) and how many changed (`changed`: those already so are left alone). A move to the
 * trash answers its time too, the key of its Undo. Audited once, with the counts.
 */
export async function applyBulkAction(deps: AppDeps, actor: OrgActor, input: ContactBulkInput) {
  authorize(actor, "contacts.view");
  authorize(actor, ACTION_RIGHTS[input.action]);
  let group: { id: string; name: string } | undefined;
  if (input.action === "group_add" || input.action === "group_remove") {
    group = await deps.repos.groups(actor.organizationId).find(input.group_id);
    if (!group) throw notFound("Group not found.");
  }
  const batches = await batchesOf(deps, actor, input.selection);
  const now = nowIso();
  let matched = 0;
  let changed = 0;
  for await (const ids of batches) {
    matched += ids.length;
    changed += await deps.repos.transaction((repos) => applyBatch(repos, actor, input, ids, now));
  }
  if (changed) announce(deps, actor, input);
  await auditBulk(deps, actor, {
    action: input.action,
    ...(group ? { group: { id: group.id, name: group.name } } : {}),
    scope: "ids" in input.selection ? "selection" : { ...input.selection.matching },
    matched,
    changed,
  });
  return { action: input.action, matched, changed, ...(input.action === "trash" ? { deleted_at: now } : {}) };
}

/**
 * The Undo of a bulk move to the trash: the contacts this person moved there at that time come back,
 * under the same rule as a single delete's Undo (theirs, for a while; admins any time).
 */
export async function restoreBulkTrash(deps: AppDeps, actor: OrgActor, deletedAt: string) {
  const now = nowIso();
  authorize(actor, "trash.restore", { deletedBy: actor.userId, deletedAt, now });
  let restored = 0;
  for (;;) {
    const moved = await deps.repos.transaction(async (repos) => {
      const rows = await repos.trash(actor.organizationId).restoreMoved(actor.userId, deletedAt, now, BATCH);
      await recordBulkHistory(repos, actor, "undelete", rows);
      return rows.length;
    });
    restored += moved;
    if (moved < BATCH) break;
  }
  if (restored) deps.events.changed(actor.organizationId, actor.userId, "contacts.bulk", { ids: [] });
  await auditBulk(deps, actor, { action: "restore", deleted_at: deletedAt, matched: restored, changed: restored });
  return { action: "restore" as const, matched: restored, changed: restored };
}

/** One audit entry per bulk action, with what it was asked and the counts (not one per contact). */
function auditBulk(deps: AppDeps, actor: OrgActor, newData: Record<string, unknown>) {
  return deps.repos.audit.write({
    organizationId: actor.organizationId,
    ...auditedBy(actor),
    tableName: "contacts",
    recordId: null,
    operation: "CONTACTS_BULK",
    newData,
  });
}
