import { nowIso } from "../../db/ids.js";
import type { AppDeps } from "../../deps.js";
import { type ApplyResult, applyPlan, countWritten, writePlan } from "./batch-apply.js";
import { type BatchPlan, planBatch, sortOut } from "./batch-plan.js";
import { type PendingContact, holdersAfter } from "./holders.js";
import { withBatchRetry } from "./batch-retry.js";
import type { BatchGroups } from "./groups.js";
import type { RowOutcome } from "./prepare.js";
import { type RunContext, forgetHolders } from "./run-context.js";
import { type RunTally, copyTally, emptyTally, mergeTally, progress } from "./tally.js";
import type { BatchWriter } from "./writer-thread.js";

/** What the run does once a batch committed (live events, garbage collection). */
export type AfterBatch = (groups: BatchGroups | null) => void;

/**
 * A run's batches, planned and written side by side: while one batch's statements run (on the writing
 * thread, or in PostgreSQL), the next one is planned against the contacts as they will be once that
 * batch commits (batch-plan.ts). Batches still commit one at a time and in the file's order, and a batch
 * counts in the run's tally only once committed. A row that merges into a contact the batch before is
 * still writing waits for that write; a plan whose numbers someone else gave or took meanwhile is made
 * again inside the write's transaction (batch-apply.ts checks under the numbers' locks).
 */
export function batchPipeline(deps: AppDeps, run: RunContext, tally: RunTally, writer: BatchWriter, after: AfterBatch) {
  const country = deps.config.defaultCountry;
  // A run waiting to try a batch again is alive: without a heartbeat it would show as interrupted after 20 s.
  const beat = () => deps.repos.imports(run.organizationId).update(run.importId, { heartbeat_at: nowIso() });
  const retry = <T>(work: () => Promise<T>) => withBatchRetry(deps, run.importId, work, undefined, beat);
  /** The batch being written: its promise (settled once counted) and the contacts it writes. */
  let writing: Promise<void> = Promise.resolve();
  let pending = new Map<string, PendingContact>();
  /** Moves when a batch wrote other than its plan said: a plan made meanwhile is made again. */
  let surprises = 0;

  const projected = (...tallies: RunTally[]) => progress(tallies.reduce(mergeTally, copyTally(tally)));

  /** Plans in the write's own transaction, with nothing pending: the path of a stale plan. */
  const planAndWrite = (ready: Parameters<typeof planBatch>[2], sorted: RunTally) =>
    deps.repos.transaction(async (repos) => {
      // Under the locks a create of the numbers takes, before their holders are read.
      await repos.contacts(run.organizationId).lockKeys(ready.flatMap((r) => r.written.keys));
      const plan = (await planBatch(repos, run, ready, country)) as BatchPlan;
      const result = await applyPlan(repos, {
        organizationId: run.organizationId,
        importId: run.importId,
        plan,
        progress: projected(sorted, plan.tally),
        groupIds: run.labels?.ids ?? null,
        check: false,
        expect: null,
      });
      return { plan, result };
    });

  /** Counts a committed batch and tells the run's later batches what it wrote. */
  function settle(sorted: RunTally, plan: BatchPlan, result: Extract<ApplyResult, { stale: false }>) {
    const notMerged = new Set(result.notMerged);
    mergeTally(tally, sorted);
    mergeTally(tally, plan.tally);
    countWritten(tally, plan, notMerged, result.groups);
    if (run.labels) {
      for (const key of plan.tooLong) run.labels.tooLong.add(key);
      // Only a committed batch's groups are the run's to find again.
      if (result.groups) for (const [key, id] of result.groups.resolved) run.labels.ids.set(key, id);
    }
    // The run's holders stay exact only if this batch's write followed its plan and nobody else wrote.
    const own = plan.inserts.count + plan.updates.length;
    if (notMerged.size || result.span.from !== run.anchor || result.span.to - result.span.from !== own) {
      forgetHolders(run);
      surprises++;
    } else {
      holdersAfter(run, plan.pending);
      run.anchor = result.span.to;
    }
    // The names of the contacts the run keeps as holders (an office line's); any other is read if met.
    for (const [id, names] of plan.names) {
      const holder = run.people.get(id);
      if (holder && !notMerged.has(id)) holder.names = names;
    }
    pending = new Map();
    after(result.groups);
  }

  return {
    /** Takes the next prepared batch: answers once it is planned and its write has begun. */
    async add(outcomes: RowOutcome[]) {
      const sorted = emptyTally(run.labels !== null);
      const ready = sortOut(outcomes, run.excluded, sorted);
      if (ready.length === 0) {
        await writing;
        mergeTally(tally, sorted);
        return;
      }
      const before = surprises;
      let plan = await retry(() => planBatch(deps.repos, run, ready, country, pending));
      await writing;
      // A row merges into a contact the batch before wrote, or that batch wrote other than planned:
      // planned again, now that it is stored.
      if (plan === "wait" || surprises !== before) plan = (await retry(() => planBatch(deps.repos, run, ready, country))) as BatchPlan;
      const planned = plan;
      pending = new Map(planned.pending.map((c) => [c.id, c]));
      const input = {
        organizationId: run.organizationId,
        importId: run.importId,
        plan: writePlan(planned),
        progress: projected(sorted, planned.tally),
        groupIds: run.labels?.ids ?? null,
        check: true,
        expect: run.anchor,
      };
      writing = (async () => {
        const result = await retry(() => writer.apply(input));
        if (!result.stale) return settle(sorted, planned, result);
        forgetHolders(run);
        const again = await retry(() => planAndWrite(ready, sorted));
        surprises++;
        settle(sorted, again.plan, again.result as Extract<ApplyResult, { stale: false }>);
      })();
      // Awaited by the next batch or by finish(); a failure must not count as unhandled meanwhile.
      writing.catch(() => undefined);
    },
    /** Waits for the last write; throws what failed a batch. */
    finish: () => writing,
    /** Waits for the last write, failed or not (before its writer is closed). */
    settled: () =>
      writing.then(
        () => undefined,
        () => undefined,
      ),
  };
}
