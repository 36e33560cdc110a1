// One CSV record read with its columns' mapping into the importer's candidate: every field of the
// table, each list entry from the columns that share its number ('Phone 2 - Value' and 'Phone 2 - Type'),
// several values of one cell (' ::: ', Google's) as entries of their own, unknown columns as custom
// fields, and what the person chose to leave out counted by column.
import { ENTRY_LABEL_MAX, type ListKey, type SingleKey } from "../../shared/contact-model/fields.js";
import { type ColumnMapping, isListTarget } from "../../shared/import-schemas.js";
import { isValidPhone } from "../../shared/phone.js";
import { type ContactCandidate, emptyCandidate } from "../cards/candidate.js";
import { csvCellValue } from "./csv-cell.js";
import { NO_VALUE, dateValue, parseDate, typeFromText } from "./csv-values.js";

// Google's several values of one cell: 'a ::: b' (an empty one between, as ' :::  ::: ', keeps its place).
const MULTI_VALUE = /\s*:::\s*/;
// Hand-kept sheets put two numbers in one cell: '555 010 2001 / 555 010 2002', '...; ...', one a line.
const NUMBER_SEPARATOR = /\s+\/\s+|\s*[;|\n]\s*|,\s+/;
// Outlook's categories are ';'-separated; Google's labels ' ::: '.
const CATEGORY_SEPARATOR = /\s*(?:\s:::\s|;)\s*/;

/** The longest of NO_VALUE's: a longer cell is a value without being lowered first. */
const NO_VALUE_LENGTH = Math.max(...[...NO_VALUE].map((v) => v.length));

/** A cell's values in their places (a type or label cell lines up with its value cell's). */
const splitValues = (cell: string) => (cell.includes(":::") ? cell.split(MULTI_VALUE).map((v) => v.trim()) : [cell.trim()]);

/** The numbers of one value of a phone cell: two in one when each reads as one ('555 0100 / 555 0101'). */
function numbersOf(one: string): string[] {
  if (!/[/;|\n,]/.test(one)) return [one];
  const parts = one.split(NUMBER_SEPARATOR).map((p) => p.trim());
  return parts.length > 1 && parts.every((p) => isValidPhone(p)) ? parts : [one];
}

/** How likely a phone column holds the number to show first: mobiles, then general and home, then work... */
const PHONE_PRIORITY = ["mobile", "main", "home", "work", "work_mobile", "other", "custom", "company_main", "car", "assistant"];
const rank = (type: string | undefined) => {
  const at = PHONE_PRIORITY.indexOf(type ?? "mobile");
  return at < 0 ? PHONE_PRIORITY.length : at;
};

// A name written surname first, as lists sorted by surname are kept: 'Lovelace, Ada', 'van Gogh, Vincent'.
const SURNAME_FIRST = /^([^,]+),\s*([^,]+)$/;
// What follows a comma in a name that is not written surname first: 'Ada Lovelace, PhD', 'Acme, Inc.'.
const AFTER_A_NAME = /^(jr|sr|ii|iii|iv|phd|md|dds|esq|mba|cpa|rn|inc|ltd|llc|llp|plc|gmbh|ag|sa|co|corp)\.?$/i;
const wordCount = (text: string) => text.split(/\s+/).length;

/** The first and last name of a whole name written 'Last, First', when it reads as one. */
function surnameFirstName(whole: string): { first: string; last: string } | undefined {
  const match = SURNAME_FIRST.exec(whole);
  if (!match) return undefined;
  const [last, first] = [match[1]!.trim(), match[2]!.trim()];
  if (!last || !first || AFTER_A_NAME.test(first) || wordCount(last) > 3 || wordCount(first) > 3) return undefined;
  return { first, last };
}

/** The columns that fill entries of one list with one number (or one column without a number). */
interface Group {
  list: ListKey;
  entry: number | undefined;
  column: number;
  /** Each part's cells, by column, split at ' ::: '. */
  parts: Map<string, { values: string[]; column: number; mapping: ColumnMapping; name: string }[]>;
}

type Entry = Record<string, string | undefined>;
interface Built {
  entry: Entry;
  order: [number, number, number, number];
}

const labelOf = (text: string) => text.slice(0, ENTRY_LABEL_MAX);

/** The cell of a type or label column for the i-th of n values: its own when it has as many, else its one. */
const nth = (values: string[] | undefined, i: number) => (values ? (values.length > 1 ? values[i] : values[0]) : undefined);

/** The first of a group's columns whose header names a type ('Mobile Phone'), in the columns' order. */
function typedPart(group: Group): ColumnMapping | undefined {
  // Loops, not spread and flat: this runs for every value of every row of a file.
  for (const cells of group.parts.values()) for (const cell of cells) if (cell.mapping.type) return cell.mapping;
  return undefined;
}

const withLabel = (type: string, label: string | undefined) => (label ? { type, label: labelOf(label) } : { type });

/** The type and label of the i-th entry of a group: the header's, else the Type cell's and the Label cell's. */
function kindOf(group: Group, column: ColumnMapping | undefined, i: number): { type?: string; label?: string } {
  const implied = column?.type ? column : typedPart(group);
  const typeText = nth(group.parts.get("type")?.[0]?.values, i);
  const labelText = nth(group.parts.get("label")?.[0]?.values, i);
  if (implied?.type) return withLabel(implied.type, labelText || implied.label);
  // A custom entry's label in its Type cell too, as Google and the full CSV write it ('Gate', 'Gate').
  if (typeText && typeText === labelText) return withLabel("custom", labelText);
  const fromType = typeText ? typeFromText(group.list, typeText) : undefined;
  // Beside a Type cell, the Label cell is the entry's own label (the full CSV writes both).
  if (fromType) return withLabel(fromType.type, labelText || fromType.label);
  // Alone, it is the kind in the source's words (Google's current layout: 'Phone 1 - Label' = 'Mobile').
  const fromLabel = labelText ? typeFromText(group.list, labelText) : undefined;
  return fromLabel ? withLabel(fromLabel.type, fromLabel.label) : {};
}

const ADDRESS_PARTS = ["street", "extended", "city", "region", "postal_code", "country"] as const;

/** The i-th values of a group's `key` columns that are not empty, joined; undefined when there are none. */
function partOf(group: Group, key: string, i: number, joiner: string): string | undefined {
  const cells = group.parts.get(key);
  if (!cells) return undefined;
  let joined: string | undefined;
  for (const cell of cells) {
    const value = nth(cell.values, i);
    if (value) joined = joined === undefined ? value : `${joined}${joiner}${value}`;
  }
  return joined;
}

/** A group's entries, each with its order among the list's (the file's number, a phone's kind, the column, the cell). */
function build(group: Group, candidate: ContactCandidate): Built[] {
  const built: Built[] = [];
  const order = (column: number, i: number, type?: string): Built["order"] => [
    group.entry ?? 1,
    group.list === "phones" && group.entry === undefined ? rank(type) : 0,
    column,
    i,
  ];
  if (group.list === "addresses" || group.list === "dates") {
    // Loops, not spread, filter and map: this runs for every address of every row of a file.
    let count = 0;
    for (const [key, cells] of group.parts) {
      if (key === "type" || key === "label") continue;
      for (const cell of cells) count = Math.max(count, cell.values.length);
    }
    for (let i = 0; i < count; i++) {
      const part = (key: string, joiner: string) => partOf(group, key, i, joiner);
      const kind = kindOf(group, undefined, i);
      if (group.list === "dates") {
        const written = part("value", " ") ?? [part("year", ""), part("month", ""), part("day", "")].filter(Boolean).join("-");
        const year = part("year", "");
        const value = part("value", " ")
          ? parseDate(part("value", " ")!)
          : dateValue(year ? Number(year) : null, Number(part("month", "")), Number(part("day", "")));
        if (value) built.push({ entry: { value, ...kind }, order: order(group.column, i) });
        else {
          // A date we cannot read is kept as written, under the name the file gave it.
          const first = [...group.parts.values()].flat()[0]!;
          const label = kind.label ?? first.mapping.label ?? (kind.type && kind.type !== "custom" ? kind.type : first.name);
          candidate.lists.custom_fields.push({
            label: labelOf(label.charAt(0).toUpperCase() + label.slice(1)),
            value: written,
            type: "custom",
          });
        }
        continue;
      }
      const entry: Entry = {};
      for (const key of ADDRESS_PARTS) entry[key] = part(key, key === "street" ? "\n" : ", ");
      const box = part("po_box", ", ");
      if (box) entry.street = entry.street ? `${box}\n${entry.street}` : box;
      // Google's 'Formatted' repeats the parts; alone, it is the address.
      if (!ADDRESS_PARTS.some((k) => entry[k])) entry.street = part("formatted", "\n");
      if (ADDRESS_PARTS.some((k) => entry[k])) built.push({ entry: { ...entry, ...kind }, order: order(group.column, i) });
    }
    return built;
  }
  for (const cell of group.parts.get("value") ?? []) {
    cell.values.forEach((written, i) => {
      if (!written) return;
      const kind = kindOf(group, cell.mapping, i);
      const values = group.list === "phones" ? numbersOf(written) : [written];
      for (let j = 0; j < values.length; j++)
        built.push({ entry: { value: values[j], ...kind }, order: order(cell.column, i + j / 100, kind.type) });
    });
  }
  return built;
}

const compare = (a: Built["order"], b: Built["order"]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3];

/** What each column of a mapping is, worked out once a file rather than once a cell. */
interface ColumnPlan {
  /** Its name for a custom field and for what is left out: the mapping's label, else 'Column n'. */
  name: string;
  /** For a list target: the entry its columns share ('phones#2'), else null. */
  group: string | null;
  part: string;
}

const plans = new WeakMap<ColumnMapping[], ColumnPlan[]>();

function columnsPlan(mapping: ColumnMapping[]): ColumnPlan[] {
  let plan = plans.get(mapping);
  if (!plan) {
    plan = mapping.map((column, i) => ({
      name: column.label?.trim() || `Column ${i + 1}`,
      group: isListTarget(column.target) ? `${column.target}#${column.entry ?? `c${i}`}` : null,
      part: column.part ?? "value",
    }));
    plans.set(mapping, plan);
  }
  return plan;
}

/**
 * Applies a mapping to one record. A column's name (for a custom field, and for what is left out) is the
 * mapping's label, else 'Column n'.
 */
export function recordToCandidate(record: string[], mapping: ColumnMapping[]): ContactCandidate {
  const candidate = emptyCandidate();
  const groups = new Map<string, Group>();
  const names: { value: string; name: string }[] = [];
  const left = new Map<string, number>();
  const custom = (name: string, value: string) => candidate.lists.custom_fields.push({ label: labelOf(name), value, type: "custom" });
  const plan = columnsPlan(mapping);
  mapping.forEach((column, i) => {
    const value = csvCellValue(record[i] ?? "").trim();
    if (!value || (value.length <= NO_VALUE_LENGTH && NO_VALUE.has(value.toLowerCase()))) return;
    const { name, group: key, part } = plan[i]!;
    const target = column.target;
    if (target === "ignore") left.set(name, (left.get(name) ?? 0) + 1);
    else if (target === "custom") custom(name, value);
    else if (target === "full_name") names.push({ value, name });
    else if (target === "categories")
      candidate.categories.push(
        ...value
          .split(CATEGORY_SEPARATOR)
          .map((c) => c.trim())
          // Google's own groups ('* myContacts', '* starred') are not labels a person made.
          .filter((c) => c && !c.startsWith("* ")),
      );
    else if (target === "kind") candidate.kind = /^(company|organi[sz]ation|org|business)$/i.test(value) ? "company" : "person";
    else if (isListTarget(target)) {
      let group = groups.get(key!);
      if (!group) groups.set(key!, (group = { list: target, entry: column.entry, column: i, parts: new Map() }));
      const cell = { values: splitValues(value), column: i, mapping: column, name };
      const cells = group.parts.get(part);
      if (cells) cells.push(cell);
      else group.parts.set(part, [cell]);
    } else {
      const key = target as SingleKey;
      const current = candidate.singles[key];
      if (current === undefined) candidate.singles[key] = value;
      else if (key === "notes") candidate.singles.notes = `${current}\n${value}`;
      // Two columns for one field (a company in 'Company' and 'Organization'): the second is kept apart.
      else if (current !== value) custom(name, value);
    }
  });
  const built = new Map<ListKey, Built[]>();
  for (const group of groups.values()) {
    const entries = build(group, candidate);
    const before = built.get(group.list);
    if (before) before.push(...entries);
    else built.set(group.list, entries);
  }
  for (const [list, entries] of built) {
    if (entries.length > 1) entries.sort((a, b) => compare(a.order, b.order));
    const into = candidate.lists[list] as Entry[];
    for (const b of entries) into.push(b.entry);
  }
  const [whole, ...otherNames] = names;
  const surnameFirst = whole && !candidate.singles.first_name && !candidate.singles.last_name ? surnameFirstName(whole.value) : undefined;
  if (surnameFirst) {
    candidate.singles.first_name = surnameFirst.first;
    candidate.singles.last_name = surnameFirst.last;
  } else if (whole) candidate.full_name = whole.value;
  for (const other of otherNames) if (other.value !== whole!.value) custom(other.name, other.value);
  candidate.leftOut = [...left].map(([source, values]) => ({ source, values }));
  return candidate;
}
