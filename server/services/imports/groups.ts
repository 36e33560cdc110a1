import { newId } from "../../db/ids.js";
import type { Repositories } from "../../db/repositories/index.js";

/** What a run knows of the groups its labels name, kept across its batches so a label is looked up once. */
export interface RunGroups {
  /** name_key -> group id, of groups the run found or created (filled once a batch committed). */
  ids: Map<string, string>;
  /** Keys of labels too long to be a group's name: the run says so once for each. */
  tooLong: Set<string>;
}

export const runGroups = (): RunGroups => ({ ids: new Map(), tooLong: new Set() });

/** A contact a batch created or merged into, with the groups its rows' labels name (key -> name as first written). */
export interface LabelledContact {
  id: string;
  /** It existed before the run: the memberships it gets are recorded for undo (the run's own contacts go to the trash). */
  existed: boolean;
  groups: Map<string, string>;
}

/** What one batch did to groups. */
export interface BatchGroups {
  /** Groups it created. */
  created: string[];
  /** Groups that gained members. */
  touched: string[];
  /** Memberships it added (links already there are not counted). */
  added: number;
  /** Keys it resolved, for the run's cache once the batch committed. */
  resolved: Map<string, string>;
}

/**
 * Adds the batch's contacts to the groups their labels name, inside the batch's transaction: a group is
 * found by its name key (the oldest of that key when several share it, as the API lets happen) and
 * created when there is none; memberships go in bulk, and those given to contacts that existed before
 * the run are recorded so an undo takes them away.
 */
export async function addToLabelledGroups(
  repos: Repositories,
  organizationId: string,
  importId: string,
  contacts: LabelledContact[],
  cache: RunGroups,
  now: string,
): Promise<BatchGroups> {
  const groups = repos.groups(organizationId);
  const names = new Map<string, string>();
  for (const contact of contacts) for (const [key, name] of contact.groups) if (!names.has(key)) names.set(key, name);
  const resolved = new Map<string, string>();
  // A group the run found earlier may have been deleted since: one query for the batch tells.
  const cachedKeys = [...names.keys()].filter((key) => cache.ids.has(key));
  const alive = new Set(await groups.existingIds(cachedKeys.map((key) => cache.ids.get(key)!)));
  for (const key of cachedKeys) if (alive.has(cache.ids.get(key)!)) resolved.set(key, cache.ids.get(key)!);
  const unknown = [...names.keys()].filter((key) => !resolved.has(key));
  const created: string[] = [];
  if (unknown.length) {
    await groups.lockNames(unknown);
    for (const { id, name_key } of await groups.byKeys(unknown)) if (!resolved.has(name_key)) resolved.set(name_key, id);
    const rows = unknown
      .filter((key) => !resolved.has(key))
      .map((key) => ({
        id: newId(),
        organization_id: organizationId,
        name: names.get(key)!,
        description: null,
        name_key: key,
        created_at: now,
        updated_at: now,
      }));
    await groups.insertMany(rows);
    for (const row of rows) {
      resolved.set(row.name_key, row.id);
      created.push(row.id);
    }
  }
  const existed = new Set(contacts.filter((c) => c.existed).map((c) => c.id));
  const links = contacts
    .flatMap((contact) => [...contact.groups.keys()].map((key) => ({ group_id: resolved.get(key)!, contact_id: contact.id })))
    // One order for every writer, so two imports adding the same links wait for each other rather than deadlock.
    .sort((a, b) => (a.group_id === b.group_id ? compare(a.contact_id, b.contact_id) : compare(a.group_id, b.group_id)));
  const added = await groups.addLinks(links, now);
  await repos.imports(organizationId).recordGroupLinks(
    importId,
    added.filter((link) => existed.has(link.contact_id)),
  );
  return { created, touched: [...new Set(added.map((link) => link.group_id))], added: added.length, resolved };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
