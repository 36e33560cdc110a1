import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_SORTS, RECENT_DAYS } from "../../shared/contact-schemas.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

// Recent is read from its own index and sorted (migration 0061); whatever the order, it must be exactly
// the contacts opened in the last RECENT_DAYS, in the order the whole list has them, and page like it.
const PEOPLE: [first: string, last: string | null, favorite?: boolean][] = [
  ["Ann", "Zed"],
  ["ann", "Lee", true],
  ["Ann", "Lee"],
  ["Bob", "Adams"],
  ["carl", null],
  ["Dora", null, true],
  ["Émile", "Brun"],
  ["Eve", "Lee"],
  ["Finn", "Adams"],
  ["Gus", "Zed"],
];

describe.each(engines)("the Recent filter (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let cookie: string;
  const ids: string[] = [];
  const list = async (query: string) => {
    const res = await send(t.app, "GET", `/api/orgs/${org}/contacts?${query}`, { cookie });
    expect(res.status).toBe(200);
    return res.json as { items: { id: string; last_accessed: string | null }[]; nextCursor: string | null };
  };
  const post = async (path: string, body?: unknown) => {
    const res = await send(t.app, "POST", `/api/orgs/${org}${path}`, { cookie, body });
    expect(res.status).toBeLessThan(300);
    return res.json;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    org = await buildOrg(t, user.id);
    cookie = await signIn(t.app, user.email, user.password);
    let n = 0;
    for (const [first, last, favorite] of PEOPLE) {
      const contact = (await post("/contacts", { first_name: first, last_name: last, phone: `55502000${n++}0` })).contact;
      if (favorite) await post(`/contacts/${contact.id}/favorite`, { is_favorite: true });
      ids.push(contact.id);
    }
  });
  afterAll(() => t?.close());

  it.each(CONTACT_SORTS)("is empty in sort %s while nobody has opened a contact", async (sort) => {
    expect(await list(`filter=recent&sort=${sort}`)).toEqual({ items: [], nextCursor: null });
  });

  describe("after some contacts were opened", () => {
    const opened = [0, 1, 2, 4, 5, 6, 9];
    const recent = () => opened.filter((i) => i !== 9).map((i) => ids[i]!);

    beforeAll(async () => {
      for (const i of opened) await post(`/contacts/${ids[i]}/access`);
      // Opened a day longer ago than Recent reaches: no longer recent.
      const old = new Date(Date.now() - (RECENT_DAYS + 1) * 24 * 3600 * 1000).toISOString();
      for (const i of [3, 8]) await t.repos.contacts(org).update(ids[i]!, { last_accessed: old, accessed_key: old });
      // Opened, then moved to the trash.
      const trashed = await send(t.app, "DELETE", `/api/orgs/${org}/contacts/${ids[9]}`, { cookie });
      expect(trashed.status).toBe(204);
    });

    it.each(CONTACT_SORTS)("holds the recently opened contacts in sort %s, in the whole list's order", async (sort) => {
      const whole = (await list(`sort=${sort}&limit=200`)).items.map((c) => c.id);
      const page = await list(`filter=recent&sort=${sort}&limit=200`);
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((c) => c.id)).toEqual(whole.filter((id) => recent().includes(id)));
      expect(page.items.every((c) => c.last_accessed !== null)).toBe(true);
    });

    it.each(CONTACT_SORTS)("pages through Recent in sort %s with no row skipped or repeated", async (sort) => {
      const whole = (await list(`filter=recent&sort=${sort}&limit=200`)).items.map((c) => c.id);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof list>> = await list(`filter=recent&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        expect(page.items.length).toBeLessThanOrEqual(2);
        paged.push(...page.items.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor && paged.length <= whole.length);
      expect(paged).toEqual(whole);
      expect(paged.length).toBe(recent().length);
    });

    it("counts the same contacts, and narrows a search to them", async () => {
      const counts = await send(t.app, "GET", `/api/orgs/${org}/contacts/counts`, { cookie });
      expect(counts.json.recent).toBe(recent().length);
      const lee = await list(`filter=recent&q=lee`);
      expect(lee.items.map((c) => c.id).sort()).toEqual([ids[1], ids[2]].sort());
    });
  });
});
