import { type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportEncoding } from "@shared/import-encodings";
import type { ColumnMapping, ImportMode } from "@shared/import-schemas";
import { type Answer, call, client, withSignal } from "@/api";
import { contactKeys, refreshContactLists } from "@/features/contacts/api";
import { pagedQueryOptions } from "@/lib/paged-query";

export const importKeys = {
  all: ["imports"] as const,
  organization: (orgId: string) => ["imports", orgId] as const,
  lists: (orgId: string) => ["imports", orgId, "list"] as const,
};

const imports = client.orgs[":orgId"].imports;
const oneImport = imports[":id"];

export type ImportPreview = Answer<typeof imports.preview.$post>;
export type ImportRun = Answer<typeof oneImport.$get>;
export type NativeContact = { name?: string[]; tel?: string[]; email?: string[] };

export const isRunning = (run: Pick<ImportRun, "status"> | undefined) => run?.status === "running";

/**
 * Why a whole run failed, when it says (a file refused after the upload was answered, such as one with a
 * row of more columns than an import takes): its reason that belongs to no row.
 */
export const runFailure = (run: Pick<ImportRun, "status" | "errors">) =>
  run.status === "failed" ? run.errors.find((e) => e.row === "-")?.message : undefined;

/**
 * Reads an uploaded file without writing anything: format, encoding, layout, the first rows, the
 * mapping (guessed, or the person's) and the first contacts as they will be stored; in `encoding` when
 * the person chose one, else in the one the server detects.
 */
export function fetchImportPreview(
  orgId: string,
  file: File,
  encoding?: ImportEncoding,
  signal?: AbortSignal,
  layout?: { hasHeader: boolean; mapping: ColumnMapping[] },
) {
  const form = {
    file,
    ...(encoding ? { encoding } : {}),
    // The person's header choice and mapping: the preview's contacts follow them.
    ...(layout ? { hasHeader: layout.hasHeader ? ("true" as const) : ("false" as const), mapping: JSON.stringify(layout.mapping) } : {}),
  };
  return call(imports.preview.$post({ param: { orgId }, form }, withSignal(signal)));
}

export interface StartImportInput {
  file: File;
  mode: ImportMode;
  /** The encoding the preview was read in, so the import reads the file as the person saw it. */
  encoding: ImportEncoding;
  /** CSV only: the header choice and one target per column, as the person confirmed them. */
  layout?: { hasHeader: boolean; mapping: ColumnMapping[] } | undefined;
  /** Contacts join the groups their labels name (created when missing). */
  categoriesAsGroups?: boolean;
  /** Rows left out from the preview's matches, by label. */
  exclude?: string[];
}

/** Uploads a CSV or vCard file; answers when done or, for a large file, while it still runs. */
export function postImport(
  orgId: string,
  { file, mode, encoding, layout, categoriesAsGroups, exclude }: StartImportInput,
  signal?: AbortSignal,
) {
  const form = {
    file,
    mode,
    encoding,
    ...(layout ? { hasHeader: layout.hasHeader ? ("true" as const) : ("false" as const), mapping: JSON.stringify(layout.mapping) } : {}),
    ...(categoriesAsGroups ? { categoriesAsGroups: "true" as const } : {}),
    ...(exclude?.length ? { exclude: JSON.stringify(exclude) } : {}),
  };
  return call(imports.$post({ param: { orgId }, form }, withSignal(signal)));
}

/** Imports contacts picked on the phone (Contact Picker API) under the native rules of spec section 5. */
export function postNativeImport(orgId: string, contacts: NativeContact[], mode: ImportMode, signal?: AbortSignal) {
  return call(imports.native.$post({ param: { orgId }, json: { contacts, mode } }, withSignal(signal)));
}

/** One run's progress and outcome. */
export function fetchImportRun(orgId: string, id: string, signal?: AbortSignal) {
  return call(oneImport.$get({ param: { orgId, id } }, withSignal(signal)));
}

/** Contacts, counts, duplicate groups, phone matches and the runs list all change when an import or its undo writes. */
export function refreshAfterImport(queryClient: QueryClient, orgId: string) {
  void queryClient.invalidateQueries({ queryKey: importKeys.lists(orgId) });
  void queryClient.invalidateQueries({ queryKey: contactKeys.duplicates(orgId) });
  void queryClient.invalidateQueries({ queryKey: contactKeys.phoneMatches(orgId) });
  void queryClient.invalidateQueries({ queryKey: contactKeys.trash(orgId) });
  return refreshContactLists(queryClient, orgId);
}

/** The organization's runs, newest first; asked again every few seconds while one of them runs. */
export function useImportsQuery(orgId: string | null) {
  return useInfiniteQuery({
    ...pagedQueryOptions(importKeys.lists(orgId ?? ""), (query, signal) =>
      call(imports.$get({ param: { orgId: orgId! }, query }, withSignal(signal))),
    ),
    enabled: orgId !== null,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some(isRunning)) ? 2000 : false),
  });
}

/** Trashes the contacts a run created and restores the fields it changed (except on contacts edited since). */
export function useUndoImportMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(oneImport.undo.$post({ param: { orgId, id } })),
    onSuccess: () => refreshAfterImport(queryClient, orgId),
  });
}

/** The failed rows of a run as a CSV (a same-origin link; the browser downloads it with the session cookie). */
export const failedRowsUrl = (orgId: string, id: string) =>
  `/api/orgs/${encodeURIComponent(orgId)}/imports/${encodeURIComponent(id)}/failed-rows`;

// The panel /contacts opens for importing and exporting, with the state of which card it shows.
export { ImportExportPanel } from "./components/import-export-panel";
export { type PanelCard, useImportExportPanel } from "./hooks/use-import-export-panel";
