import { contactDisplayName } from "../../../shared/contact-display.js";
import { type ContactRules, DEFAULT_CONTACT_RULES, type ValidContactData } from "../../../shared/contact-model/data-schema.js";
import type { ColumnMapping, ImportMatch } from "../../../shared/import-schemas.js";
import type { LeftOut } from "../../cards/candidate.js";
import { candidateToData } from "../../cards/candidate-to-data.js";
import { pacer } from "../../cards/pacing.js";
import type { AppDeps } from "../../deps.js";
import { distinctGroups } from "../../import/category-groups.js";
import {
  type CsvLayout,
  type PreparedRow,
  type ReadOptions,
  csvLayout,
  preparedRows,
  readImportFile,
  rowCount,
} from "../../import/read-file.js";
import { type OrgActor, authorize } from "../../policies/authorize.js";
import { type KeyIndex, type Named, fileUnderKeys, matchRow, nameOf, nameOfContact } from "./match.js";
import type { RowOutcome } from "./prepare.js";
import { type RunRows, outcomeBatches } from "./rows.js";

/** How many rows the preview shows as they will be stored. */
const PREVIEW_CONTACTS = 5;
/** How many rows the preview reads for the labels they carry, and how many distinct ones it names. */
const PREVIEW_LABEL_ROWS = 200;
const PREVIEW_LABELS = 20;

/** A row of the preview: the contact as it will be stored, or why the row will not be imported. */
export interface PreviewContact {
  row: string;
  data: ValidContactData | null;
  error: string | null;
  warnings: string[];
  /** Values of columns the person chose to leave out. */
  leftOut: LeftOut[];
}

/**
 * The first rows through the import's own rules (the same candidate, the same checks), and the labels
 * of the first rows as the groups they would make (so the screen offers them only when there are some).
 */
async function previewContacts(rows: AsyncIterable<PreparedRow>, rules: ContactRules) {
  const contacts: PreviewContact[] = [];
  const labels: string[] = [];
  let read = 0;
  for await (const { label, candidate } of rows) {
    labels.push(...candidate.categories);
    if (contacts.length < PREVIEW_CONTACTS) {
      const outcome = candidateToData(candidate, rules);
      contacts.push(
        outcome.ok
          ? { row: label, data: outcome.data, error: null, warnings: outcome.warnings, leftOut: candidate.leftOut }
          : { row: label, data: null, error: outcome.message, warnings: [], leftOut: candidate.leftOut },
      );
    }
    if (++read === PREVIEW_LABEL_ROWS) break;
  }
  return { contacts, categories: distinctGroups(labels, PREVIEW_LABELS) };
}

/**
 * What an uploaded file holds, before anything is written: format, encoding, layout (every column with
 * its mapping: the person's when given, else guessed), the first records as written, and the first rows
 * as the contacts they will be stored as.
 */
export async function previewImport(
  actor: OrgActor,
  bytes: Uint8Array,
  fileName: string,
  read: ReadOptions = {},
  chosen: { hasHeader?: boolean | undefined; mapping?: ColumnMapping[] | undefined } = {},
  /** The organization's rules (its phone rule): the preview shows contacts as they will be stored. */
  rules: ContactRules = DEFAULT_CONTACT_RULES,
  /** The book the rows' matches are looked for in (without it, none are). */
  deps?: AppDeps,
  /** The request's: a preview nobody waits for any more (the mapping changed, the page closed) stops reading. */
  signal?: AbortSignal,
) {
  authorize(actor, "contacts.import");
  const pace = pacer();
  const file = await readImportFile(bytes, fileName, read, pace);
  const matchesOf = (layout?: CsvLayout) =>
    deps
      ? previewMatches(
          deps,
          actor.organizationId,
          { rows: preparedRows(file, layout, pace), file: { file, layout }, total: rowCount(file, layout) },
          rules,
          signal,
        )
      : { matches: [], matchCount: 0 };
  if (file.format === "vcard") {
    const { contacts, categories } = await previewContacts(preparedRows(file, undefined, pace), rules);
    return {
      format: "vcard" as const,
      encoding: file.encoding,
      delimiter: null,
      hasHeader: false,
      firstRow: 1,
      headers: ["Name", "Phone", "E-mail"],
      mapping: [] as ColumnMapping[],
      sample: contacts.map(sampleCells),
      contacts,
      categories,
      estimatedRows: rowCount(file),
      ...(await matchesOf()),
    };
  }
  const guessed = csvLayout(file.head, chosen.hasHeader);
  // A mapping for other columns than the file has (a stale screen) is not the person's for this file.
  const mapping = chosen.mapping && chosen.mapping.length >= guessed.headers.length ? chosen.mapping : undefined;
  const layout = mapping ? csvLayout(file.head, chosen.hasHeader, mapping) : guessed;
  const { contacts, categories } = await previewContacts(preparedRows(file, layout, pace), rules);
  return {
    format: "csv" as const,
    encoding: file.encoding,
    delimiter: file.csv.delimiter,
    hasHeader: layout.hasHeader,
    // Rows above the table (a title, notes) are left out; the screen names the row the table starts at.
    firstRow: file.firstRow,
    headers: layout.headers,
    mapping: layout.mapping,
    // The first records as written, header included, so the screen can re-read them without it.
    sample: file.head.slice(0, 6),
    contacts,
    /** The groups the first rows' labels name (up to 20): the screen offers to add contacts to them. */
    categories,
    estimatedRows: rowCount(file, layout),
    ...(await matchesOf(layout)),
  };
}

/** The matches the preview lists (the count covers the whole file). */
const PREVIEW_MATCHES = 200;

/**
 * The rows of the whole file that would update or fill an existing contact (match.ts: a shared
 * phone or e-mail, and names that agree), read as the import will read them, batch by batch against
 * the book. Rows matching only a row before them in the file are not listed: they create one contact.
 */
async function previewMatches(
  deps: AppDeps,
  organizationId: string,
  source: Pick<RunRows, "rows" | "file" | "total">,
  rules: ContactRules,
  signal?: AbortSignal,
): Promise<{ matches: ImportMatch[]; matchCount: number }> {
  const contacts = deps.repos.contacts(organizationId);
  const matches: ImportMatch[] = [];
  let matchCount = 0;
  type Holder = Named & { id: string; name: string };
  const known = new Map<string, Holder | null>();
  for await (const batch of outcomeBatches(source, deps.config.defaultCountry, rules)) {
    // Leaving the loop ends the generator, and with it the preparing thread of a large file.
    if (signal?.aborted) break;
    const ready = batch.filter((o): o is Exclude<RowOutcome, { message: string }> => !("message" in o));
    const held = await contacts.keyContacts(ready.flatMap((o) => o.written.keys));
    const unknown = [...new Set(held.map((h) => h.contact_id))].filter((id) => !known.has(id));
    for (const id of unknown) known.set(id, null);
    for (const n of await contacts.namesOf(unknown)) known.set(n.id, { id: n.id, name: contactDisplayName(n), ...nameOfContact(n) });
    const index: KeyIndex<Holder> = new Map();
    for (const h of held) {
      const holder = known.get(h.contact_id);
      if (holder) fileUnderKeys(index, [h], holder);
    }
    for (const { row, words, written } of ready) {
      const match = matchRow(nameOf(words), written.keys, index);
      if (!match.target) continue;
      matchCount++;
      if (matches.length < PREVIEW_MATCHES)
        matches.push({ row: row.label, contactId: match.target.id, contactName: match.target.name, by: match.by.kind });
    }
  }
  return { matches, matchCount };
}

/** A card's name, first phone and first e-mail, as the vCard preview's table shows them. */
function sampleCells({ data }: PreviewContact): string[] {
  if (!data) return ["", "", ""];
  const name = [data.first_name, data.last_name].filter(Boolean).join(" ") || data.company || "";
  return [name, data.phones[0]?.value ?? "", data.emails[0]?.value ?? ""];
}
