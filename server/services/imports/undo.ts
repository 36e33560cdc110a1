import { contactDisplayName } from "../../../shared/contact-display.js";
import { applyFlatFields } from "../../../shared/contact-model/data-schema.js";
import { changedFields } from "../../../shared/contact-model/field-diff.js";
import { FIRST_ENTRY_FIELDS } from "../../../shared/contact-model/fields.js";
import type { ContactData } from "../../../shared/contact-model/types.js";
import type { CountryCode } from "../../../shared/phone.js";
import { canUndoImport } from "../../../shared/policy/import-rules.js";
import { nowIso } from "../../db/ids.js";
import type { Repositories } from "../../db/repositories/index.js";
import type { AppDeps } from "../../deps.js";
import { conflict, forbidden } from "../../errors.js";
import { type OrgActor, authorize } from "../../policies/authorize.js";
import { type ImportedChange, recordImportHistory } from "../contact-history.js";
import { stampsAfterWrite } from "../contact-conflicts.js";
import { dataOfRow, rowAndKeysOfData } from "../contact-row.js";
import { bulkChanged } from "./events.js";
import { UNDO_DAYS, findRun, getImport, presentImport } from "./view.js";

/**
 * Undoes a run: the contacts it created go to the trash (restorable from there), the fields it changed on
 * existing contacts get their previous values back, except on contacts edited since (listed).
 */
export async function undoImport(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.import");
  const row = await findRun(deps, actor, id);
  const decision = canUndoImport(actor, row.user_id);
  if (!decision.allowed) throw forbidden(decision.message);
  const view = presentImport(row, actor);
  const alreadyUndone = () => conflict("This import was already undone", "ALREADY_UNDONE");
  if (row.undone_at) throw alreadyUndone();
  if (view.status === "running") throw conflict("The import is still running", "IMPORT_RUNNING");
  if (!view.canUndo) throw conflict(`An import can be undone for ${UNDO_DAYS} days`, "UNDO_EXPIRED");
  const now = nowIso();
  const removed = await deps.repos.transaction(async (repos) => {
    // The claim, with the first change: of several undos at once, only the one that marks the run goes on.
    if (!(await repos.imports(actor.organizationId).claimUndo(id, now))) throw alreadyUndone();
    const contacts = repos.contacts(actor.organizationId);
    const count = await contacts.trashImported(id, now);
    await contacts.counter.adjust(-count);
    // Memberships it gave contacts that were there before it; its own contacts keep theirs in the trash.
    const leftGroups = await repos.imports(actor.organizationId).removeGroupLinks(id);
    return { count, leftGroups };
  });
  const trashed = removed.count;
  const { restored, editedSince } = await undoChanges(
    deps.repos,
    actor.organizationId,
    id,
    now,
    deps.config.defaultCountry,
    actor.userId,
  ).catch(async (error: unknown) => {
    // Changes are restored in batches of their own: a failure lets go of the claim, so the undo can be tried again.
    await deps.repos
      .imports(actor.organizationId)
      .update(id, { undone_at: null })
      .catch(() => undefined);
    throw error;
  });
  bulkChanged(deps, actor);
  if (removed.leftGroups) deps.events.changed(actor.organizationId, actor.userId, "group.member_removed", { ids: [] });
  const report = { trashed, restored, editedSince, ...(row.groups ? { leftGroups: removed.leftGroups } : {}) };
  await deps.repos.transaction(async (repos) => {
    await repos.imports(actor.organizationId).update(id, { undo_report: JSON.stringify(report) });
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "imports",
      recordId: id,
      operation: "IMPORT_UNDONE",
      newData: { fileName: row.file_name, trashed, restored, editedSince: editedSince.length },
    });
  });
  return getImport(deps, actor, id);
}

/** Restores what a run changed on existing contacts, unless they were edited since (those are listed). */
async function undoChanges(
  repos: Repositories,
  organizationId: string,
  importId: string,
  now: string,
  country: CountryCode,
  /** Who undoes it: the contacts' history and the stamps of the fields put back name them. */
  userId?: string,
) {
  const by = userId ?? null;
  const restored: string[] = [];
  const editedSince: { id: string; name: string }[] = [];
  let after = "";
  for (;;) {
    const batch = await repos.imports(organizationId).changes(importId, after, 500);
    if (batch.length === 0) break;
    after = batch.at(-1)!.contact_id;
    await repos.transaction(async (trx) => {
      const contacts = trx.contacts(organizationId);
      const undone: ImportedChange[] = [];
      for (const change of batch) {
        const current = await contacts.find(change.contact_id);
        if (!current || current.import_id === importId) continue;
        if (current.version !== change.version_after) {
          editedSince.push({ id: current.id, name: contactDisplayName(current) });
          continue;
        }
        // What the run changed, as it was: fields of the contact's data; runs from before rich contacts
        // recorded the spec's flat fields (phone2, email...), which edit the first entries.
        const previous = JSON.parse(change.previous) as Record<string, unknown>;
        const flat = Object.fromEntries(Object.entries(previous).filter(([k]) => k in FIRST_ENTRY_FIELDS));
        const own = Object.fromEntries(Object.entries(previous).filter(([k]) => !(k in FIRST_ENTRY_FIELDS)));
        const data = applyFlatFields({ ...dataOfRow(current), ...own } as ContactData, flat);
        const written = rowAndKeysOfData(data, country);
        const version = current.version + 1;
        const field_stamps = stampsAfterWrite(current, changedFields(dataOfRow(current), data), { version, by, at: now });
        if (await contacts.update(current.id, { ...written.columns, field_stamps, updated_at: now, version }, current.version)) {
          await contacts.replaceKeys(current.id, written.keys);
          undone.push({ contactId: current.id, action: "undo", version: current.version + 1, before: dataOfRow(current), after: data });
        }
        restored.push(current.id);
      }
      await recordImportHistory(trx, organizationId, importId, undone, userId);
    });
  }
  return { restored: restored.length, editedSince };
}
