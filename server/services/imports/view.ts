import { canUndoImport } from "../../../shared/policy/import-rules.js";
import { toIso } from "../../db/ids.js";
import { decodeKeyset, toPage } from "../../db/paging.js";
import type { ImportRow } from "../../db/repositories/imports.js";
import type { AppDeps } from "../../deps.js";
import { notFound } from "../../errors.js";
import { type OrgActor, authorize } from "../../policies/authorize.js";

// Runs as the screens see them: one, the list, and whether each can still be undone.

/** A run whose heartbeat is older than this stopped without finishing (a crash or a restart). */
const STALE_MS = 20_000;
/** An import can be undone for a week. */
export const UNDO_DAYS = 7;

export const parseJson = <T>(text: string | null, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);

/** An import run as the screens see it; `interrupted` is a run that stopped without finishing. */
export function presentImport(row: ImportRow, actor: OrgActor) {
  const stale = row.status === "running" && Date.now() - new Date(toIso(row.heartbeat_at)!).getTime() > STALE_MS;
  const finished = row.status !== "running" || stale;
  const fresh = Date.now() - new Date(toIso(row.created_at)!).getTime() < UNDO_DAYS * 24 * 3600 * 1000;
  return {
    id: row.id,
    status: stale ? ("interrupted" as const) : row.status,
    format: row.format,
    fileName: row.file_name,
    mode: row.mode,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    merged: row.merged,
    skipped: row.skipped,
    failed: row.failed,
    errors: parseJson<{ row: string; message: string }[]>(row.errors, []),
    notices: parseJson<{ row: string; message: string }[]>(row.notices, []),
    /** What the file held that no field took and was left out, by column or property, with how many values. */
    leftOut: parseJson<{ source: string; values: number }[]>(row.left_out, []),
    /** With the file's labels as groups: the groups it created and the memberships it added; null without. */
    groups: parseJson<{ created: number; added: number } | null>(row.groups, null),
    createdAt: toIso(row.created_at)!,
    finishedAt: toIso(row.finished_at),
    undoneAt: toIso(row.undone_at),
    undoReport: parseJson<{
      trashed: number;
      restored: number;
      editedSince: { id: string; name: string }[];
      /** Memberships the run had given contacts that existed before it, taken away (runs with labels as groups). */
      leftGroups?: number;
    } | null>(row.undo_report, null),
    canUndo: finished && fresh && row.undone_at === null && row.imported + row.merged > 0 && canUndoImport(actor, row.user_id).allowed,
  };
}

export async function findRun(deps: AppDeps, actor: OrgActor, id: string) {
  const row = await deps.repos.imports(actor.organizationId).find(id);
  if (!row) throw notFound("Import not found.");
  return row;
}

export async function getImport(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "contacts.import");
  return presentImport(await findRun(deps, actor, id), actor);
}

/** The organization's import runs, newest first. */
export async function listImports(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "contacts.import");
  const after = cursor ? (decodeKeyset(cursor, ["date", "string"]) as [string, string]) : undefined;
  const rows = await deps.repos.imports(actor.organizationId).page(after, limit + 1);
  return toPage(
    rows,
    limit,
    (row) => presentImport(row, actor),
    (last) => [toIso(last.created_at), last.id],
  );
}
