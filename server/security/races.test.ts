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
});
