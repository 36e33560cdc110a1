import { z } from "zod";
import { PHONE_TYPES } from "./contact-fields.js";
import { LIST_FIELDS, type ListKey, SINGLE_FIELDS, type SingleKey, listField } from "./contact-model/fields.js";
import { importEncodingSchema } from "./import-encodings.js";
import { IMPORT_MAX_COLUMNS } from "./import-limits.js";

/** What a column can fill beside the fields of the table: a whole name, group names, the contact's kind, a custom field, nothing. */
const OTHER_TARGETS = ["ignore", "custom", "full_name", "categories", "kind"] as const;
type OtherTarget = (typeof OTHER_TARGETS)[number];

/** What a column of a CSV file can fill: any single field, a part of a list's entry, or one of the others. */
export const IMPORT_TARGETS = [
  ...OTHER_TARGETS,
  ...SINGLE_FIELDS.map((f) => f.key),
  ...LIST_FIELDS.map((f) => f.key),
] as unknown as readonly [OtherTarget | SingleKey | ListKey, ...(OtherTarget | SingleKey | ListKey)[]];
export type ImportTarget = OtherTarget | SingleKey | ListKey;

export const IMPORT_TARGET_LABELS: Record<ImportTarget, string> = {
  ignore: "Leave out",
  custom: "Custom field",
  full_name: "Full name",
  categories: "Labels (groups)",
  kind: "Person or company",
  ...(Object.fromEntries(SINGLE_FIELDS.map((f) => [f.key, f.label])) as Record<SingleKey, string>),
  ...(Object.fromEntries(LIST_FIELDS.map((f) => [f.key, f.label])) as Record<ListKey, string>),
};

export const isListTarget = (target: ImportTarget): target is ListKey => LIST_FIELDS.some((f) => f.key === target);

/**
 * Parts a column can give a list entry beside the field's own (a phone's value, an address's city): its
 * type and label as the file writes them ('Phone 1 - Type'); an address's post office box and the whole
 * address as one text (Google's 'Formatted', taken when the parts are empty); a date's year, month and
 * day apart (Thunderbird's 'Birth Year').
 */
const EXTRA_PARTS: Record<ListKey, readonly { key: string; label: string }[]> = {
  phones: [],
  emails: [],
  addresses: [
    { key: "po_box", label: "PO box" },
    { key: "formatted", label: "whole address" },
  ],
  urls: [],
  dates: [
    { key: "year", label: "year" },
    { key: "month", label: "month" },
    { key: "day", label: "day" },
  ],
  custom_fields: [],
};

/** The parts a column can fill in an entry of `list`, with their labels. */
export function entryParts(list: ListKey): { key: string; label: string }[] {
  const field = listField(list);
  const own = field.parts.map((p) => ({ key: p.key, label: p.key === "value" ? "" : p.label.toLowerCase() }));
  // A custom field's type is always 'custom': its 'type' column is its label.
  const kinds =
    list === "custom_fields"
      ? [{ key: "label", label: "label" }]
      : [
          { key: "type", label: "type" },
          { key: "label", label: "label" },
        ];
  return [...own, ...EXTRA_PARTS[list], ...kinds];
}

/**
 * One column's target. A list part names the entry it fills: `entry` is the file's own number ('Phone 2 -
 * Value' and 'Phone 2 - Type' fill the same phone; an address's columns share one), a type the header
 * implies ('Business Fax' is fax_work) and a label; a custom field's label is the column's name.
 */
export interface ColumnMapping {
  target: ImportTarget;
  part?: string | undefined;
  entry?: number | undefined;
  type?: string | undefined;
  label?: string | undefined;
}

/** The first release's targets, which saved mappings and older screens still send. */
const LEGACY: Record<string, ColumnMapping> = {
  phone: { target: "phones", part: "value", entry: 1 },
  phone_type: { target: "phones", part: "type", entry: 1 },
  phone2: { target: "phones", part: "value", entry: 2 },
  phone2_type: { target: "phones", part: "type", entry: 2 },
  email: { target: "emails", part: "value" },
  address: { target: "addresses", part: "street", entry: 1 },
  city: { target: "addresses", part: "city", entry: 1 },
  province_state: { target: "addresses", part: "region", entry: 1 },
  postal_zip_code: { target: "addresses", part: "postal_code", entry: 1 },
};
const LEGACY_TARGETS = Object.keys(LEGACY) as [string, ...string[]];

const wireMappingSchema = z.object({
  target: z.enum([...IMPORT_TARGETS, ...LEGACY_TARGETS] as [string, ...string[]]),
  part: z.string().max(20).optional(),
  entry: z.number().int().min(0).max(999).optional(),
  type: z.string().max(20).optional(),
  label: z.string().max(300).optional(),
  /** The first release's type of a phone column. */
  phoneType: z.enum(PHONE_TYPES).optional(),
});

/** A column's target as sent (new or old form), checked and in the new form. */
export const columnMappingSchema = wireMappingSchema
  .transform(({ phoneType, ...column }): ColumnMapping => {
    const legacy = LEGACY[column.target];
    if (legacy) return { ...legacy, ...(phoneType ? { type: phoneType } : {}) };
    const target = column.target as ImportTarget;
    if (!isListTarget(target))
      return column.label !== undefined && (target === "custom" || target === "ignore") ? { target, label: column.label } : { target };
    return { ...column, target, part: column.part ?? "value" };
  })
  .superRefine((column, ctx) => {
    if (!isListTarget(column.target)) return;
    const list = listField(column.target as ListKey);
    if (!entryParts(column.target).some((p) => p.key === column.part))
      ctx.addIssue({ code: "custom", message: `A ${list.label.toLowerCase()} has no part '${column.part}'` });
    if (column.type !== undefined && !(list.types as readonly string[]).includes(column.type))
      ctx.addIssue({ code: "custom", message: `A ${list.label.toLowerCase()} has no type '${column.type}'` });
  });

export const mappingSchema = z.array(columnMappingSchema).max(IMPORT_MAX_COLUMNS, `A file may have at most ${IMPORT_MAX_COLUMNS} columns`);

/** One choice of the mapping screen's select: a target, or a part of a list's entry ('Address city'). */
export interface MappingChoice {
  value: string;
  label: string;
  target: ImportTarget;
  part?: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every choice, derived from the field table: leave out, custom field, the names, the single fields, each list's parts. */
export const MAPPING_CHOICES: readonly MappingChoice[] = [
  ...(["ignore", "custom", "full_name"] as const).map((target) => ({ value: target, label: IMPORT_TARGET_LABELS[target], target })),
  ...SINGLE_FIELDS.map((f) => ({ value: f.key, label: f.label, target: f.key })),
  ...LIST_FIELDS.flatMap((f) =>
    entryParts(f.key).map((p) => ({
      value: p.key === "value" ? f.key : `${f.key}.${p.key}`,
      label: p.label ? `${f.label}: ${p.label}` : f.label,
      target: f.key,
      part: p.key,
    })),
  ),
  ...(["categories", "kind"] as const).map((target) => ({ value: target, label: IMPORT_TARGET_LABELS[target], target })),
].map((choice) => ({ ...choice, label: capitalized(choice.label) }));

/** The select's value for a column's target. */
export const choiceOf = (column: ColumnMapping): string =>
  isListTarget(column.target) && column.part && column.part !== "value" ? `${column.target}.${column.part}` : column.target;

/**
 * The column's target after the person picked a choice: the entry, type and label stay within the same
 * list; a custom field (or a column left out) is named after the column.
 */
export function columnOfChoice(value: string, previous: ColumnMapping, columnName: string): ColumnMapping {
  const choice = MAPPING_CHOICES.find((c) => c.value === value);
  if (!choice) return { target: "ignore", label: columnName };
  if (choice.target === "custom" || choice.target === "ignore") return { target: choice.target, label: columnName };
  if (!isListTarget(choice.target)) return { target: choice.target };
  const same = previous.target === choice.target;
  return {
    target: choice.target,
    part: choice.part ?? "value",
    // An address's columns (and a type or label column) fill one entry; the file's number when it gave one.
    entry: same ? previous.entry : choice.target === "addresses" || choice.part === "type" || choice.part === "label" ? 1 : undefined,
    ...(same && previous.type ? { type: previous.type } : {}),
    ...(same && previous.label ? { label: previous.label } : {}),
  };
}

/** What to do with a row whose phone already belongs to a contact (asked once per run). */
export const IMPORT_MODES = ["fill", "update", "skip"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  fill: "Fill only empty fields of the existing contact",
  update: "Update the existing contact with the file's values",
  skip: "Skip the row",
};

/** Spec section 9. */
export const IMPORT_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
export const IMPORT_ACCEPTED = [".csv", ".vcf"] as const;

/**
 * The form fields of a preview besides the file: the encoding the person chose (detected without it), and
 * for a CSV file the header choice and mapping to show the stored contacts with (guessed without them).
 * Multipart sends text.
 */
export const previewOptionsSchema = z.object({
  encoding: importEncodingSchema.optional(),
  mapping: z
    .string()
    .max(100_000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === "") return undefined;
      try {
        const parsed = mappingSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Invalid column mapping" });
      } catch {
        ctx.addIssue({ code: "custom", message: "The column mapping must be JSON" });
      }
      return z.NEVER;
    }),
  hasHeader: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
});

const excludedRowsSchema = z.array(z.string().regex(/^(Row|Contact) \d{1,7}$/)).max(10_000);

/** The form fields of an import besides the file. */
export const importOptionsSchema = previewOptionsSchema.extend({
  mode: z.enum(IMPORT_MODES).default("fill"),
  /** Add each contact to the groups its labels name (vCard CATEGORIES, Google 'Labels'), creating the missing ones. */
  categoriesAsGroups: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  /** Rows the person left out in the preview (its matches list), by their labels ('Row 7', 'Contact 3'), as JSON. */
  exclude: z
    .string()
    .max(200_000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === "") return [];
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Refused below, as any other shape.
      }
      const parsed = excludedRowsSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: "The rows to leave out must be a JSON list of row labels" });
      return z.NEVER;
    }),
});

/** A row of the file that will update or fill an existing contact, as the preview lists it. */
export interface ImportMatch {
  /** The row's label ('Row 7', 'Contact 3'), as the summary names rows. */
  row: string;
  contactId: string;
  contactName: string;
  /** What they share. */
  by: "phone" | "email";
}

/** A contact picked on the phone (Contact Picker API: arrays of names, numbers and addresses). */
export const nativeContactSchema = z.object({
  name: z.array(z.string().max(300)).max(10).optional(),
  tel: z.array(z.string().max(100)).max(20).optional(),
  email: z.array(z.string().max(300)).max(20).optional(),
});

export const nativeImportSchema = z.object({
  contacts: z.array(nativeContactSchema).max(10_000, "Import at most 10,000 contacts at a time"),
  mode: z.enum(IMPORT_MODES).default("fill"),
});
