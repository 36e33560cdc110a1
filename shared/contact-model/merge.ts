// The one merge plan (ADR 015): what a contact becomes when another record of the same person meets it
// (create-or-merge, an import's matched row). Pure: the caller reads, plans, then writes.
import { type CountryCode, normalizePhone } from "../phone.js";
import { foldText } from "../search.js";
import { LIST_FIELDS, type ListKey, SINGLE_FIELDS, type SingleKey, listField } from "./fields.js";
import type { ContactData } from "./types.js";

/** fill: only empty fields take the incoming values; update: the incoming values win where given. */
export type MergeMode = "fill" | "update";

export interface MergePlan {
  result: ContactData;
  /** Fields whose value changed (lists: gained an entry or an entry's type or label). */
  changed: (SingleKey | ListKey | "kind")[];
  /** Single fields whose incoming value was not taken (the contact has its own). */
  notApplied: SingleKey[];
}

type AnyEntry = Record<string, string | null>;

/** What makes two entries of a list the same entry: the number, the address, the date... */
export function entryKey(list: ListKey, entry: AnyEntry, country: CountryCode): string {
  switch (list) {
    case "phones":
      return normalizePhone(entry.value, country) || foldText(entry.value ?? "");
    case "emails":
    case "urls":
      return (entry.value ?? "").trim().toLowerCase();
    case "addresses":
      return ["street", "extended", "city", "region", "postal_code", "country"]
        .map((part) =>
          foldText(entry[part] ?? "")
            .replace(/[\s,.]+/g, " ")
            .trim(),
        )
        .join("|");
    case "dates":
      return `${entry.type}|${entry.label ?? ""}|${entry.value}`;
    case "custom_fields":
      return `${foldText(entry.label ?? "")}|${foldText(entry.value ?? "")}`;
  }
}

const filled = (value: string | null | undefined) => typeof value === "string" && value.trim() !== "";

/**
 * Merges `incoming` into `existing`. Single fields follow the mode; lists never lose an entry: they gain
 * the incoming entries they lack (in the incoming order, after their own), and in 'update' mode an entry
 * both have takes the incoming type and label. The existing first entries stay first, so the spec's
 * fields (phone, email, address) keep showing what they showed.
 */
export function planMerge(existing: ContactData, incoming: ContactData, mode: MergeMode, country: CountryCode): MergePlan {
  const result = { ...existing } as ContactData;
  const changed: MergePlan["changed"] = [];
  const notApplied: SingleKey[] = [];
  for (const { key } of SINGLE_FIELDS) {
    const mine = existing[key];
    const theirs = incoming[key];
    if (!filled(theirs) || theirs === mine) continue;
    if (mode === "update" || !filled(mine)) {
      (result as Record<SingleKey, string | null>)[key] = theirs;
      changed.push(key);
    } else notApplied.push(key);
  }
  if (mode === "update" && incoming.kind !== existing.kind && incoming.kind === "company") {
    result.kind = incoming.kind;
    changed.push("kind");
  }
  for (const { key } of LIST_FIELDS) {
    const merged = mergeList(key, existing[key] as AnyEntry[], incoming[key] as AnyEntry[], mode, country);
    if (merged) {
      (result as Record<ListKey, unknown>)[key] = merged;
      changed.push(key);
    }
  }
  return { result, changed, notApplied };
}

/** The list with the incoming entries it lacks, or null when nothing changes. */
function mergeList(list: ListKey, mine: AnyEntry[], theirs: AnyEntry[], mode: MergeMode, country: CountryCode): AnyEntry[] | null {
  if (theirs.length === 0) return null;
  const max = listField(list).maxEntries;
  const out = [...mine];
  const at = new Map(mine.map((entry, i) => [entryKey(list, entry, country), i]));
  let changed = false;
  for (const entry of theirs) {
    const key = entryKey(list, entry, country);
    const index = at.get(key);
    if (index === undefined) {
      if (out.length >= max) continue;
      at.set(key, out.length);
      out.push(entry);
      changed = true;
    } else if (mode === "update") {
      const own = out[index]!;
      const label = filled(entry.label) ? entry.label : own.label;
      if (own.type !== entry.type || own.label !== label) {
        out[index] = { ...own, type: entry.type ?? own.type ?? null, label: label ?? null };
        changed = true;
      }
    }
  }
  return changed ? out : null;
}
