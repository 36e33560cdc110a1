import { contactDisplayName } from "../../../shared/contact-display.js";
import { changedFields } from "../../../shared/contact-model/field-diff.js";
import { planMerge } from "../../../shared/contact-model/merge.js";
import type { NameParts } from "../../../shared/contact-model/same-person.js";
import type { ContactData } from "../../../shared/contact-model/types.js";
import type { CountryCode } from "../../../shared/phone.js";
import { GROUP_NAME_MAX, groupNameKey } from "../../../shared/group-schemas.js";
import { newId, nowIso } from "../../db/ids.js";
import { type PackedContacts, packKeys } from "../../db/repositories/contact-packing.js";
import type { MatchKey } from "../../db/repositories/contacts.js";
import type { Repositories } from "../../db/repositories/index.js";
import type { ContactRow } from "../../db/schema.js";
import { pacer } from "../../cards/pacing.js";
import { categoryGroup } from "../../import/category-groups.js";
import type { ImportedChange } from "../contact-history.js";
import { stampsAfterWrite } from "../contact-conflicts.js";
import type { PreparedPhoto } from "../contact-photos.js";
import { type PreparedColumns, columnsOfValues, dataOfRow, preparedColumns, rowAndKeysOfData } from "../contact-row.js";
import { type NewRow, packNewRows } from "./new-rows.js";
import type { LabelledContact } from "./groups.js";
import { type KeyIndex, type Named, agree, fileUnderKeys, keyOf, matchRow, nameOf, nameOfContact } from "./match.js";
import type { ReadyRow, SentRow } from "./prepare.js";
import { NOBODY, type PendingContact, planPrint, rememberHolders } from "./holders.js";
import { type Holder, type HolderNames, type RunContext, holderOf } from "./run-context.js";
import { type RunTally, emptyTally, fail, notice } from "./tally.js";

// The first half of an import batch: which rows merge into which contacts, and every row and statement
// value that follows. The second half (batch-apply.ts) only writes them, in one transaction, so the two
// can run side by side for consecutive batches (pipeline.ts).

/** A contact the batch merges rows into, as written. */
export interface PlannedUpdate {
  id: string;
  display: string;
  /** The version it was read at: the write happens only if it is still there. */
  version: number;
  columns: ReturnType<typeof rowAndKeysOfData>["columns"] & { field_stamps: string; updated_at: string; version: number };
  keys: MatchKey[];
  /** The values the run changed, as they were before it (for undo); empty when an earlier batch of the run made it. */
  previous: Record<string, unknown>;
  history: ImportedChange;
}

/** Everything a batch writes, decided; it crosses to the writing thread as it is (structured clone). */
export interface BatchPlan {
  /** The rows' keys: the batch's locks, and the keys whose holders are checked again before writing. */
  keys: MatchKey[];
  /** The holders the plan was made with, contacts still being written left out, as heldPrint makes them. */
  held: string;
  /** Contacts an earlier batch was still writing when this plan was made. */
  pendingIds: string[];
  /** The new contacts and their keys, packed: the writing thread takes two strings, not thousands of objects. */
  inserts: PackedContacts;
  insertKeys: string;
  /** Of the new contacts' keys, those nobody else holds, before the batch or in it (insertPacked's `unshared`). */
  unsharedKeys: string;
  photos: { id: string; photo: PreparedPhoto }[];
  updates: PlannedUpdate[];
  /** With labels as groups: the contacts the batch created or merged into, with the groups their rows name. */
  labelled: LabelledContact[];
  /** The names of the contacts it writes, for the run's later batches. */
  names: [string, HolderNames][];
  /** What the next batch's plan must see before this one commits. */
  pending: PendingContact[];
  /** The batch's share of the summary. */
  tally: RunTally;
  /** Labels too long for a group's name, said in this batch (said once a run). */
  tooLong: string[];
  now: string;
}

/** A target of the batch: new (inserted at the end), existing with the fields changed so far, or pending. */
interface Target extends Named {
  id: string;
  /** The stored row (existing contacts), for its version, favourite and name. */
  row: ContactRow | null;
  data: ContactData;
  isNew: boolean;
  /** Being written by an earlier batch: a row that merges into it waits for that write. */
  pending: boolean;
  /** An earlier batch of this run created it: undo trashes it anyway, so no previous values are kept. */
  ownedByRun: boolean;
  previous: Partial<ContactData>;
  dirty: boolean;
  /** A new contact's columns and keys as prepared (recomputed when a later row merged into it). */
  written: PreparedColumns;
  extras: SentRow["extras"];
  photo?: PreparedPhoto | undefined;
  groups?: Map<string, string>;
  /** `data` holds every field (else only the names: a created contact's are in its columns). */
  full: boolean;
}

const isTarget = (c: Target | HolderNames): c is Target => "id" in c;
/** A candidate's name as the summary says it. */
const shownName = (c: Target | HolderNames) => (isTarget(c) ? contactDisplayName(c.data) : c.display);
/** Names that display as `display`, for a holder known by its name only. */
const displayOnly = (display: string): NameParts => ({ first_name: display, last_name: null, company: null });
const byWords = (by: MatchKey) => (by.kind === "phone" ? "phone number" : "e-mail address");

/**
 * A batch is planned on the request thread, beside other people's requests: it gives the event loop a
 * turn as file work does (cards/pacing.ts), and reads its holders READ_SLICE keys a statement (SQLite's
 * statements hold the thread). A colleague's list page waited up to 0.6 s for a batch before.
 */
const READ_SLICE = 1000;

/** Splits a batch's outcomes into rows to write and rows the summary alone tells of. */
export function sortOut(
  outcomes: readonly ({ row: SentRow; message: string } | (ReadyRow & { warnings: string[] }))[],
  excluded: ReadonlySet<string>,
  tally: RunTally,
): ReadyRow[] {
  const ready: ReadyRow[] = [];
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
      ready.push(outcome);
    }
  }
  return ready;
}

/**
 * Plans one batch: every row through create-or-merge. A row that shares a phone or an e-mail with an
 * active contact (or with a row before it in the file) and whose name agrees (match.ts) merges into that
 * contact by the one merge plan in `mode`; the others are created, those that share a number with
 * someone of another name too (said in the summary). `pending` are the contacts the previous batch is
 * still writing: the plan sees them as they will be, and answers "wait" when a row would merge into one
 * (that row needs the write's outcome). Reads through `repos` (inside the write's transaction, or not:
 * batch-apply.ts checks the holders again under their locks before it writes).
 */
export async function planBatch(
  repos: Repositories,
  run: RunContext,
  ready: readonly ReadyRow[],
  country: CountryCode,
  pending: ReadonlyMap<string, PendingContact> = new Map(),
): Promise<BatchPlan | "wait"> {
  const { organizationId, importId, mode, labels, by } = run;
  const contacts = repos.contacts(organizationId);
  const tally = emptyTally(labels !== null);
  const rowKeys = ready.flatMap((p) => p.written.keys);
  // Each row's keys as the maps hold them, made once (a row's are looked up in several of them).
  const idsOf = ready.map((p) => p.written.keys.map(keyOf));
  // The holders of keys the run met before are known (run-context.ts); the others are read, and kept.
  // The change number is read first: a change after it shows at the write.
  const rowKeyIds = idsOf.flat();
  const unread = new Map<string, MatchKey>();
  rowKeys.forEach((k, i) => {
    if (!run.holders.has(rowKeyIds[i]!)) unread.set(rowKeyIds[i]!, k);
  });
  const seen = await repos.davCards(organizationId).currentSeq();
  run.anchor ??= seen;
  const pace = pacer();
  const read: Awaited<ReturnType<typeof contacts.keyContacts>> = [];
  const toRead = [...unread.values()];
  for (let i = 0; i < toRead.length; i += READ_SLICE) {
    if (pace.due()) await pace.turn();
    read.push(...(await contacts.keyContacts(toRead.slice(i, i + READ_SLICE))));
  }
  rememberHolders(run, unread, read, pending);
  // Every batch key's holders, as the plan saw them (a settled batch may add to the run's lists meanwhile).
  const heldBy = new Map<string, readonly Holder[]>();
  for (const key of rowKeyIds) heldBy.set(key, run.holders.get(key) ?? NOBODY);
  // The run's records of the contacts being written (a set of records: no id hashed per holder met).
  const pendingHolders = new Set<Holder>();
  for (const id of pending.keys()) {
    const h = run.people.get(id);
    if (h) pendingHolders.add(h);
  }
  const unknown = new Set<Holder>();
  for (const holders of heldBy.values()) for (const h of holders) if (h.names === undefined && !pendingHolders.has(h)) unknown.add(h);
  for (const h of unknown) h.names = null;
  // A slice a statement too: the first batches meet an office line's holders, 20,000 names a batch (230 ms).
  const unnamed = [...unknown].map((h) => h.id);
  for (let i = 0; i < unnamed.length; i += READ_SLICE) {
    if (pace.due()) await pace.turn();
    for (const n of await contacts.namesOf(unnamed.slice(i, i + READ_SLICE)))
      holderOf(run, n.id).names = { display: contactDisplayName(n), ...nameOfContact(n) };
  }
  /** A holder's names, unless it is being written (the plan sees it as it will be) or not active. */
  const namesNow = (h: Holder) => (pendingHolders.has(h) ? null : h.names);
  // Read whole are the active holders a row's name agrees with, the only ones a row can merge into; the
  // others (an office line's) take part by their names alone, to be named in the summary.
  const agreeing = new Set<Holder>();
  const rowNames = ready.map((p) => nameOf(p.words));
  for (let r = 0; r < ready.length; r++) {
    if (pace.due()) await pace.turn();
    const row = rowNames[r]!;
    for (const id of idsOf[r]!)
      for (const h of heldBy.get(id)!) {
        const named = namesNow(h);
        if (named && agree(row, named)) agreeing.add(h);
      }
  }
  const whole = new Map((await contacts.findMany([...agreeing].map((h) => h.id))).map((row) => [row.id, row]));
  const index: KeyIndex<Target | HolderNames> = new Map();
  const existing = new Map<string, Target>();
  const blank = (id: string, names: Named): Target => ({
    id,
    row: null,
    data: {} as ContactData,
    full: false,
    words: names.words,
    bits: names.bits,
    isNew: false,
    pending: false,
    ownedByRun: false,
    previous: {},
    dirty: false,
    written: { names: null as never, keys: [], values: "" },
    extras: undefined,
  });
  for (const [key, holders] of heldBy) {
    const list: (Target | HolderNames)[] = [];
    for (const h of holders) {
      const named = namesNow(h);
      if (!named) continue;
      const row = agreeing.has(h) ? whole.get(h.id) : undefined;
      if (!row) {
        list.push(named);
        continue;
      }
      const id = h.id;
      let target = existing.get(id);
      if (!target) {
        const data = dataOfRow(row);
        target = { ...blank(id, nameOfContact(data)), row, data, full: true, ownedByRun: row.import_id === importId };
        existing.set(id, target);
      }
      list.push(target);
    }
    if (list.length) index.set(key, list);
  }
  // After the stored holders, as the previous batch's new contacts would be read once committed.
  /** The batch's keys a contact of the batch before holds or held: none of them is unshared (byHolders). */
  const pendingKeys = new Set<string>();
  for (const contact of pending.values()) {
    const keys = [...contact.keys, ...contact.was].filter((k) => {
      const id = keyOf(k);
      const met = heldBy.has(id);
      if (met) pendingKeys.add(id);
      return met;
    });
    if (keys.length)
      fileUnderKeys(index, keys, { ...blank(contact.id, contact), data: displayOnly(contact.display) as ContactData, pending: true });
  }

  const created: Target[] = [];
  const tooLong: string[] = [];
  const collectGroups = (target: Target, row: SentRow) => {
    for (const category of row.candidate.categories) {
      const group = categoryGroup(category);
      if (group === "too-long") {
        const key = groupNameKey(category.trim());
        if (labels!.tooLong.has(key) || tooLong.includes(key)) continue;
        tooLong.push(key);
        notice(
          tally,
          row,
          `the label '${category.trim().slice(0, 40)}...' is longer than ${GROUP_NAME_MAX} characters: no group was made of it`,
        );
      } else if (group && !target.groups?.has(group.key)) (target.groups ??= new Map()).set(group.key, group.name);
    }
  };
  for (let r = 0; r < ready.length; r++) {
    const { row, written, photo } = ready[r]!;
    const rowName = rowNames[r]!;
    const ids = idsOf[r]!;
    if (pace.due()) await pace.turn();
    tally.processed++;
    for (const { source, values } of row.candidate.leftOut) tally.leftOut.set(source, (tally.leftOut.get(source) ?? 0) + values);
    const found = matchRow(rowName, written.keys, index, ids);
    // A holder known by its names only agreed with no row when the batch was read (it was trashed since).
    const match: { target: Target; by: MatchKey } | { target: null; sharedWith: Target | HolderNames | null } =
      found.target === null
        ? found
        : isTarget(found.target)
          ? { target: found.target, by: found.by }
          : { target: null, sharedWith: found.target };
    if (match.target?.pending) return "wait";
    if (!match.target) {
      const fresh: Target = {
        ...blank(newId(), rowName),
        // Its names until a later row merges into it (its columns hold the rest).
        data: written.names as ContactData,
        isNew: true,
        ownedByRun: true,
        written,
        extras: row.extras,
        photo,
      };
      created.push(fresh);
      if (labels) collectGroups(fresh, row);
      fileUnderKeys(index, written.keys, fresh, ids);
      tally.imported++;
      if (match.sharedWith)
        notice(
          tally,
          row,
          `added as a new contact: it shares a number or e-mail address with ${shownName(match.sharedWith)}, whose name differs`,
        );
      continue;
    }
    const target = match.target;
    if (mode === "skip") {
      tally.skipped++;
      notice(tally, row, `skipped: the ${byWords(match.by)} belongs to ${contactDisplayName(target.data)}`);
      continue;
    }
    const data = dataOfRow(columnsOfValues(written.values));
    if (!target.full) {
      target.data = dataOfRow(columnsOfValues(target.written.values));
      target.full = true;
    }
    const plan = planMerge(target.data, data, mode === "update" ? "update" : "fill", country);
    if (plan.changed.length) {
      if (!target.isNew && !target.ownedByRun) {
        for (const field of plan.changed)
          if (!(field in target.previous)) (target.previous as Record<string, unknown>)[field] = target.data[field];
      }
      target.data = plan.result;
      ({ words: target.words, bits: target.bits } = nameOfContact(plan.result));
      target.dirty = true;
    }
    // A later row of the file finds the contact by the keys this one brought too.
    fileUnderKeys(index, written.keys, target, ids);
    tally.merged++;
    if (labels) collectGroups(target, row);
    const into = contactDisplayName(target.data);
    if (into.toLowerCase() !== contactDisplayName(data).toLowerCase()) notice(tally, row, `merged into ${into}`);
  }

  // change_seq is the database's to set (migration 0050). The columns were derived with the row; only a
  // row a later line of the file merged into needs them again (parsing phones is the dearest step here).
  const now = nowIso();
  const inserts: NewRow[] = [];
  const newKeys: (MatchKey & { contact_id: string; id: string })[] = [];
  const photos: BatchPlan["photos"] = [];
  const pendingNext: PendingContact[] = [];
  for (const t of created) {
    if (pace.due()) await pace.turn();
    const written = t.dirty ? preparedColumns(t.data, country) : t.written;
    inserts.push({
      id: t.id,
      values: written.values,
      // A card's UID and the properties without a field stay with the contact (CardDAV and export write them back).
      vcard_uid: t.extras?.uid ?? null,
      vcard_extra: t.extras?.extraLines.length ? t.extras.extraLines.join("\n") : null,
      photo_etag: t.photo?.etag ?? null,
    });
    for (const k of written.keys) newKeys.push({ kind: k.kind, key: k.key, contact_id: t.id, id: keyOf(k) });
    if (t.photo) photos.push({ id: t.id, photo: t.photo });
    pendingNext.push({ id: t.id, display: contactDisplayName(t.data), words: t.words, bits: t.bits, keys: written.keys, was: [] });
  }
  const updates: PlannedUpdate[] = [];
  for (const t of existing.values()) {
    if (!t.dirty || !t.row) continue;
    const written = rowAndKeysOfData(t.data, country);
    const version = t.row.version + 1;
    const field_stamps = stampsAfterWrite(t.row, changedFields(dataOfRow(t.row), t.data), { version, by, at: now });
    updates.push({
      id: t.id,
      display: contactDisplayName(t.data),
      version: t.row.version,
      columns: { ...written.columns, field_stamps, updated_at: now, version },
      keys: written.keys,
      previous: t.previous,
      // A contact the run created has no row of its own: its import_id tells its first version
      // (listContactHistory), and its values then are its present ones with every later change undone.
      history: { contactId: t.id, action: "update", version, before: dataOfRow(t.row), after: t.data },
    });
    pendingNext.push({
      id: t.id,
      display: contactDisplayName(t.data),
      words: t.words,
      bits: t.bits,
      keys: written.keys,
      // Every key it held, not only those this batch looked up: the run's holders forget it under each.
      was: rowAndKeysOfData(dataOfRow(t.row), country).keys,
    });
  }
  const { shared, unshared } = byHolders(newKeys, heldBy, pendingKeys, pendingNext.slice(created.length));
  const labelled: LabelledContact[] = [];
  if (labels)
    for (const t of [...created, ...existing.values()])
      if (t.groups?.size) labelled.push({ id: t.id, existed: !t.ownedByRun, groups: t.groups });
  return {
    keys: rowKeys,
    held: planPrint(heldBy, pendingHolders),
    pendingIds: [...pending.keys()],
    inserts: packNewRows(organizationId, inserts, { now, importId }),
    insertKeys: packKeys(shared),
    unsharedKeys: packKeys(unshared),
    photos,
    updates,
    labelled,
    // Later batches meet these contacts by their names without reading them (their names alone: a run
    // meets a hundred thousand contacts).
    names: [...created, ...existing.values()].map((t) => [t.id, { display: contactDisplayName(t.data), words: t.words, bits: t.bits }]),
    pending: pendingNext,
    tally,
    tooLong,
    now,
  };
}

/**
 * Splits the new contacts' keys: `unshared` are those no holder had when the plan read them (heldBy),
 * no contact of the batch before it holds (it may still be writing them), and one new contact alone
 * brings, none of the batch's merges included; any other may be shared. Their write checks the holders
 * again under the keys' locks (batch-apply.ts), so a key unshared here is nobody else's at the commit.
 */
function byHolders(
  keys: readonly (MatchKey & { contact_id: string; id: string })[],
  heldBy: ReadonlyMap<string, readonly Holder[]>,
  pendingKeys: ReadonlySet<string>,
  merges: readonly Pick<PendingContact, "keys" | "was">[],
) {
  const times = new Map<string, number>();
  for (const k of keys) times.set(k.id, (times.get(k.id) ?? 0) + 1);
  for (const contact of merges) for (const k of [...contact.keys, ...contact.was]) times.set(keyOf(k), 2);
  const shared: (MatchKey & { contact_id: string })[] = [];
  const unshared: (MatchKey & { contact_id: string })[] = [];
  for (const k of keys) {
    const alone = times.get(k.id) === 1 && !pendingKeys.has(k.id) && heldBy.get(k.id)?.length === 0;
    (alone ? unshared : shared).push({ kind: k.kind, key: k.key, contact_id: k.contact_id });
  }
  return { shared, unshared };
}
