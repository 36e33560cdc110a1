import {
  DATE_PROPERTIES,
  type DateType,
  type ListKey,
  SINGLE_FIELDS,
  type SingleKey,
  listField,
} from "../../shared/contact-model/fields.js";
import { type CandidateEntry, type CardExtras, type ContactCandidate, emptyCandidate } from "../cards/candidate.js";
import { readDate } from "./dates.js";
import {
  ADDRESS_PARTS,
  RELATED_NAMES,
  RELATED_NAME_LABEL,
  ROLE_LABEL,
  type TypedList,
  appleLabelWords,
  entryType,
  labelText,
} from "./entry-types.js";
import { keptExtraLines } from "./extras.js";
import { readPhoto } from "./photo.js";
import { type VCardCard, type VCardProperty, componentLists, components, unescapeText } from "./read.js";

// One card to the importer's candidate (server/cards/candidate.ts), every property the field table
// names read into its field; the rest kept beside it as written (extras.ts), for CardDAV devices and
// exports. Each property is looked at a bounded number of times: a card of 10,000 lines reads in one pass.

const isPreferred = (p: VCardProperty) => (p.params.get("TYPE") ?? []).some((t) => t.toUpperCase() === "PREF") || p.params.has("PREF");

/** Properties every card carries that the server writes itself (or that describe the file, not the person). */
const WRITTEN_BY_SERVER = new Set(["VERSION", "PRODID", "REV", "UID", "N", "FN"]);
/** Apple's companions of a grouped property: its label, and its address's country code (X-ABADR). */
const COMPANIONS = new Set(["X-ABLABEL", "X-ABADR"]);

const listOf = listField;
const SINGLE_BY_PROPERTY = new Map<string, SingleKey>();
const COMPONENTS_OF = new Map<string, { key: SingleKey; component: number }[]>();
for (const field of SINGLE_FIELDS) {
  const { property, component } = field.vcard as { property: string; component?: number };
  if (component === undefined) SINGLE_BY_PROPERTY.set(property, field.key);
  else COMPONENTS_OF.set(property, [...(COMPONENTS_OF.get(property) ?? []), { key: field.key, component }]);
}
const TYPED_LISTS: readonly TypedList[] = ["phones", "emails", "addresses", "urls"];
const JOB_TITLE = SINGLE_FIELDS.find((f) => f.key === "job_title")!;
/** ADR's post office box, which has no part of its own: read into the street. */
const POBOX = 0;
const STREET = ADDRESS_PARTS.find((p) => p.key === "street")!.component;

/** The date properties: the table's own, and the names other products give an anniversary. */
const DATE_TYPE_OF = new Map<string, DateType>([
  ...(Object.entries(DATE_PROPERTIES) as [DateType, string][]).map(([type, property]) => [property, type] as const),
  ["X-ANNIVERSARY", "anniversary"],
  ["X-EVOLUTION-ANNIVERSARY", "anniversary"],
  ["X-MS-ANNIVERSARY", "anniversary"],
  ["X-KADDRESSBOOK-X-ANNIVERSARY", "anniversary"],
]);
/** Apple's date with a label of its own (`item1.X-ABDATE` + `item1.X-ABLabel:_$!<Anniversary>!$_`). */
const LABELLED_DATE = listOf("dates").vcard.property;
const CUSTOM_PROPERTY = listOf("custom_fields").vcard.property;
/** One-line text properties of other products, each a custom field with this label. */
const TEXT_PROPERTIES: Record<string, string> = {
  "X-MS-MANAGER": "Manager",
  "X-MS-ASSISTANT": "Assistant",
  "X-MS-SPOUSE": "Spouse",
  "X-EVOLUTION-MANAGER": "Manager",
  "X-EVOLUTION-ASSISTANT": "Assistant",
  "X-EVOLUTION-SPOUSE": "Spouse",
  "X-MANAGER": "Manager",
  "X-ASSISTANT": "Assistant",
  "X-SPOUSE": "Spouse",
  "X-KADDRESSBOOK-X-MANAGERSNAME": "Manager",
  "X-KADDRESSBOOK-X-ASSISTANTSNAME": "Assistant",
  "X-KADDRESSBOOK-X-SPOUSENAME": "Spouse",
};

const stripScheme = (value: string, scheme: string) => value.replace(new RegExp(`^${scheme}:`, "i"), "").trim();

/** A vCard 4.0 tel: URI's number, its extension as people write it ('tel:+1-212-555-0101;ext=12' -> '+1-212-555-0101 ext. 12'). */
function telValue(value: string): string {
  if (!/^tel:/i.test(value.trim())) return value.trim();
  const [number = "", ...params] = stripScheme(value, "tel").split(";");
  const ext = params.find((p) => /^ext=/i.test(p))?.slice(4);
  return ext ? `${number.trim()} ext. ${ext}` : number.trim();
}

/** A component's values (N's 'Richter,James') joined as one text. */
const joined = (values: readonly string[] | undefined, separator: string) =>
  (values ?? [])
    .map((v) => v.trim())
    .filter(Boolean)
    .join(separator);

/** A property's value as text, escapes undone. */
const text = (p: VCardProperty) => unescapeText(p.value).trim();

/** A card's candidate and, beside it, its UID and the lines no field took (CardDAV, import, export). */
export function readCard(card: VCardCard): { candidate: ContactCandidate; extras: CardExtras } {
  const candidate = emptyCandidate();
  const { singles, lists } = candidate;
  const byName = new Map<string, VCardProperty[]>();
  const labels = new Map<string, VCardProperty>();
  for (const p of card.properties) {
    if (p.name === "X-ABLABEL" && p.group !== null && !labels.has(p.group)) labels.set(p.group, p);
    const list = byName.get(p.name);
    if (list) list.push(p);
    else byName.set(p.name, [p]);
  }
  // The properties read into a field (or left out on purpose): the others are kept as written.
  const used = new Set<VCardProperty>();
  const groupsRead = new Set<string>();
  const use = (p: VCardProperty) => {
    used.add(p);
    if (p.group !== null) groupsRead.add(p.group);
  };
  const leftOut = new Map<string, number>();
  const leave = (p: VCardProperty) => {
    // Its label goes with it.
    use(p);
    leftOut.set(p.name, (leftOut.get(p.name) ?? 0) + 1);
  };
  /** The properties of a name with a value, the preferred ones first (TYPE=pref, PREF=1), then in card order; empty ones dropped. */
  const ordered = (name: string): VCardProperty[] => {
    const all = byName.get(name) ?? [];
    const kept: VCardProperty[] = [];
    for (const p of all) {
      if (p.value.trim() === "") used.add(p);
      else if (isPreferred(p)) kept.push(p);
    }
    for (const p of all) if (p.value.trim() !== "" && !isPreferred(p)) kept.push(p);
    return kept;
  };
  const labelOf = (p: VCardProperty): string | undefined => {
    const label = p.group === null ? undefined : labels.get(p.group);
    return label ? unescapeText(label.value) : undefined;
  };
  const add = <K extends ListKey>(key: K, entry: CandidateEntry<K>, p: VCardProperty) => {
    if (lists[key].length >= listOf(key).maxEntries) return leave(p);
    lists[key].push(entry);
    use(p);
  };

  for (const [property, fields] of COMPONENTS_OF) {
    const p = ordered(property)[0];
    if (!p) continue;
    if (property === "N") {
      const parts = componentLists(p.value);
      // Several given or middle names are one name; several suffixes ('ing. jr,M.Sc.') a list.
      for (const { key, component } of fields) {
        const value = joined(parts[component], component === 4 ? ", " : " ");
        if (value) singles[key] = value;
      }
    } else {
      // ORG's units past the first are the department's ('Sales;Northern region').
      const parts = components(p.value);
      const last = Math.max(...fields.map((f) => f.component));
      for (const { key, component } of fields) {
        const value = component === last ? joined(parts.slice(component), ", ") : (parts[component] ?? "").trim();
        if (value) singles[key] = value;
      }
    }
    use(p);
  }
  for (const [property, key] of SINGLE_BY_PROPERTY) {
    const found = ordered(property);
    if (found.length === 0) continue;
    // A text field (notes) takes every value; a line its first, the others kept as written.
    const taken = SINGLE_FIELDS.find((f) => f.key === key)!.kind === "text" ? found : found.slice(0, 1);
    const value = taken.map(text).filter(Boolean).join("\n");
    if (value) singles[key] = value;
    for (const p of taken) use(p);
  }
  // A ROLE is the job title when the card has no TITLE; beside one it is a custom field (read below).
  const role = ordered("ROLE")[0];
  if (role && !singles[JOB_TITLE.key]) {
    singles[JOB_TITLE.key] = text(role);
    use(role);
  }

  for (const p of ordered("X-ABSHOWAS")) {
    if (p.value.trim().toUpperCase() === "COMPANY") candidate.kind = "company";
    use(p);
  }
  for (const p of ordered("KIND")) {
    const kind = p.value.trim().toLowerCase();
    if (kind === "org" || kind === "organization") candidate.kind = "company";
    if (kind === "org" || kind === "organization" || kind === "individual") use(p);
  }

  const given = singles.first_name ?? "";
  const family = singles.last_name ?? "";
  const fn = ordered("FN")[0];
  if (fn && !given && !family) {
    // A company's card names the company in FN: not a person's name.
    const whole = text(fn);
    if (whole && whole !== singles.company && candidate.kind !== "company") candidate.full_name = whole;
  }
  for (const key of TYPED_LISTS) {
    for (const p of ordered(listOf(key).vcard.property)) {
      const { type, label } = entryType(key, p.params.get("TYPE") ?? [], labelOf(p));
      const kind = { ...(type === undefined ? {} : { type }), ...(label === undefined ? {} : { label }) };
      if (key === "addresses") {
        const parts = componentLists(p.value);
        const entry: Record<string, string> = {};
        for (const part of ADDRESS_PARTS) {
          const value =
            part.component === STREET
              ? [joined(parts[POBOX], ", "), joined(parts[STREET], ", ")].filter(Boolean).join("\n")
              : joined(parts[part.component], ", ");
          if (value) entry[part.key] = value;
        }
        if (Object.keys(entry).length === 0) used.add(p);
        else add("addresses", { ...entry, ...kind } as CandidateEntry<"addresses">, p);
        continue;
      }
      const value = key === "phones" ? telValue(unescapeText(p.value)) : key === "emails" ? stripScheme(text(p), "mailto") : text(p);
      if (!value) used.add(p);
      else add(key, { value, ...kind } as CandidateEntry<typeof key>, p);
    }
  }

  const readDates = (property: string, typeOf: (p: VCardProperty) => { type: DateType; label?: string }) => {
    for (const p of ordered(property)) {
      const value = readDate(unescapeText(p.value), p.params.get("X-APPLE-OMIT-YEAR")?.[0]);
      // Text where a date belongs ('circa 1980') has no field: kept as written.
      if (value !== null) add("dates", { value, ...typeOf(p) }, p);
    }
  };
  for (const [property, dateType] of DATE_TYPE_OF) readDates(property, () => ({ type: dateType }));
  readDates(LABELLED_DATE, (p) => {
    const label = labelOf(p);
    if (label === undefined || label.trim() === "") return { type: "other" };
    const words = appleLabelWords(label);
    const own = words?.toLowerCase().replace(/\s+/g, "");
    if (own && (listOf("dates").types as readonly string[]).includes(own) && own !== "custom") return { type: own as DateType };
    return { type: "custom", label: labelText(label) };
  });

  // Custom fields in the card's order (the order they were written in), whichever property holds them.
  for (const p of card.properties) {
    if (used.has(p) || p.value.trim() === "") continue;
    const label = customLabel(p);
    if (label !== undefined) add("custom_fields", { value: text(p), label, type: "custom" }, p);
  }
  /** The label of a property read as a custom field (null: none); undefined when it is not one. */
  function customLabel(p: VCardProperty): string | null | undefined {
    const label = labelOf(p);
    if (p.name === CUSTOM_PROPERTY) return label === undefined ? null : labelText(label);
    if (p.name === RELATED_NAMES) return label === undefined ? RELATED_NAME_LABEL : labelText(label);
    if (p.name === "ROLE") return p === role ? ROLE_LABEL : undefined;
    if (Object.hasOwn(TEXT_PROPERTIES, p.name)) return TEXT_PROPERTIES[p.name];
    // A relation is a link (a UID or a URI) unless it says it is a name.
    if (p.name !== "RELATED" || !(p.params.get("VALUE") ?? []).some((v) => v.toLowerCase() === "text")) return undefined;
    const type = (p.params.get("TYPE") ?? [])[0];
    return type ? type.charAt(0).toUpperCase() + type.slice(1).toLowerCase() : RELATED_NAME_LABEL;
  }

  for (const p of ordered("PHOTO")) {
    const outcome = readPhoto(p);
    if (outcome && "photo" in outcome && !candidate.photo) {
      candidate.photo = outcome.photo;
      use(p);
    } else leave(p); // a link (never fetched), no picture we know, or a second picture
  }
  // Group names, read beside the card's lines (kept: groups are made only when the person asks).
  const categories = new Set<string>();
  for (const p of ordered("CATEGORIES")) for (const name of componentLists(p.value).flat()) if (name.trim()) categories.add(name.trim());
  candidate.categories = [...categories];
  candidate.leftOut = [...leftOut].map(([source, values]) => ({ source, values }));

  const uid = card.properties.find((p) => p.name === "UID")?.value.trim() || null;
  const version = card.properties.find((p) => p.name === "VERSION")?.value.trim();
  // Only harmless lines, within their caps (extras.ts); 3.0 and 4.0 cards only (a 2.1 line with its own
  // transfer encoding would not be valid in the cards we write).
  const extraLines =
    version === "3.0" || version === "4.0"
      ? keptExtraLines(
          card.properties
            .filter(
              (p) =>
                !used.has(p) && !WRITTEN_BY_SERVER.has(p.name) && !(COMPANIONS.has(p.name) && p.group !== null && groupsRead.has(p.group)),
            )
            .map((p) => p.raw),
        )
      : [];
  return { candidate, extras: { uid, extraLines } };
}

/** What a card says about one person (the candidate without the lines beside it). */
export const vcardToCandidate = (card: VCardCard): ContactCandidate => readCard(card).candidate;
