import { contactDisplayName } from "../../../shared/contact-display.js";
import { changedFields } from "../../../shared/contact-model/field-diff.js";
import { planMerge } from "../../../shared/contact-model/merge.js";
import { type NameParts, keysAgree, nameKey } from "../../../shared/contact-model/same-person.js";
import type { ContactData } from "../../../shared/contact-model/types.js";
import { GROUP_NAME_MAX } from "../../../shared/group-schemas.js";
import { newId, nowIso } from "../../db/ids.js";
import type { MatchKey } from "../../db/repositories/contacts.js";
import type { ContactRow } from "../../db/schema.js";
import type { AppDeps } from "../../deps.js";
import { categoryGroup } from "../../import/category-groups.js";
import { recordImportHistory } from "../contact-history.js";
import { stampsAfterWrite } from "../contact-conflicts.js";
import type { PreparedPhoto } from "../contact-photos.js";
import { dataOfRow, newContactRow, rowAndKeysOfData } from "../contact-row.js";
import { type BatchGroups, type LabelledContact, type RunGroups, addToLabelledGroups } from "./groups.js";
import { type KeyIndex, fileUnderKeys, keyOf, matchRow } from "./match.js";
import type { ReadyRow, RowOutcome, SentRow } from "./prepare.js";
import type { HolderNames, RunContext } from "./run-context.js";
import { KEEP_ERRORS, type RunTally, fail, notice, progress } from "./tally.js";

/** A contact this batch writes: new (inserted at the end), or existing with the fields changed so far. */
interface Target {
  id: string;
  /** The stored row (existing contacts), for its version, favourite and name. */
  row: ContactRow | null;
  data: ContactData;
  isNew: boolean;
  /** An earlier batch of this run created it: undo trashes it anyway, so no previous values are kept. */
  ownedByRun: boolean;
  /** The values the run changed, as they were before it (for undo). */
  previous: Partial<ContactData>;
  /** Some field changed in this batch. */
  dirty: boolean;
  /** A new contact's columns and keys as prepared (recomputed when a later row merged into it). */
  written: ReturnType<typeof rowAndKeysOfData>;
  extras: SentRow["extras"];
  photo?: PreparedPhoto | undefined;
  /** The groups the labels of its rows name (key -> name as first written), with labels as groups. */
  groups?: Map<string, string>;
  /** Its names as rows are compared with them. */
  words: string;
  /** `data` holds every field (else only the names: a created contact's are in its columns). */
  full: boolean;
}

const namesOf = (c: NameParts): NameParts => ({ first_name: c.first_name, last_name: c.last_name, company: c.company });
/** Names that display as `display`, for a holder known by its name only. */
const displayOnly = (display: string): NameParts => ({ first_name: display, last_name: null, company: null });

/** Adds the groups a row's labels name to a contact's; a label too long for a group name is said once a run. */
function collectGroups(target: Target, row: SentRow, labels: RunGroups, tally: RunTally) {
  for (const category of row.candidate.categories) {
    const group = categoryGroup(category);
    if (group === "too-long") {
      const key = category.trim().toLocaleLowerCase("en");
      if (labels.tooLong.has(key)) continue;
      labels.tooLong.add(key);
      notice(
        tally,
        row,
        `the label '${category.trim().slice(0, 40)}...' is longer than ${GROUP_NAME_MAX} characters: no group was made of it`,
      );
    } else if (group && !target.groups?.has(group.key)) (target.groups ??= new Map()).set(group.key, group.name);
  }
}

/** What a row matched by: the summary's words for it. */
const byWords = (by: MatchKey) => (by.kind === "phone" ? "phone number" : "e-mail address");

/**
 * Writes one batch in one transaction, every row through create-or-merge: a row that shares a phone or
 * an e-mail with an active contact (or with a row before it in the file) and whose name agrees
 * (match.ts) merges into that contact by the one merge plan in `mode`; the others are created,
 * those that share a number with someone of another name too (said in the summary). The previous values
 * of every existing contact it changes are recorded. With `labels` (the run's groups), every contact it
 * creates or merges into joins the groups its rows' labels name; answers what it did to groups once
 * committed. Rows the person left out in the preview (`excluded`, by their labels) are skipped.
 */
export async function writeBatch(deps: AppDeps, run: RunContext, outcomes: RowOutcome[], tally: RunTally): Promise<BatchGroups | null> {
  const { organizationId, importId, mode, labels, excluded, by, names } = run;
  const country = deps.config.defaultCountry;
  const prepared: ReadyRow[] = [];
  for (const outcome of outcomes) {
    if (excluded.has(outcome.row.label)) {
      tally.processed++;
      tally.skipped++;
      notice(tally, outcome.row, "left out, as chosen in the preview");
    } else if ("message" in outcome) {
      tally.processed++;
      fail(tally, outcome.row, outcome.message);
    } else {
      for (const warning of outcome.warnings) notice(tally, outcome.row, warning);
      prepared.push(outcome);
    }
  }
  if (prepared.length === 0) return null;

  const batchGroups = await deps.repos.transaction(async (repos) => {
    const contacts = repos.contacts(organizationId);
    const rowKeys = prepared.flatMap((p) => p.written.keys);
    // The same lock a create of the number takes; e-mails get locks of their own name.
    await contacts.lockPhones([...new Set(rowKeys.map((k) => (k.kind === "phone" ? k.key : `email:${k.key}`)))]);
    const held = await contacts.keyContacts(rowKeys);
    const unknown = [...new Set(held.map((h) => h.contact_id))].filter((id) => !names.has(id));
    for (const id of unknown) names.set(id, null);
    for (const n of await contacts.namesOf(unknown)) names.set(n.id, { display: contactDisplayName(n), words: nameKey(n) });
    // Every active holder of the batch's keys by its names; read whole are those a row's name agrees
    // with, the only ones a row can merge into (an office line's other holders are named in the summary).
    const holders = new Map<string, { named: HolderNames; keys: MatchKey[] }>();
    const byKey = new Map<string, string[]>();
    for (const { kind, key, contact_id: id } of held) {
      const named = names.get(id);
      if (!named) continue;
      const holder = holders.get(id) ?? { named, keys: [] };
      holder.keys.push({ kind, key });
      holders.set(id, holder);
      const list = byKey.get(`${kind}:${key}`);
      if (list) list.push(id);
      else byKey.set(`${kind}:${key}`, [id]);
    }
    const agreeing = new Set<string>();
    for (const { words, written } of prepared)
      for (const k of written.keys)
        for (const id of byKey.get(keyOf(k)) ?? []) if (keysAgree(words, holders.get(id)!.named.words)) agreeing.add(id);
    const whole = new Map((await contacts.findMany([...agreeing])).map((row) => [row.id, row]));
    const index: KeyIndex<Target> = new Map();
    const existing: Target[] = [];
    for (const [id, { named, keys }] of holders) {
      const row = whole.get(id) ?? null;
      const data = row ? dataOfRow(row) : (displayOnly(named.display) as ContactData);
      const target: Target = {
        id,
        row,
        // Names only, for a holder no row can merge into.
        data,
        full: row !== null,
        words: row ? nameKey(data) : named.words,
        isNew: false,
        ownedByRun: row?.import_id === importId,
        previous: {},
        dirty: false,
        written: { columns: null as never, keys: [] },
        extras: undefined,
      };
      if (row) existing.push(target);
      fileUnderKeys(index, keys, target);
    }
    const created: Target[] = [];
    for (const { row, words, written, photo } of prepared) {
      tally.processed++;
      for (const { source, values } of row.candidate.leftOut) tally.leftOut.set(source, (tally.leftOut.get(source) ?? 0) + values);
      const match = matchRow(words, written.keys, index);
      if (!match.target) {
        const fresh: Target = {
          id: newId(),
          row: null,
          // Its names until a later row merges into it (its columns hold the rest).
          data: namesOf(written.columns) as ContactData,
          full: false,
          words,
          isNew: true,
          ownedByRun: true,
          previous: {},
          dirty: false,
          written,
          extras: row.extras,
          photo,
        };
        created.push(fresh);
        if (labels) collectGroups(fresh, row, labels, tally);
        fileUnderKeys(index, written.keys, fresh);
        tally.imported++;
        if (match.sharedWith)
          notice(
            tally,
            row,
            `added as a new contact: it shares a number or e-mail address with ${contactDisplayName(match.sharedWith.data)}, whose name differs`,
          );
        continue;
      }
      const target = match.target;
      if (mode === "skip") {
        tally.skipped++;
        notice(tally, row, `skipped: the ${byWords(match.by)} belongs to ${contactDisplayName(target.data)}`);
        continue;
      }
      const data = dataOfRow(written.columns);
      if (!target.full) {
        target.data = dataOfRow(target.written.columns);
        target.full = true;
      }
      const plan = planMerge(target.data, data, mode === "update" ? "update" : "fill", country);
      if (plan.changed.length) {
        if (!target.isNew && !target.ownedByRun) {
          for (const field of plan.changed)
            if (!(field in target.previous)) (target.previous as Record<string, unknown>)[field] = target.data[field];
        }
        target.data = plan.result;
        target.words = nameKey(plan.result);
        target.dirty = true;
      }
      // A later row of the file finds the contact by the keys this one brought too.
      fileUnderKeys(index, written.keys, target);
      tally.merged++;
      if (labels) collectGroups(target, row, labels, tally);
      const into = contactDisplayName(target.data);
      if (into.toLowerCase() !== contactDisplayName(data).toLowerCase()) notice(tally, row, `merged into ${into}`);
    }

    // change_seq is the database's to set (migration 0050). The columns were derived with the row; only a
    // row a later line of the file merged into needs them again (parsing phones is the dearest step here).
    const now = nowIso();
    const inserts = [];
    const keys: (MatchKey & { contact_id: string })[] = [];
    for (const t of created) {
      const written = t.dirty ? rowAndKeysOfData(t.data, country) : t.written;
      const row = newContactRow(organizationId, written.columns, {
        now,
        importId,
        // A card's UID and the properties without a field stay with the contact (CardDAV and export write them back).
        vcard_uid: t.extras?.uid ?? null,
        vcard_extra: t.extras?.extraLines.length ? t.extras.extraLines.join("\n") : null,
      });
      inserts.push({ ...row, id: t.id, photo_etag: t.photo?.etag ?? null });
      for (const k of written.keys) keys.push({ ...k, contact_id: t.id });
    }
    await contacts.insertMany(inserts, keys);
    for (const t of created) if (t.photo) await repos.contactPhotos(organizationId).put(t.id, t.photo, now);
    await contacts.counter.adjust(inserts.length);
    const changes: { contactId: string; previous: Record<string, unknown>; versionAfter: number }[] = [];
    const notMerged = new Set<string>();
    for (const target of existing) {
      if (!target.dirty || !target.row) continue;
      const written = rowAndKeysOfData(target.data, country);
      const version = target.row.version + 1;
      const field_stamps = stampsAfterWrite(target.row, changedFields(dataOfRow(target.row), target.data), { version, by, at: now });
      const ok = await contacts.update(target.id, { ...written.columns, field_stamps, updated_at: now, version }, target.row.version);
      if (!ok) {
        // Edited by someone between our read and this write (the row lock of PostgreSQL aside): leave it.
        notMerged.add(target.id);
        tally.merged--;
        tally.failed++;
        if (tally.errors.length < KEEP_ERRORS)
          tally.errors.push({
            row: "-",
            message: `${contactDisplayName(target.data)} was being edited and was not merged; import the file again`,
          });
        continue;
      }
      await contacts.replaceKeys(target.id, written.keys);
      if (Object.keys(target.previous).length)
        changes.push({ contactId: target.id, previous: target.previous, versionAfter: target.row.version + 1 });
    }
    await repos.imports(organizationId).recordChanges(importId, changes);
    // Later batches meet these contacts by their names without reading them.
    // (Their names alone: a run meets a hundred thousand contacts.)
    for (const t of [...created, ...existing])
      if (!notMerged.has(t.id)) names.set(t.id, { display: contactDisplayName(t.data), words: t.words });
    await recordImportHistory(repos, organizationId, importId, [
      // A contact the run created has no row of its own: its import_id tells its first version
      // (listContactHistory), and its values then are its present ones with every later change undone.
      ...existing
        .filter((t) => t.dirty && t.row && !notMerged.has(t.id))
        .map((t) => ({
          contactId: t.id,
          action: "update" as const,
          version: t.row!.version + 1,
          before: dataOfRow(t.row!),
          after: t.data,
        })),
    ]);
    let batchGroups: BatchGroups | null = null;
    if (labels && tally.groups) {
      const labelled = new Map<string, LabelledContact>();
      for (const t of [...created, ...existing]) {
        if (!t.groups?.size || notMerged.has(t.id)) continue;
        labelled.set(t.id, { id: t.id, existed: !t.ownedByRun, groups: t.groups });
      }
      batchGroups = await addToLabelledGroups(repos, organizationId, importId, [...labelled.values()], labels, now);
      tally.groups.created += batchGroups.created.length;
      tally.groups.added += batchGroups.added;
    }
    await repos.imports(organizationId).update(importId, progress(tally));
    return batchGroups;
  });
  // Only a committed batch's groups are the run's to find again.
  if (labels && batchGroups) for (const [key, id] of batchGroups.resolved) labels.ids.set(key, id);
  return batchGroups;
}
