import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { csvOf, upload } from "../test/uploads.js";

const GOOGLE = ["First Name", "Last Name", "Phone 1 - Label", "Phone 1 - Value", "Labels"];

const vcard = (name: string, tel: string, categories: string) =>
  ["BEGIN:VCARD", "VERSION:3.0", `FN:${name}`, `N:${name.split(" ")[1]};${name.split(" ")[0]};;;`, `TEL;TYPE=CELL:${tel}`]
    .concat(categories ? [`CATEGORIES:${categories}`] : [], ["END:VCARD"])
    .join("\r\n");

describe.each(engines)("import labels as groups (%s)", (engine) => {
  let t: TestApp;
  let ownerId: string;
  let owner: string;
  let staff: string;
  let staffId: string;
  let serial = 0;
  /** A phone number no other test uses. */
  const phone = () => `+1 212 555 ${String(3000 + ++serial).padStart(4, "0")}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const o = await buildUser(t);
    const s = await buildUser(t);
    ownerId = o.id;
    staffId = s.id;
    owner = await signIn(t.app, o.email, o.password);
    staff = await signIn(t.app, s.email, s.password);
  });
  afterAll(() => t?.close());

  /** An organization of its own for each test: its groups are the test's alone. */
  async function newOrg() {
    const org = await buildOrg(t, ownerId, `Labels ${++serial}`);
    await addMember(t, org, staffId, "staff");
    const api = (method: string, path: string, body?: unknown, cookie = staff) =>
      send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
    const importFile = (bytes: string, name: string, fields: Record<string, string> = {}, cookie = staff) =>
      upload(t.app, `/api/orgs/${org}/imports`, { bytes, name }, fields, cookie);
    const preview = (bytes: string, name: string) => upload(t.app, `/api/orgs/${org}/imports/preview`, { bytes, name }, {}, staff);
    const groups = async () => ((await api("GET", "/groups?limit=100")).json.items as any[]).map((g) => ({ id: g.id, name: g.name }));
    const members = async (groupId: string) =>
      ((await api("GET", `/groups/${groupId}/members?limit=100`)).json.items as any[]).map((m) => m.contact_name as string).sort();
    return { api, importFile, preview, groups, members };
  }

  it("adds a Google export's contacts to the groups its labels name, reusing a group of another case", async () => {
    const { api, importFile, preview, groups, members } = await newOrg();
    const choir = (await api("POST", "/groups", { name: "choir", description: null })).json;
    const known = phone();
    const existing = (await api("POST", "/contacts", { first_name: "Known", last_name: "Singer", phone: known })).json.contact;
    const csv = csvOf(GOOGLE, [
      { "First Name": "Ann", "Last Name": "Alto", "Phone 1 - Value": phone(), Labels: "Choir ::: Volunteers" },
      { "First Name": "Ben", "Last Name": "Bass", "Phone 1 - Value": phone(), Labels: "volunteers ::: * myContacts" },
      { "First Name": "Known", "Last Name": "Singer", "Phone 1 - Value": known, Labels: "CHOIR" },
      { "First Name": "Cat", "Last Name": "Plain", "Phone 1 - Value": phone() },
    ]);

    const seen = await preview(csv, "google.csv");
    expect(seen.status).toBe(200);
    expect(seen.json.categories).toEqual(["Choir", "Volunteers"]);

    const run = await importFile(csv, "google.csv", { categoriesAsGroups: "true" });
    expect(run.status).toBe(201);
    expect(run.json).toMatchObject({ status: "done", imported: 3, merged: 1, groups: { created: 1, added: 4 } });

    const all = await groups();
    expect(all.map((g) => g.name)).toEqual(["choir", "Volunteers"]);
    expect(all[0]!.id).toBe(choir.id);
    expect(await members(choir.id)).toEqual(["Ann Alto", "Known Singer"]);
    expect(await members(all[1]!.id)).toEqual(["Ann Alto", "Ben Bass"]);

    // Undo: the run's contacts go to the trash, and the contact that was there before leaves the group it joined.
    const undone = await api("POST", `/imports/${run.json.id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.json.undoReport).toMatchObject({ trashed: 3, leftGroups: 1 });
    expect(await members(choir.id)).toEqual([]);
    expect((await api("GET", `/contacts/${existing.id}/groups`)).json.items).toEqual([]);
    // The group the run created stays; its members come back with a restore from the trash.
    expect((await groups()).map((g) => g.name)).toEqual(["choir", "Volunteers"]);
  });

  it("adds a vCard file's contacts to the groups its CATEGORIES name", async () => {
    const { api, importFile, preview, groups, members } = await newOrg();
    const choir = (await api("POST", "/groups", { name: "CHOIR", description: null })).json;
    const file = [vcard("Dora Descant", phone(), "Choir,Staff"), vcard("Eli Tenor", phone(), "staff"), vcard("Fay None", phone(), "")].join(
      "\r\n",
    );

    expect((await preview(file, "people.vcf")).json.categories).toEqual(["Choir", "Staff"]);
    const run = await importFile(file, "people.vcf", { categoriesAsGroups: "true" });
    expect(run.status).toBe(201);
    expect(run.json).toMatchObject({ imported: 3, groups: { created: 1, added: 3 } });

    const all = await groups();
    expect(all.map((g) => g.name)).toEqual(["CHOIR", "Staff"]);
    expect(await members(choir.id)).toEqual(["Dora Descant"]);
    expect(await members(all[1]!.id)).toEqual(["Dora Descant", "Eli Tenor"]);

    // The same file again: every contact merges, the groups and memberships are already there.
    const again = await importFile(file, "people.vcf", { categoriesAsGroups: "true" });
    expect(again.json).toMatchObject({ merged: 3, groups: { created: 0, added: 0 } });
    expect((await groups()).length).toBe(2);
  });

  it("finds a label's group once for a file of several batches", async () => {
    const { api, importFile, groups, members } = await newOrg();
    const rows = Array.from({ length: 2100 }, (_, i) => ({
      "First Name": `Many${i}`,
      "Last Name": "Rows",
      "Phone 1 - Value": `+1 646 555 ${String(i).padStart(4, "0")}`,
      Labels: i % 2 ? "Bulk" : "bulk ::: Odd",
    }));
    let run = (await importFile(csvOf(GOOGLE, rows), "many.csv", { categoriesAsGroups: "true" })).json;
    // A large file answers while it runs: follow it as the screens do.
    for (let i = 0; run.status === "running" && i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (await api("GET", `/imports/${run.id}`)).json;
    }
    expect(run).toMatchObject({ status: "done", imported: 2100, groups: { created: 2, added: 3150 } });
    const all = await groups();
    expect(all.map((g) => g.name)).toEqual(["bulk", "Odd"]);
    expect((await members(all[0]!.id)).length).toBe(100);
  });

  it("makes no group without the option", async () => {
    const { importFile, groups } = await newOrg();
    const csv = csvOf(GOOGLE, [{ "First Name": "Gil", "Last Name": "Solo", "Phone 1 - Value": phone(), Labels: "Choir ::: Volunteers" }]);
    const run = await importFile(csv, "google.csv");
    expect(run.json).toMatchObject({ imported: 1, groups: null });
    expect(await groups()).toEqual([]);
    const off = await importFile(
      csvOf(GOOGLE, [{ "First Name": "Hal", "Last Name": "Solo", "Phone 1 - Value": phone(), Labels: "Choir" }]),
      "google.csv",
      { categoriesAsGroups: "false" },
    );
    expect(off.json).toMatchObject({ imported: 1, groups: null });
    expect(await groups()).toEqual([]);
  });

  it("leaves out a label longer than a group name may be, and says so once", async () => {
    const { importFile, groups } = await newOrg();
    const long = "L".repeat(101);
    const csv = csvOf(GOOGLE, [
      { "First Name": "Ida", "Last Name": "Long", "Phone 1 - Value": phone(), Labels: `${long} ::: Short` },
      { "First Name": "Jo", "Last Name": "Long", "Phone 1 - Value": phone(), Labels: long },
    ]);
    const run = await importFile(csv, "long.csv", { categoriesAsGroups: "true" }, owner);
    expect(run.json).toMatchObject({ imported: 2, groups: { created: 1, added: 1 } });
    expect((await groups()).map((g) => g.name)).toEqual(["Short"]);
    const said = (run.json.notices as { message: string }[]).filter((n) => n.message.includes("longer than 100 characters"));
    expect(said).toHaveLength(1);
  });
});
