// Merging contacts a person chose as one (the Duplicates screen): the kept contact, the others folded
// into it by the one merge plan (merge.ts, mode 'fill'), and the single fields the person picked from
// either side. Shared, so the merge dialog shows exactly what the server will write.
import type { CountryCode } from "../phone.js";
import { SINGLE_FIELDS, type SingleKey } from "./fields.js";
import { planMerge } from "./merge.js";
import type { ContactData } from "./types.js";

/** What a person may pick per merge: each single field, and whether it is a person or a company. */
export const MERGE_CHOICE_KEYS = [...SINGLE_FIELDS.map((f) => f.key), "kind"] as const;
export type MergeChoiceKey = SingleKey | "kind";

export interface MergeSide {
  id: string;
  data: ContactData;
}

/**
 * The kept contact with every list unioned (no repeats, its own entries first), its empty single fields
 * filled from the others in order, then each chosen field taken from the contact named for it.
 */
export function mergeContacts(
  keep: MergeSide,
  others: MergeSide[],
  choices: Partial<Record<MergeChoiceKey, string>>,
  country: CountryCode,
): ContactData {
  let result = keep.data;
  for (const other of others) result = planMerge(result, other.data, "fill", country).result;
  const byId = new Map([keep, ...others].map((side) => [side.id, side.data]));
  const picked = { ...result } as Record<MergeChoiceKey, unknown>;
  for (const [key, id] of Object.entries(choices) as [MergeChoiceKey, string][]) {
    const from = byId.get(id);
    if (from) picked[key] = from[key];
  }
  return picked as unknown as ContactData;
}

/** The single fields (and kind) on which the contacts disagree: the ones a person chooses between. */
export function differingFields(sides: ContactData[]): MergeChoiceKey[] {
  const norm = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  return MERGE_CHOICE_KEYS.filter((key) => new Set(sides.map((s) => norm(s[key]))).size > 1);
}
