import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONTACT_RULES } from "../../../shared/contact-model/data-schema.js";
import { newId, nowIso } from "../../db/ids.js";
import { csvLayout, preparedRows, readImportFile } from "../../import/read-file.js";
import type { MemberActor } from "../../../shared/policy/types.js";
import { buildOrg, buildUser } from "../../test/factories.js";
import { type TestApp, createTestApp, engines } from "../../test/harness.js";
import { createContact, updateContact } from "../contacts.js";
import { applyPlan } from "./batch-apply.js";
import { type BatchPlan, planBatch, sortOut } from "./batch-plan.js";
import { batchPipeline } from "./pipeline.js";
import { type RowOutcome, prepareBatch } from "./prepare.js";
import { type RunContext, runContext } from "./run-context.js";
import { emptyTally, progress } from "./tally.js";
import { type BatchWriter, inProcessWriter } from "./writer-thread.js";

// The import's batches are planned outside the transaction that writes them (pipeline.ts). These
// tests give a batch's number to someone else between its plan and its write, as a person saving a
// contact during a large import would, and check that no twin is made.

describe.each(engines)("an import batch planned before its write (%s)", (engine) => {
  let t: TestApp;
  let actor: MemberActor;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const organizationId = await buildOrg(t, user.id);
    actor = { userId: user.id, organizationId, role: "admin", isOwner: true };
  });
  afterAll(() => t.close());

  async function newRun() {
    const id = newId();
    const now = nowIso();
    await t.repos.imports(actor.organizationId).insert({
      id,
      organization_id: actor.organizationId,
      user_id: actor.userId,
      format: "csv",
      file_name: "people.csv",
      mode: "fill",
      status: "running",
      total: 0,
      headers: null,
      ...progress(emptyTally()),
      heartbeat_at: now,
      created_at: now,
    });
    return runContext({
      organizationId: actor.organizationId,
      importId: id,
      mode: "fill",
      labels: null,
      excluded: new Set(),
      by: actor.userId,
    });
  }

  async function outcomesOf(csv: string): Promise<RowOutcome[]> {
    const file = await readImportFile(new TextEncoder().encode(csv), "people.csv");
    const rows = [];
    for await (const row of preparedRows(file, file.format === "csv" ? csvLayout(file.head) : undefined)) rows.push(row);
    return prepareBatch(rows, t.config.defaultCountry, DEFAULT_CONTACT_RULES);
  }

  /** Writes a plan made outside the write, as a run whose book someone else changed meanwhile. */
  const writeChecked = (run: RunContext, plan: BatchPlan) =>
    t.repos.transaction((repos) =>
      applyPlan(repos, {
        organizationId: actor.organizationId,
        importId: run.importId,
        plan,
        progress: progress(plan.tally),
        groupIds: null,
        check: true,
        expect: null,
      }),
    );

  const holders = async (digits: string) =>
    (await t.repos.contacts(actor.organizationId).keyContacts([{ kind: "phone", key: digits }])).map((h) => h.contact_id);

  it("writes nothing from a plan whose number someone saved meanwhile, and says the plan is stale", async () => {
    const run = await newRun();
    const ready = sortOut(await outcomesOf("Name,Phone\nAnn Lee,+1 415 555 0101\n"), run.excluded, emptyTally());
    const plan = (await planBatch(t.repos, run, ready, t.config.defaultCountry)) as BatchPlan;
    expect(plan.inserts.count).toBe(1);
    const saved = (await createContact(t.deps, actor, { first_name: "Ann", last_name: "Lee", phone: "+1 415 555 0101" })).contact;
    const result = await writeChecked(run, plan);
    expect(result).toEqual({ stale: true });
    expect(await holders("4155550101")).toEqual([saved.id]);
  });

  it("writes a plan when someone saved a contact with other numbers meanwhile", async () => {
    const run = await newRun();
    const ready = sortOut(await outcomesOf("Name,Phone\nEd Fox,+1 415 555 0111\n"), run.excluded, emptyTally());
    const plan = (await planBatch(t.repos, run, ready, t.config.defaultCountry)) as BatchPlan;
    await createContact(t.deps, actor, { first_name: "Flo", last_name: "Gu", phone: "+1 415 555 0112" });
    const result = await writeChecked(run, plan);
    expect(result.stale).toBe(false);
    expect(await holders("4155550111")).toEqual([plan.pending[0]!.id]);
  });

  it("merges a row into the contact someone saved with its number between the plan and the write", async () => {
    const run = await newRun();
    const tally = emptyTally();
    let saved: { id: string } | undefined;
    const inner = inProcessWriter(t.deps);
    // The person saves Bo Chen just as the import's first write begins.
    const writer: BatchWriter = {
      async apply(input) {
        saved ??= (await createContact(t.deps, actor, { first_name: "Bo", last_name: "Chen", phone: "+1 415 555 0102" })).contact;
        return inner.apply(input);
      },
      close: () => inner.close(),
    };
    const pipeline = batchPipeline(t.deps, run, tally, writer, () => undefined);
    await pipeline.add(await outcomesOf("Name,Phone,E-mail\nBo Chen,+1 415 555 0102,bo@example.com\nCy Dunn,+1 415 555 0103,\n"));
    await pipeline.finish();
    expect(tally).toMatchObject({ processed: 2, imported: 1, merged: 1, failed: 0 });
    expect(await holders("4155550102")).toEqual([saved!.id]);
    const bo = await t.repos.contacts(actor.organizationId).findMany([saved!.id]);
    expect(bo[0]!.email).toBe("bo@example.com");
    expect(await holders("4155550103")).toHaveLength(1);
  });

  it("reads an office line's holders again when someone else gave it to a contact between two batches", async () => {
    const run = await newRun();
    const tally = emptyTally();
    const pipeline = batchPipeline(t.deps, run, tally, inProcessWriter(t.deps), () => undefined);
    await createContact(t.deps, actor, { first_name: "Ida", last_name: "Jo", phone: "+1 415 555 0120" });
    await pipeline.add(await outcomesOf("Name,Phone\nGil Ho,+1 415 555 0120\n"));
    await pipeline.finish();
    // The run now knows the line's holders (Ida, and Gil it created); Kai joins them behind its back.
    const kai = (await createContact(t.deps, actor, { first_name: "Kai", last_name: "Lu", phone: "+1 415 555 0120" }, "new")).contact;
    await pipeline.add(await outcomesOf("Name,Phone,E-mail\nKai Lu,+1 415 555 0120,kai@example.com\n"));
    await pipeline.finish();
    expect(tally).toMatchObject({ processed: 2, imported: 1, merged: 1 });
    expect(await holders("4155550120")).toHaveLength(3);
    expect((await t.repos.contacts(actor.organizationId).findMany([kai.id]))[0]!.email).toBe("kai@example.com");
  });

  it("leaves a contact someone edited between the plan and the write as they left it, and counts the row as failed", async () => {
    const run = await newRun();
    const tally = emptyTally();
    const eve = (await createContact(t.deps, actor, { first_name: "Eve", last_name: "Fry", phone: "+1 415 555 0130" })).contact;
    const inner = inProcessWriter(t.deps);
    let edited = false;
    // A colleague saves Eve's notes just as the import's write begins.
    const writer: BatchWriter = {
      async apply(input) {
        if (!edited) await updateContact(t.deps, actor, eve.id, eve.version, { notes: "Call after 5" });
        edited = true;
        return inner.apply(input);
      },
      close: () => inner.close(),
    };
    const pipeline = batchPipeline(t.deps, run, tally, writer, () => undefined);
    await pipeline.add(await outcomesOf("Name,Phone,E-mail\nEve Fry,+1 415 555 0130,eve@example.com\n"));
    await pipeline.finish();
    const reason = [{ row: "-", message: "Eve Fry was being edited and was not merged; import the file again" }];
    expect(tally).toMatchObject({ processed: 1, merged: 0, failed: 1, errors: reason });
    const [stored] = await t.repos.contacts(actor.organizationId).findMany([eve.id]);
    expect(stored).toMatchObject({ notes: "Call after 5", email: null });
    const record = await t.database.db.selectFrom("imports").selectAll().where("id", "=", run.importId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ merged: 0, failed: 1 });
    expect(JSON.parse(record.errors)).toEqual(reason);
  });

  it("counts a batch in the run's tally only once it is written, in the file's order", async () => {
    const run = await newRun();
    const tally = emptyTally();
    const seen: number[] = [];
    const pipeline = batchPipeline(t.deps, run, tally, inProcessWriter(t.deps), () => seen.push(tally.processed));
    // The second batch's row is the first's person again: it waits for the first write, then merges.
    await pipeline.add(await outcomesOf("Name,Phone\nDee Ek,+1 415 555 0104\n"));
    await pipeline.add(await outcomesOf("Name,Phone,E-mail\nDee Ek,+1 415 555 0104,dee@example.com\nNo Number,,\n"));
    await pipeline.finish();
    expect(seen).toEqual([1, 3]);
    expect(tally).toMatchObject({ processed: 3, imported: 1, merged: 1, failed: 1 });
    const [id] = await holders("4155550104");
    expect((await t.repos.contacts(actor.organizationId).findMany([id!]))[0]!.email).toBe("dee@example.com");
    const record = await t.database.db.selectFrom("imports").selectAll().where("id", "=", run.importId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ processed: 3, imported: 1, merged: 1, failed: 1 });
  });
});
