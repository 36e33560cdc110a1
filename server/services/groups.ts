import { contactDisplayName } from "../../shared/contact-display.js";
import { COUNT_CAP } from "../../shared/contact-schemas.js";
import type { LiveEventType } from "../../shared/live-events.js";
import { groupNameKey } from "../../shared/group-schemas.js";
import { searchTerm } from "../../shared/search.js";
import type { AppDeps } from "../deps.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { type KeyType, decodeKeyset, toPage } from "../db/paging.js";
import type { GroupRow } from "../db/schema.js";
import { AppError, notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import type { ChangeDetail } from "../events/publisher.js";
import { presentContact } from "./contact-presenter.js";
import { enqueueEvent } from "./webhooks/enqueue.js";

const presentGroup = (g: GroupRow) => ({
  id: g.id,
  name: g.name,
  description: g.description,
  organization_id: g.organization_id,
  created_at: toIso(g.created_at)!,
  updated_at: toIso(g.updated_at)!,
});

const groupChanged = (deps: AppDeps, actor: OrgActor, type: LiveEventType, detail: ChangeDetail) =>
  deps.events.changed(actor.organizationId, actor.userId, type, detail);

const keyset = (cursor: string | undefined, shape: [KeyType, KeyType]) =>
  cursor ? (decodeKeyset(cursor, shape) as [string, string]) : undefined;

/** How many groups a contact's detail view lists. */
const CONTACT_GROUPS_SHOWN = 100;

/** The groups an active contact is in, for its detail view. */
export async function listContactGroups(deps: AppDeps, actor: OrgActor, contactId: string) {
  authorize(actor, "groups.view");
  if (!(await deps.repos.contacts(actor.organizationId).find(contactId))) throw notFound("Contact not found.");
  return { items: await deps.repos.groups(actor.organizationId).ofContact(contactId, CONTACT_GROUPS_SHOWN) };
}

/** Groups by name, keyset-paged. */
export async function listGroups(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "groups.view");
  const repo = deps.repos.groups(actor.organizationId);
  const rows = await repo.page(keyset(cursor, ["string", "string"]), limit + 1);
  // Members outside the trash, capped like the list's counts (COUNT_CAP + 1 reads "more than").
  const counts = await repo.memberCounts(
    rows.slice(0, limit).map((g) => g.id),
    COUNT_CAP,
  );
  return toPage(
    rows,
    limit,
    (g) => ({ ...presentGroup(g), member_count: counts.get(g.id) ?? 0 }),
    (last) => [last.name_key, last.id],
  );
}

async function findGroup(deps: AppDeps, actor: OrgActor, groupId: string) {
  const group = await deps.repos.groups(actor.organizationId).find(groupId);
  if (!group) throw notFound("Group not found.");
  return group;
}

export async function createGroup(deps: AppDeps, actor: OrgActor, input: { name: string; description: string | null }) {
  authorize(actor, "groups.manage");
  const now = nowIso();
  const row = {
    id: newId(),
    organization_id: actor.organizationId,
    name: input.name,
    description: input.description,
    name_key: groupNameKey(input.name),
    created_at: now,
    updated_at: now,
  };
  await deps.repos.transaction(async (repos) => {
    await repos.groups(actor.organizationId).insert(row);
    await enqueueEvent(repos, actor.organizationId, "group.created", { group: presentGroup(row) });
  });
  groupChanged(deps, actor, "group.created", { ids: [row.id] });
  return presentGroup(row);
}

export async function updateGroup(deps: AppDeps, actor: OrgActor, groupId: string, input: { name: string; description: string | null }) {
  authorize(actor, "groups.manage");
  const values = { name: input.name, description: input.description, name_key: groupNameKey(input.name), updated_at: nowIso() };
  const group = await deps.repos.transaction(async (repos) => {
    if (!(await repos.groups(actor.organizationId).update(groupId, values))) throw notFound("Group not found.");
    const updated = presentGroup((await repos.groups(actor.organizationId).find(groupId))!);
    await enqueueEvent(repos, actor.organizationId, "group.updated", { group: updated });
    return updated;
  });
  groupChanged(deps, actor, "group.updated", { ids: [groupId] });
  return group;
}

/** Deletes the group and its member links; the contacts themselves stay. */
export async function deleteGroup(deps: AppDeps, actor: OrgActor, groupId: string) {
  authorize(actor, "groups.manage");
  await findGroup(deps, actor, groupId);
  await deps.repos.transaction(async (repos) => {
    await repos.groups(actor.organizationId).delete(groupId);
    await enqueueEvent(repos, actor.organizationId, "group.deleted", { group: { id: groupId } });
  });
  groupChanged(deps, actor, "group.deleted", { ids: [groupId] });
}

/** Members in the spec's member view, newest first; contacts in the trash are left out until restored. */
export async function listGroupMembers(deps: AppDeps, actor: OrgActor, groupId: string, cursor: string | undefined, limit: number) {
  authorize(actor, "groups.view");
  await findGroup(deps, actor, groupId);
  const rows = await deps.repos.groups(actor.organizationId).membersPage(groupId, keyset(cursor, ["date", "string"]), limit + 1);
  return toPage(
    rows,
    limit,
    (r) => ({
      id: r.contact_id,
      contact_id: r.contact_id,
      contact_name: contactDisplayName(r),
      contact_phone: r.phone,
      contact_email: r.email,
      contact_notes: r.notes,
      organization_id: r.organization_id,
      added_at: toIso(r.added_at)!,
    }),
    (last) => [toIso(last.added_at), last.contact_id],
  );
}

/** Adds contacts in one transaction; any id that is not an active contact of this organization refuses all. */
export async function addGroupMembers(deps: AppDeps, actor: OrgActor, groupId: string, contactIds: string[]) {
  authorize(actor, "groups.members");
  await findGroup(deps, actor, groupId);
  const ids = [...new Set(contactIds)];
  const result = await deps.repos.transaction(async (repos) => {
    const found = await repos.contacts(actor.organizationId).activeIds(ids);
    if (found.length !== ids.length) throw new AppError(400, "VALIDATION", "Some contacts were not found in this organization.");
    const added = await repos.groups(actor.organizationId).addMembers(groupId, ids, nowIso());
    if (added) await enqueueEvent(repos, actor.organizationId, "group.members_added", { group_id: groupId, contact_ids: ids });
    return { added };
  });
  if (result.added) groupChanged(deps, actor, "group.members_added", { ids, groupId });
  return result;
}

export async function removeGroupMember(deps: AppDeps, actor: OrgActor, groupId: string, contactId: string) {
  authorize(actor, "groups.members");
  await findGroup(deps, actor, groupId);
  await deps.repos.transaction(async (repos) => {
    if (!(await repos.groups(actor.organizationId).removeMember(groupId, contactId))) throw notFound("Member not found.");
    await enqueueEvent(repos, actor.organizationId, "group.member_removed", { group_id: groupId, contact_ids: [contactId] });
  });
  groupChanged(deps, actor, "group.member_removed", { ids: [contactId], groupId });
}

/** Contacts not yet in the group (for the Add Members list), by first name, keyset-paged, searchable. */
export async function listGroupCandidates(
  deps: AppDeps,
  actor: OrgActor,
  groupId: string,
  q: string | undefined,
  cursor: string | undefined,
  limit: number,
) {
  authorize(actor, "groups.members");
  await findGroup(deps, actor, groupId);
  const words = q ? searchTerm(q, deps.config.defaultCountry) : [];
  const term = words.length ? words : undefined;
  const rows = await deps.repos
    .groups(actor.organizationId)
    .candidatesPage(groupId, term, cursor ? (decodeKeyset(cursor, ["string", "string", "string"]) as string[]) : undefined, limit + 1);
  return toPage(
    rows,
    limit,
    (row) => presentContact(row, deps.config.defaultCountry),
    (last) => [last.sort_first, last.sort_last, last.id],
  );
}
