// The contact's history (ADR 016): every write path records its change here, inside its own transaction,
// with one call; the timeline, restoring an earlier version and pruning by age live here too.
import { type HistoryAction, type HistoryItem, type HistoryPage, type HistorySource } from "../../shared/contact-history.js";
import { emptyContactData } from "../../shared/contact-model/data-schema.js";
import { type FieldChange, diffContactData, undoChanges } from "../../shared/contact-model/diff.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import { contactDisplayName } from "../../shared/contact-display.js";
import { PAGE_DEFAULT } from "../../shared/page.js";
import type { AppDeps } from "../deps.js";
import { nowIso, toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import type { HistoryRow, NewHistoryRow } from "../db/repositories/contact-history.js";
import type { Repositories } from "../db/repositories/index.js";
import { notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import { dataOfRow, rowAndKeysOfData } from "./contact-row.js";
import { presentContact } from "./contact-presenter.js";
import { stampsAfterWrite } from "./contact-conflicts.js";
import { changedFields } from "../../shared/contact-model/field-diff.js";
import { contactRules, validContact, versionConflict } from "./contact-rules.js";
import { auditedBy } from "./audit-actor.js";
import { CONTACT_EVENT_OF, enqueueContactEvents } from "./webhooks/enqueue.js";

/** An actor whose writes come from elsewhere than the app: a CardDAV device (by its name). */
export type HistoryActor = OrgActor & {
  via?: { source: HistorySource; name: string };
};

/** Where an actor's change came from, and the device or API token named with it. */
const sourceOf = (actor: HistoryActor): { source: HistorySource; name: string | null } =>
  actor.via
    ? { source: actor.via.source, name: actor.via.name }
    : actor.token
      ? { source: "api", name: actor.token.name }
      : { source: "app", name: null };

/** The actor of a device's writes: its changes are recorded with its app password's name. */
export const viaDevice = <A extends OrgActor>(actor: A, deviceName: string): A & { via: { source: HistorySource; name: string } } => ({
  ...actor,
  via: { source: "carddav", name: deviceName },
});

export interface ContactChange {
  contactId: string;
  action: HistoryAction;
  /** The data before and after (null: the contact did not exist). Both left out: no field changed (a delete, a restore). */
  before?: ContactData | null;
  after?: ContactData | null;
  /** The contact's version after the change; read from the contact when left out. */
  version?: number;
  /** More for the audit entry (the version a restore brought back). */
  detail?: Record<string, unknown>;
}

const AUDIT_OPERATIONS: Partial<Record<HistoryAction, string>> = {
  create: "CONTACT_CREATED",
  update: "CONTACT_UPDATED",
  merge: "CONTACT_UPDATED",
  restore: "CONTACT_RESTORED",
  delete: "CONTACT_DELETED",
  undelete: "CONTACT_RESTORED",
  purge: "CONTACT_PURGED",
};

/**
 * Records one change to one contact: its history row and its audit entry. Call inside the write's
 * transaction, after the write (a purge: before it, while the contact is still there to be named). An
 * edit that changed no field records nothing.
 */
export async function recordContactChange(
  repos: Repositories,
  actor: HistoryActor,
  change: ContactChange,
  /** Without its own audit entry (a merge writes one for all its contacts). */
  { audit = true }: { audit?: boolean } = {},
): Promise<void> {
  const history = repos.contactHistory(actor.organizationId);
  let { version, before, after } = change;
  if (version === undefined || (before === undefined && after === undefined)) {
    const row = await history.contactState(change.contactId);
    if (!row) return;
    version ??= row.version + (change.action === "purge" ? 1 : 0);
    if (before === undefined && after === undefined) before = after = dataOfRow(row);
  }
  const changes = diffContactData(before ?? null, after ?? null);
  if (changes.length === 0 && (change.action === "update" || change.action === "merge")) return;
  const at = nowIso();
  // A purge deletes for good: the values go, the fact that someone purged the contact stays.
  if (change.action === "purge") await history.forget(change.contactId);
  const origin = sourceOf(actor);
  await history.insert([
    {
      contact_id: change.contactId,
      version,
      at,
      user_id: actor.userId,
      actor: origin.name,
      source: origin.source,
      action: change.action,
      changes: change.action === "purge" ? "[]" : JSON.stringify(changes),
    },
  ]);
  const event = CONTACT_EVENT_OF[change.action];
  if (event) await enqueueContactEvents(repos, actor.organizationId, event, [change.contactId]);
  const operation = AUDIT_OPERATIONS[change.action];
  if (!operation || !audit) return;
  await repos.audit.write({
    organizationId: actor.organizationId,
    ...auditedBy(actor),
    tableName: "contacts",
    recordId: change.contactId,
    operation,
    newData: {
      name: contactDisplayName((after ?? before)!),
      ...(changes.length && change.action !== "create" && change.action !== "purge" ? { fields: changes.map((c) => c.field) } : {}),
      ...(actor.via ? { device: actor.via.name } : {}),
      ...change.detail,
    },
  });
}

/** One contact's change in an import's batch. */
export interface ImportedChange {
  contactId: string;
  action: HistoryAction;
  version: number;
  before: ContactData | null;
  after: ContactData;
}

/**
 * Records an import batch's changes (contacts created and merged into, or an undo's) in one statement,
 * under the run's file name and, unless `userId` says who else (an undo), the person who ran it. No
 * audit entry per contact: the run's IMPORT_COMPLETED or IMPORT_UNDONE is the audit's record.
 */
export async function recordImportHistory(
  repos: Repositories,
  organizationId: string,
  importId: string,
  entries: readonly ImportedChange[],
  userId?: string,
): Promise<void> {
  if (entries.length === 0) return;
  const history = repos.contactHistory(organizationId);
  const run = await history.importRun(importId);
  const at = nowIso();
  const rows: NewHistoryRow[] = [];
  for (const entry of entries) {
    const changes = diffContactData(entry.before, entry.after);
    if (changes.length === 0) continue;
    rows.push({
      contact_id: entry.contactId,
      version: entry.version,
      at,
      user_id: userId ?? run?.user_id ?? null,
      actor: run?.file_name ?? null,
      source: "import",
      action: entry.action,
      changes: JSON.stringify(changes),
    });
  }
  await history.insert(rows);
}

function presentHistory(row: HistoryRow): HistoryItem {
  return {
    version: row.version,
    at: toIso(row.at)!,
    user: row.user_id ? { id: row.user_id, name: row.user_name ?? "Former user" } : null,
    source: row.source as HistorySource,
    actor: row.actor,
    action: row.action as HistoryAction,
    changes: JSON.parse(row.changes) as FieldChange[],
  };
}

/** The contact, active or in the trash (its history can be read before it is restored), or 404. */
async function findAny(deps: AppDeps, actor: OrgActor, id: string) {
  const row = await deps.repos.contactHistory(actor.organizationId).contactState(id);
  if (!row) throw notFound("Contact not found.");
  return row;
}

/** A contact's history, newest first; whoever can see contacts can read it, in the trash too. */
export async function listContactHistory(deps: AppDeps, actor: OrgActor, id: string, cursor: string | undefined): Promise<HistoryPage> {
  authorize(actor, "contacts.view");
  const contact = await findAny(deps, actor, id);
  const before = cursor ? (decodeKeyset(cursor, ["number", "string"]) as [number, string]) : undefined;
  const history = deps.repos.contactHistory(actor.organizationId);
  const rows = await history.page(id, before, PAGE_DEFAULT + 1);
  const page = toPage(rows, PAGE_DEFAULT, presentHistory, (last) => [last.version, last.id]);
  // A contact an import created has no row of its own for that (an import writes a hundred thousand):
  // its first version is told by the contact's run, at the end of its last page.
  if (page.nextCursor === null && contact.import_id && !rows.some((r) => r.version === 1)) {
    const run = await history.importRun(contact.import_id);
    page.items.push({
      version: 1,
      at: toIso(contact.created_at)!,
      user: run?.user_id ? { id: run.user_id, name: run.user_name ?? "Former user" } : null,
      source: "import",
      actor: run?.file_name ?? null,
      action: "create",
      changes: [],
    });
  }
  return page;
}

/**
 * Puts the values the contact had at `version` back, as a new version: the present values with every
 * later change undone. Recorded as 'restore' (history and audit), announced as an edit.
 */
export async function restoreContactVersion(deps: AppDeps, actor: OrgActor, id: string, version: number) {
  authorize(actor, "contacts.edit");
  const current = await findAny(deps, actor, id);
  // A contact in the trash is restored from the trash first; its history is there to read meanwhile.
  if (current.deleted_at) throw notFound("Contact not found.");
  const history = deps.repos.contactHistory(actor.organizationId);
  // Version 1 of an imported contact is its run's (listContactHistory).
  if (!(await history.has(id, version)) && !(version === 1 && current.import_id)) throw notFound("Version not found.");
  const before = dataOfRow(current);
  let values = before;
  for (const text of await history.changesSince(id, version)) values = undoChanges(values, JSON.parse(text) as FieldChange[]);
  // The organization's rules of today apply to yesterday's values too.
  const { is_favorite: _favorite, ...data } = validContact(emptyContactData(), values, await contactRules(deps, actor.organizationId));
  const country = deps.config.defaultCountry;
  const written = await deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(actor.organizationId);
    const edited = rowAndKeysOfData(data, country);
    const now = nowIso();
    // Restored fields are written now: an edit begun before this restore meets them as a conflict (ADR 017).
    const field_stamps = stampsAfterWrite(current, changedFields(before, data), {
      version: current.version + 1,
      by: actor.userId,
      at: now,
    });
    const row = await contacts.updateReturning(
      id,
      { ...edited.columns, field_stamps, updated_at: now, version: current.version + 1 },
      current.version,
    );
    if (!row) throw versionConflict();
    await contacts.replaceKeys(id, edited.keys);
    await recordContactChange(repos, actor, {
      contactId: id,
      action: "restore",
      before,
      after: data,
      version: row.version,
      detail: { restoredVersion: version },
    });
    return row;
  });
  deps.events.changed(actor.organizationId, actor.userId, "contact.updated", { ids: [id], version: written.version });
  return presentContact(written, country);
}

const PRUNE_BATCH = 5000;

/** Deletes history older than HISTORY_DAYS, a bounded batch at a time; answers how many rows went. */
export async function pruneContactHistory(deps: AppDeps, now = Date.now()): Promise<number> {
  const before = new Date(now - deps.config.historyDays * 24 * 3600 * 1000).toISOString();
  let total = 0;
  for (;;) {
    const deleted = await deps.repos.pruneHistory(before, PRUNE_BATCH);
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
}

const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

/** Prunes now and then every six hours, for the life of the process; failures are logged and retried next time. */
export function startHistoryPruner(deps: AppDeps): () => void {
  const run = () => void pruneContactHistory(deps).catch((error) => deps.log.warn("history pruning failed", { error: String(error) }));
  run();
  const timer = setInterval(run, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Records a bulk move to or from the trash (no field changes) in one statement per batch, as the single
 * delete and restore record theirs; the bulk action's one audit entry, with its count, is the audit's record.
 */
export async function recordBulkHistory(
  repos: Repositories,
  actor: OrgActor,
  action: Extract<HistoryAction, "delete" | "undelete">,
  moved: readonly { id: string; version: number }[],
): Promise<void> {
  const at = nowIso();
  await repos.contactHistory(actor.organizationId).insert(
    moved.map((m) => ({
      contact_id: m.id,
      version: m.version,
      at,
      user_id: actor.userId,
      actor: actor.token?.name ?? null,
      source: actor.token ? "api" : "app",
      action,
      changes: "[]",
    })),
  );
  await enqueueContactEvents(
    repos,
    actor.organizationId,
    action === "delete" ? "contact.deleted" : "contact.restored",
    moved.map((m) => m.id),
  );
}
