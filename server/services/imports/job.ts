import { setImmediate } from "node:timers/promises";
import type { AppDeps } from "../../deps.js";
import { nowIso } from "../../db/ids.js";
import type { OrgActor } from "../../policies/authorize.js";
import { contactRules } from "../contact-rules.js";
import { garbageCollector } from "../heap.js";
import { noticeImportFinished } from "../notices.js";
import { bulkChanged } from "./events.js";
import { runGroups } from "./groups.js";
import { batchPipeline } from "./pipeline.js";
import { runContext } from "./run-context.js";
import { type RunRows, type RunSource, outcomeBatches, withPhotos } from "./rows.js";
import { emptyTally, progress } from "./tally.js";
import { enqueueEvent } from "../webhooks/enqueue.js";
import { batchWriter } from "./writer-thread.js";

/** Runs this large are followed by VACUUM (ANALYZE) / PRAGMA optimize. */
const MAINTENANCE_ROWS = 5000;
/** A long import collects its garbage each time its heap has grown this much (server/services/heap.ts). */
const GC_GROWTH_BYTES = 32 * 1024 * 1024;

/** Writes every row, batch by batch, then records the outcome (audit, usage statistics, maintenance). */
export async function runImport(
  deps: AppDeps,
  actor: OrgActor,
  importId: string,
  { fileName, mode, labelsAsGroups = false, exclude = [] }: Pick<RunSource, "fileName" | "mode" | "labelsAsGroups" | "exclude">,
  read: RunRows,
) {
  const imports = deps.repos.imports(actor.organizationId);
  const tally = emptyTally(labelsAsGroups);
  const labels = labelsAsGroups ? runGroups() : null;
  try {
    const rules = await contactRules(deps, actor.organizationId);
    const country = deps.config.defaultCountry;
    const collect = garbageCollector(GC_GROWTH_BYTES);
    const run = runContext({
      organizationId: actor.organizationId,
      importId,
      mode,
      labels,
      excluded: new Set(exclude),
      by: actor.userId,
    });
    const writer = batchWriter(deps, read.total);
    const pipeline = batchPipeline(deps, run, tally, writer, (groups) => {
      bulkChanged(deps, actor);
      // Once a batch: the groups screens reload their lists.
      if (groups?.created.length) deps.events.changed(actor.organizationId, actor.userId, "group.created", { ids: groups.created });
      if (groups?.touched.length) deps.events.changed(actor.organizationId, actor.userId, "group.members_added", { ids: groups.touched });
    });
    try {
      for await (const prepared of outcomeBatches(read, country, rules)) {
        await withPhotos(prepared);
        await pipeline.add(prepared);
        // Here the next batch's write has begun: collected between a write's end and the next one's
        // start, the writing thread waited for it (60-140 ms every third or fourth batch).
        collect();
        // Without a turn of the event loop between batches, a large SQLite import held the process to
        // the end (no answer after ANSWER_WITHIN_MS, no progress polls, no other request served).
        await setImmediate();
      }
      await pipeline.finish();
    } finally {
      await pipeline.settled();
      await writer.close();
    }
    const finishedAt = nowIso();
    await deps.repos.transaction(async (repos) => {
      // Every row was read: the count taken before (lines that begin a card) gives way to the real one.
      await repos
        .imports(actor.organizationId)
        .update(importId, { ...progress(tally), total: tally.processed, status: "done", finished_at: finishedAt });
      await repos.usage.add(actor.organizationId, actor.userId, finishedAt.slice(0, 7), { imports: tally.imported + tally.merged });
      await repos.audit.write({
        organizationId: actor.organizationId,
        userId: actor.userId,
        tableName: "imports",
        recordId: importId,
        operation: "IMPORT_COMPLETED",
        newData: {
          fileName,
          imported: tally.imported,
          merged: tally.merged,
          skipped: tally.skipped,
          failed: tally.failed,
          ...(tally.groups ? { groupsCreated: tally.groups.created, groupMembershipsAdded: tally.groups.added } : {}),
        },
      });
      await enqueueEvent(repos, actor.organizationId, "import.completed", {
        import: {
          id: importId,
          file_name: fileName,
          imported: tally.imported,
          merged: tally.merged,
          skipped: tally.skipped,
          failed: tally.failed,
          finished_at: finishedAt,
        },
      });
    });
    noticeImportFinished(deps, actor.organizationId, actor.userId, fileName, tally);
    if (tally.imported + tally.merged >= MAINTENANCE_ROWS) {
      void deps.repos.maintenance
        .afterBulkWrite()
        .catch((error) => deps.log.warn("maintenance after import failed", { error: String(error) }));
    }
  } catch (error) {
    tally.errors.push({ row: "-", message: "Import failed" });
    await imports.update(importId, { ...progress(tally), status: "failed", finished_at: nowIso() }).catch(() => undefined);
    throw error;
  }
}
