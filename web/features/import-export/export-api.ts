import type { ContactFilter } from "@shared/contact-fields";
import { type ExportFormat, exportUrl } from "@shared/export";
import { call, client } from "@/api";

const org = client.orgs[":orgId"];

export interface ExportChoice {
  format: ExportFormat;
  q?: string | undefined;
  filter?: ContactFilter | undefined;
  group?: string | undefined;
}

const exportQuery = (choice: ExportChoice) => ({
  format: choice.format,
  ...(choice.q ? { q: choice.q } : {}),
  ...(choice.filter && choice.filter !== "all" ? { filter: choice.filter } : {}),
  ...(choice.group ? { group: choice.group } : {}),
});

/** How many contacts the export would hold, and its file name, before the download starts. */
export function fetchExportSummary(orgId: string, choice: ExportChoice) {
  return call(org.export.summary.$get({ param: { orgId }, query: exportQuery(choice) }));
}

/** The download's URL: the browser fetches it itself and streams the file to disk with its own progress. */
export function exportHref(orgId: string, choice: ExportChoice): string {
  return exportUrl(orgId, exportQuery(choice));
}
