import { RECENT_DAYS } from "../../shared/contact-schemas.js";
import { auditedBy } from "./audit-actor.js";
import { DATA_KEYS } from "../../shared/contact-model/data-schema.js";
import { type ExportFormat, VCARD_VERSIONS, exportFileName } from "../../shared/export.js";
import type { ExportQuery } from "../../shared/export-schemas.js";
import { can, matrixRole } from "../../shared/policy/can.js";
import { searchTerm } from "../../shared/search.js";
import type { AppDeps } from "../deps.js";
import { nowIso, toIso } from "../db/ids.js";
import type { ListOptions, ListedContact } from "../db/repositories/contacts.js";
import type { ContactsTable } from "../db/schema.js";
import { SPEC_COLUMNS, fullCsvHeader, fullCsvRows, specCsvHeader, specCsvRows } from "../export/csv.js";
import { notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import { collectGarbage } from "./heap.js";
import type { Repositories } from "../db/repositories/index.js";
import { contactToCard } from "../vcard/contact-card.js";
import { type CardSource, cardRowsOf } from "./contact-cards.js";
import { dataOfRow } from "./contact-row.js";

/**
 * Contacts read per query: one keyset page, oldest first, written out before the next is read. Creation
 * order follows the table's physical order, so a page reads neighbouring rows: half the cost of the
 * first-name order, whose rows lie all over the table. An import of the file creates them in the same order.
 */
export const EXPORT_PAGE = 1000;
/** A long export collects its garbage every 50,000 contacts, so its memory tracks the page it holds (server/services/heap.ts). */
const GC_EVERY_ROWS = 50 * EXPORT_PAGE;

const VCARD_COLUMNS: readonly (keyof ContactsTable)[] = [
  "id",
  ...DATA_KEYS,
  "updated_at",
  // What a phone or an imported card gave that the app has no field for goes out with it, and the photo.
  "vcard_uid",
  "vcard_extra",
  "photo_etag",
];

/** The columns each format reads (fewer columns read is most of an export's speed). */
const READ_COLUMNS: Record<ExportFormat, readonly (keyof ContactsTable)[]> = {
  csv: ["id", ...SPEC_COLUMNS],
  "csv-full": ["id", ...DATA_KEYS],
  vcard: VCARD_COLUMNS,
  vcard4: VCARD_COLUMNS,
};

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  "csv-full": "text/csv; charset=utf-8",
  vcard: "text/vcard; charset=utf-8",
  vcard4: "text/vcard; charset=utf-8",
};

/**
 * A UTF-8 byte order mark before a CSV: without it Excel reads the file in the machine's legacy code
 * page (Zoë becomes ZoÃ«); Sheets, Numbers, LibreOffice and our importer skip it. None before a vCard.
 */
const BOM = "\uFEFF";

/** An export of the list's scope, or of contacts ticked one by one (`ids`). */
type ExportRequest = ExportQuery & { ids?: string[] | undefined };

interface Scope {
  kind: "all" | "search" | "group" | "selection";
  options: ListOptions;
  /** What the audit row records about the scope. */
  audit: Record<string, unknown>;
}

async function resolveScope(deps: AppDeps, actor: OrgActor, query: ExportRequest): Promise<Scope> {
  const recentSince = new Date(Date.now() - RECENT_DAYS * 24 * 3600 * 1000).toISOString();
  if (query.ids) {
    const ids = [...new Set(query.ids)];
    return { kind: "selection", options: { filter: "all", recentSince, ids }, audit: { scope: "selection", selected: ids.length } };
  }
  const term = query.q ? searchTerm(query.q) || undefined : undefined;
  const options: ListOptions = { term, filter: query.filter, recentSince };
  if (query.group) {
    const group = await deps.repos.groups(actor.organizationId).find(query.group);
    if (!group) throw notFound("Group not found.");
    options.groupId = group.id;
    return {
      kind: "group",
      options,
      audit: { scope: "group", group: { id: group.id, name: group.name }, q: query.q ?? null, filter: query.filter },
    };
  }
  if (term || query.filter !== "all")
    return { kind: "search", options, audit: { scope: "search", q: query.q ?? null, filter: query.filter } };
  return { kind: "all", options, audit: { scope: "all" } };
}

/**
 * Staff may not export (spec section 6): the attempt is written to the audit log with the role and the
 * reason, then answered 403 with the spec's message.
 */
async function authorizeExport(deps: AppDeps, actor: OrgActor, format: ExportFormat) {
  if (can(actor, "contacts.export").allowed) return;
  await deps.repos.audit.write({
    organizationId: actor.organizationId,
    ...auditedBy(actor),
    tableName: "contacts",
    recordId: null,
    operation: "EXPORT_DENIED",
    newData: { role: actor.token ? "API token" : matrixRole(actor), reason: "insufficient_permissions", format },
  });
  authorize(actor, "contacts.export");
}

/** What an export would hold, before it starts: the page shows the count and says when there is nothing. */
export async function summarizeExport(deps: AppDeps, actor: OrgActor, query: ExportQuery) {
  authorize(actor, "contacts.export");
  const scope = await resolveScope(deps, actor, query);
  const contacts = deps.repos.contacts(actor.organizationId);
  const count =
    scope.kind === "all" ? await contacts.counter.read() : await contacts.countCapped(scope.options, Number.MAX_SAFE_INTEGER - 1);
  return { count, fileName: exportFileName(query.format, new Date()) };
}

async function render(repos: Repositories, organizationId: string, format: ExportFormat, rows: ListedContact[]): Promise<string> {
  if (format === "csv") return specCsvRows(rows);
  const read = rows as unknown as CardSource[];
  if (format === "csv-full") return fullCsvRows(read.map(dataOfRow));
  let text = "";
  const version = VCARD_VERSIONS[format] ?? "3.0";
  for (const card of await cardRowsOf(repos, organizationId, read)) text += contactToCard(card, version);
  return text;
}

function preamble(format: ExportFormat): string {
  if (format === "csv") return BOM + specCsvHeader();
  if (format === "csv-full") return BOM + fullCsvHeader();
  return "";
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * The export as a stream: one keyset page of contacts is read each time the client has taken the
 * previous one, so a million contacts pass through a page's worth of memory. At the end the export is
 * counted (usage_stats) and audited with its format, scope and count; a download cut short is audited
 * as EXPORT_FAILED with what was sent.
 */
export async function startExport(deps: AppDeps, actor: OrgActor, query: ExportRequest): Promise<ExportFile> {
  await authorizeExport(deps, actor, query.format);
  const scope = await resolveScope(deps, actor, query);
  const contacts = deps.repos.contacts(actor.organizationId);
  const encoder = new TextEncoder();
  let after: (string | number)[] | undefined;
  let count = 0;
  let finished = false;

  const finish = async (operation: "EXPORT_SUCCESS" | "EXPORT_FAILED", extra: Record<string, unknown> = {}) => {
    if (finished) return;
    finished = true;
    const now = nowIso();
    await deps.repos.transaction(async (repos) => {
      if (operation === "EXPORT_SUCCESS") await repos.usage.add(actor.organizationId, actor.userId, now.slice(0, 7), { exports: 1 });
      await repos.audit.write({
        organizationId: actor.organizationId,
        ...auditedBy(actor),
        tableName: "contacts",
        recordId: null,
        operation,
        newData: { format: query.format, ...scope.audit, count, ...extra },
      });
    });
  };
  const recordFailure = (reason: string) =>
    finish("EXPORT_FAILED", { reason }).catch((error) => deps.log.warn("export failure not audited", { error: String(error) }));

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const head = preamble(query.format);
        if (head) controller.enqueue(encoder.encode(head));
      },
      async pull(controller) {
        try {
          const rows = await contacts.page(
            { ...scope.options, sort: "created", direction: "asc", after, limit: EXPORT_PAGE },
            READ_COLUMNS[query.format],
          );
          if (rows.length > 0) {
            const last = rows.at(-1)!;
            after = [toIso(last.created_at)!, last.id];
            count += rows.length;
            controller.enqueue(encoder.encode(await render(deps.repos, actor.organizationId, query.format, rows)));
            if (count % GC_EVERY_ROWS === 0) collectGarbage();
          }
          if (rows.length < EXPORT_PAGE) {
            await finish("EXPORT_SUCCESS");
            controller.close();
          }
        } catch (error) {
          deps.log.error("export failed", { error: String(error), organizationId: actor.organizationId, sent: count });
          await recordFailure("error");
          controller.error(error);
        }
      },
      async cancel() {
        await recordFailure("cancelled");
      },
    },
    // One page waits for the client at most: memory stays flat however large the book.
    { highWaterMark: 1 },
  );
  return { fileName: exportFileName(query.format, new Date()), contentType: CONTENT_TYPES[query.format], body };
}
