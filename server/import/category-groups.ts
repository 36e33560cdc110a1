import { groupNameKey, groupSchema } from "../../shared/group-schemas.js";

/** A file's label as a group: its name as the groups screen would store it, and the key it is found by. */
export type CategoryGroup = { name: string; key: string } | "too-long" | null;

/**
 * A label (vCard CATEGORIES, Google 'Labels', Outlook 'Categories') under the rules of creating a group:
 * sanitised the same way; empty after that, nothing; longer than a group name may be, "too-long" (the
 * run leaves it out and says so: cutting it could fold two labels into one group).
 */
export function categoryGroup(category: string): CategoryGroup {
  const parsed = groupSchema.shape.name.safeParse(category);
  if (parsed.success) return { name: parsed.data, key: groupNameKey(parsed.data) };
  return parsed.error.issues.some((issue) => issue.code === "too_big") ? "too-long" : null;
}

/** The distinct groups of some labels, in the order first seen (first spelling kept), at most `limit`. */
export function distinctGroups(categories: Iterable<string>, limit: number): string[] {
  const names = new Map<string, string>();
  for (const category of categories) {
    const group = categoryGroup(category);
    if (group && group !== "too-long" && !names.has(group.key)) names.set(group.key, group.name);
    if (names.size === limit) break;
  }
  return [...names.values()];
}
