const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The summary's line for an import that added contacts to the groups its labels name ('2 groups created, 5 contacts added to groups'). */
export function groupsSummary(groups: { created: number; added: number } | null | undefined): string | null {
  if (!groups) return null;
  return `${count(groups.created, "group", "groups")} created, ${count(groups.added, "contact", "contacts")} added to groups`;
}

/** How the labels a preview found read beside the option: every name, or the first ones and how many more. */
export function labelNames(names: readonly string[], shown = 8): string {
  if (names.length <= shown) return names.join(", ");
  return `${names.slice(0, shown).join(", ")} and ${(names.length - shown).toLocaleString("en-US")} more`;
}
