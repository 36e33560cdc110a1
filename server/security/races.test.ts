import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

// Two requests on one row at once, for real: both engines, requests in flight together.
describe.each(engines)("concurrent requests on one row (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function setup() {
    t = await createTestApp(engine);
    const owner = await buildUser(t, { email: "owner@example.com" });
    const org = await buildOrg(t, owner.id, "Clinic");
    return { org, cookie: await signIn(t.app, owner.email, owner.password) };
  }

  it("restore racing permanent delete: one of them wins, never both, and the contact counter never drifts", async () => {
    const { org, cookie } = await setup();
    const outcomes = new Set<string>();
    for (let round = 0; round < 40; round++) {
      const created = await send(t.app, "POST", `/api/orgs/${org}/contacts`, {
        cookie,
        body: { first_name: `Round ${round}`, phone: `615555${String(1000 + round)}` },
      });
      const id = created.json.contact.id;
      await send(t.app, "DELETE", `/api/orgs/${org}/contacts/${id}`, { cookie });
      const [restore, purge] = await Promise.all([
        send(t.app, "POST", `/api/orgs/${org}/trash/${id}/restore`, { cookie }),
        send(t.app, "DELETE", `/api/orgs/${org}/trash/${id}`, { cookie }),
      ]);
      const outcome = `${restore.status}/${purge.status}`;
      outcomes.add(outcome);
      expect(["200/404", "404/204"]).toContain(outcome);
      const row = await t.database.db.selectFrom("contacts").select("deleted_at").where("id", "=", id).executeTakeFirst();
      // Restored means it is there and active; purged means it is gone.
      expect(restore.status === 200 ? (row?.deleted_at ?? "active") : row).toBe(restore.status === 200 ? "active" : undefined);
    }
    const actual = await t.database.db
      .selectFrom("contacts")
      .select("id")
      .where("organization_id", "=", org)
      .where("deleted_at", "is", null)
      .execute();
    const counts = await send(t.app, "GET", `/api/orgs/${org}/contacts/counts`, { cookie });
    expect(counts.json.all).toBe(actual.length);
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("the same address invited six times at once: one invitation, the rest 409", async () => {
    const { org, cookie } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: "twin@example.com", role: "staff" } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.json.error.code).toMatch(/^(ALREADY_INVITED|CONFLICT)$/);
    expect(await t.database.db.selectFrom("invitations").select("id").execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom("users").select("id").where("email", "=", "twin@example.com").execute()).toHaveLength(1);
  });

  it("a group deleted while members are added answers 404 or success, never 500, and leaves no orphan link", async () => {
    const { org, cookie } = await setup();
    const contactIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      contactIds.push(
        (await send(t.app, "POST", `/api/orgs/${org}/contacts`, { cookie, body: { first_name: `C${i}`, phone: `61555520${10 + i}` } })).json
          .contact.id,
      );
    }
    for (let round = 0; round < 20; round++) {
      const group = (await send(t.app, "POST", `/api/orgs/${org}/groups`, { cookie, body: { name: `G${round}` } })).json;
      const [add, remove] = await Promise.all([
        send(t.app, "POST", `/api/orgs/${org}/groups/${group.id}/members`, { cookie, body: { contact_ids: contactIds } }),
        send(t.app, "DELETE", `/api/orgs/${org}/groups/${group.id}`, { cookie }),
      ]);
      expect([201, 404]).toContain(add.status);
      expect(remove.status).toBe(204);
    }
    expect(await t.database.db.selectFrom("group_contacts").select("group_id").execute()).toEqual([]);
  });

  it("three undos of one import at once: one undoes it, the others answer 409, and the audit log holds one undo", async () => {
    const { org, cookie } = await setup();
    const api = (method: string, path: string, body?: unknown) => send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
    const existing = (await api("POST", "/contacts", { first_name: "Merged", phone: "6155550300" })).json.contact;
    const run = await api("POST", "/imports/native", {
      mode: "update",
      contacts: [
        { name: ["Merged Person"], tel: ["6155550300"], email: ["merged@example.com"] },
        ...Array.from({ length: 20 }, (_, i) => ({ name: [`New ${i}`], tel: [`61555504${String(i).padStart(2, "0")}`] })),
      ],
    });
    expect(run.json).toMatchObject({ status: "done", imported: 20, merged: 1, canUndo: true });

    const answers = await Promise.all(Array.from({ length: 3 }, () => api("POST", `/imports/${run.json.id}/undo`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.json.error).toEqual({ code: "ALREADY_UNDONE", message: "This import was already undone" });
    }
    const undone = answers.find((a) => a.status === 200)!;
    expect(undone.json).toMatchObject({ canUndo: false, undoReport: { trashed: 20, restored: 1, editedSince: [] } });
    const audit = await api("GET", "/audit?action=IMPORT_UNDONE");
    expect(audit.json.items.map((e: any) => e.newData)).toEqual([{ fileName: "Phone contacts", trashed: 20, restored: 1, editedSince: 0 }]);
    // The merged contact got its values back once: one version for the merge, one for the undo.
    const merged = (await api("GET", `/contacts/${existing.id}`)).json;
    expect(merged).toMatchObject({ email: null, version: existing.version + 2 });
    expect((await api("GET", "/contacts/counts")).json.all).toBe(1);
  });

  it("an undo that fails part-way lets go of its claim, so the undo can be tried again", async () => {
    const { org, cookie } = await setup();
    const api = (method: string, path: string, body?: unknown) => send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
    await api("POST", "/contacts", { first_name: "Merged", phone: "6155550300" });
    const run = await api("POST", "/imports/native", {
      mode: "update",
      contacts: [{ name: ["Merged Person"], tel: ["6155550300"], email: ["merged@example.com"] }],
    });
    // A fault while the merged contacts get their values back (here: a change record that cannot be read).
    const changes = () => t.database.db.updateTable("import_changes").where("import_id", "=", run.json.id);
    const { previous } = await t.database.db
      .selectFrom("import_changes")
      .select("previous")
      .where("import_id", "=", run.json.id)
      .executeTakeFirstOrThrow();
    await changes().set({ previous: "{not json" }).execute();
    expect((await api("POST", `/imports/${run.json.id}/undo`)).status).toBe(500);
    expect((await api("GET", `/imports/${run.json.id}`)).json).toMatchObject({ undoneAt: null, canUndo: true });

    await changes().set({ previous }).execute();
    const retried = await api("POST", `/imports/${run.json.id}/undo`);
    expect(retried.status).toBe(200);
    expect(retried.json.undoReport).toEqual({ trashed: 0, restored: 1, editedSince: [] });
    expect((await api("GET", "/audit?action=IMPORT_UNDONE")).json.items).toHaveLength(1);
  });
});
