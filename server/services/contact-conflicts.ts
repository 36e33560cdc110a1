// Field-level merge of concurrent edits (ADR 017): each contact row carries, per data field, the version,
// person and time of its last write (field_stamps, JSON). An edit that started from an older version is
// applied when none of the fields it sends was written since; otherwise 409 names each such field with
// both values. A sent value equal to the stored one is never a conflict.
import { type DataKey, FIELD_CONFLICT_MESSAGE, sameFieldValue } from "../../shared/contact-model/field-diff.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import { userDisplayName } from "../../shared/user-display.js";
import type { Repositories } from "../db/repositories/index.js";
import { toIso } from "../db/ids.js";
import type { ContactRow } from "../db/schema.js";
import { AppError } from "../errors.js";

/** One field's last write. */
interface FieldStamp {
  /** The contact's version that write produced. */
  v: number;
  /** Who wrote it (a person, an import's owner, a CardDAV device's owner); null when not known. */
  by: string | null;
  at: string;
}

/** A row's stamps: fields written since stamping began, and the version it began at (every other field was last written at or before it). */
interface FieldStamps {
  since: number;
  fields: Partial<Record<DataKey, FieldStamp>>;
}

/** A new contact's stamps: every field written at version 1, when it was created. */
export const NEW_CONTACT_STAMPS = JSON.stringify({ since: 1, fields: {} } satisfies FieldStamps);

function readStamps(text: string | null | undefined): FieldStamps | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<FieldStamps> | null;
    if (parsed && typeof parsed.since === "number" && parsed.fields && typeof parsed.fields === "object") return parsed as FieldStamps;
  } catch {
    // A damaged value is as good as none: the conservative check below.
  }
  return null;
}

type StampedRow = Pick<ContactRow, "field_stamps" | "version" | "updated_at">;

/** Who wrote what, for the stamps of a write. */
export interface StampWrite {
  /** The version the write produces. */
  version: number;
  by: string | null;
  at: string;
}

/** The row's stamps after a write that changed `changed` (a row without stamps starts them at its current version). */
export function stampsAfterWrite(row: StampedRow, changed: readonly DataKey[], write: StampWrite): string {
  const prior = readStamps(row.field_stamps) ?? { since: row.version, fields: {} };
  const fields = { ...prior.fields };
  for (const key of changed) fields[key] = { v: write.version, by: write.by, at: write.at };
  return JSON.stringify({ since: prior.since, fields } satisfies FieldStamps);
}

/**
 * A field's last write as far as the row knows. A row from before stamps cannot tell, so its every field
 * counts as written at its current version: an edit from an older version then conflicts wherever its
 * value differs from the stored one, never silently overwriting.
 */
function lastWrite(row: StampedRow, key: DataKey): FieldStamp {
  const stamps = readStamps(row.field_stamps);
  const unknown = { by: null, at: toIso(row.updated_at)! };
  if (!stamps) return { v: row.version, ...unknown };
  return stamps.fields[key] ?? { v: stamps.since, ...unknown };
}

export interface FieldConflict {
  field: DataKey;
  yours: unknown;
  theirs: unknown;
  by: { id: string; name: string } | null;
  at: string;
}

type UnnamedConflict = Omit<FieldConflict, "by"> & { byId: string | null };

/**
 * The sent fields someone wrote after `since` (the version the edit started from) whose stored value
 * differs from the one sent. `mine` is the edit applied onto the stored contact.
 */
export function findConflicts(
  row: StampedRow,
  stored: ContactData,
  mine: ContactData,
  sent: readonly DataKey[],
  since: number,
): UnnamedConflict[] {
  if (since >= row.version) return [];
  const conflicts: UnnamedConflict[] = [];
  for (const field of sent) {
    if (sameFieldValue(stored[field], mine[field])) continue;
    const last = lastWrite(row, field);
    if (last.v > since) conflicts.push({ field, yours: mine[field], theirs: stored[field], byId: last.by, at: last.at });
  }
  return conflicts;
}

/** The 409 naming each conflicting field, with who wrote theirs. */
export async function fieldConflict(repos: Repositories, conflicts: UnnamedConflict[]): Promise<AppError> {
  const names = new Map<string, string>();
  for (const id of new Set(conflicts.map((c) => c.byId).filter((id): id is string => id !== null))) {
    const [name, email] = await Promise.all([repos.profiles.findName(id), repos.users.emailOf(id)]);
    names.set(id, email ? userDisplayName(name, email) : (name ?? "Deleted account"));
  }
  const named: FieldConflict[] = conflicts.map(({ byId, ...c }) => ({ ...c, by: byId ? { id: byId, name: names.get(byId)! } : null }));
  return new AppError(409, "VERSION_CONFLICT", FIELD_CONFLICT_MESSAGE, { conflicts: named });
}
