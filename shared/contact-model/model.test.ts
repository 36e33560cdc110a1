import { describe, expect, it } from "vitest";
import { FIRST_ENTRY_FIELDS, LIST_FIELDS, SINGLE_FIELDS } from "./fields.js";
import { entryKey, planMerge } from "./merge.js";
import { LIST_SCHEMAS, SINGLE_SCHEMAS, isSafeUrl, isValidDateValue } from "./schemas.js";
import type { ContactData } from "./types.js";

const empty = (): ContactData => ({
  ...(Object.fromEntries(SINGLE_FIELDS.map((f) => [f.key, f.key === "first_name" ? "" : null])) as unknown as Omit<ContactData, "kind">),
  phones: [],
  emails: [],
  addresses: [],
  urls: [],
  dates: [],
  custom_fields: [],
  kind: "person",
});

describe("the field table", () => {
  it("covers every spec field: a single field of its own, or the first entry of a list", () => {
    const singles = new Set<string>(SINGLE_FIELDS.filter((f) => "spec" in f).map((f) => f.key));
    const firsts = new Set(Object.keys(FIRST_ENTRY_FIELDS));
    // The spec's contact fields (section 3).
    const spec = ["first_name", "last_name", "company", "email", "phone", "phone_type", "phone2", "phone2_type", "address"];
    spec.push("city", "province_state", "postal_zip_code", "notes");
    expect(spec.filter((f) => !singles.has(f) && !firsts.has(f))).toEqual([]);
    for (const [list, , part] of Object.values(FIRST_ENTRY_FIELDS)) {
      const field = LIST_FIELDS.find((f) => f.key === list);
      expect([...(field?.parts.map((p) => p.key) ?? []), "type"]).toContain(part);
    }
  });

  it("names every field, part and full-CSV column once", () => {
    const keys = [...SINGLE_FIELDS.map((f) => f.key), ...LIST_FIELDS.map((f) => f.key)];
    expect(new Set(keys).size).toBe(keys.length);
    const columns = [...SINGLE_FIELDS.map((f) => f.csv), ...LIST_FIELDS.map((f) => f.csv)];
    expect(new Set(columns).size).toBe(columns.length);
  });
});

describe("the derived schemas", () => {
  it("keeps the spec's limits and messages", () => {
    expect(SINGLE_SCHEMAS.notes.safeParse("x".repeat(5001)).error?.issues[0]?.message).toBe("Must be at most 5000 characters");
    expect(SINGLE_SCHEMAS.first_name.parse(undefined)).toBe("");
    expect(SINGLE_SCHEMAS.nickname.parse("")).toBeNull();
    expect(SINGLE_SCHEMAS.job_title.parse("  <b>Chief</b>   Medical  Officer ")).toBe("bChief/b Medical Officer");
  });

  it("reads entries with their default type and refuses what is not a value of its kind", () => {
    expect(LIST_SCHEMAS.phones.parse([{ value: "+44 20 7946 0958" }])).toEqual([
      { value: "+44 20 7946 0958", type: "mobile", label: null },
    ]);
    expect(LIST_SCHEMAS.emails.safeParse([{ value: "not-an-address" }]).error?.issues[0]?.message).toBe(
      "Please enter a valid email address",
    );
    expect(LIST_SCHEMAS.urls.safeParse([{ value: "javascript:alert(1)" }]).success).toBe(false);
    expect(LIST_SCHEMAS.dates.parse([{ value: "--02-29" }])).toEqual([{ value: "--02-29", type: "birthday", label: null }]);
    expect(LIST_SCHEMAS.dates.safeParse([{ value: "2023-02-29" }]).success).toBe(false);
    expect(LIST_SCHEMAS.addresses.safeParse([{ type: "work" }]).error?.issues[0]?.message).toBe("Enter an address or remove the row");
    expect(LIST_SCHEMAS.phones.safeParse([{ value: "1", type: "satellite" }]).success).toBe(false);
    expect(LIST_SCHEMAS.phones.safeParse(Array.from({ length: 51 }, () => ({ value: "555 0100" }))).success).toBe(false);
  });

  it("tells real dates and safe links", () => {
    expect(["1990-07-14", "--12-31", "2024-02-29", "--02-29"].every(isValidDateValue)).toBe(true);
    expect(["1990-7-14", "2023-02-29", "--13-01", "1990-04-31", ""].some(isValidDateValue)).toBe(false);
    expect(["https://example.org", "example.org/me", "mailto:a@b.c"].every(isSafeUrl)).toBe(true);
    expect(["javascript:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd"].some(isSafeUrl)).toBe(false);
  });
});

describe("the merge plan", () => {
  const existing: ContactData = {
    ...empty(),
    first_name: "Ada",
    last_name: "Lovelace",
    phones: [{ value: "(615) 390-6319", type: "work", label: null }],
    emails: [{ value: "ada@example.org", type: "work", label: null }],
  };

  it("fills empty fields, keeps the contact's own, and adds the entries it lacks after its own", () => {
    const incoming: ContactData = {
      ...empty(),
      first_name: "Augusta",
      job_title: "Analyst",
      phones: [
        { value: "+1 615 390 6319", type: "mobile", label: null },
        { value: "+44 20 7946 0958", type: "home", label: null },
      ],
      emails: [{ value: "ADA@example.org", type: "home", label: null }],
    };
    const plan = planMerge(existing, incoming, "fill", "US");
    expect(plan.result.first_name).toBe("Ada");
    expect(plan.result.job_title).toBe("Analyst");
    expect(plan.result.phones.map((p) => p.value)).toEqual(["(615) 390-6319", "+44 20 7946 0958"]);
    expect(plan.result.phones[0]!.type).toBe("work");
    expect(plan.result.emails).toHaveLength(1);
    expect(plan.changed).toEqual(["job_title", "phones"]);
    expect(plan.notApplied).toEqual(["first_name"]);
  });

  it("in update mode takes the incoming values and types, and still loses no entry", () => {
    const incoming: ContactData = {
      ...empty(),
      first_name: "Augusta",
      phones: [{ value: "615-390-6319", type: "mobile", label: null }],
    };
    const plan = planMerge(existing, incoming, "update", "US");
    expect(plan.result.first_name).toBe("Augusta");
    expect(plan.result.phones).toEqual([{ value: "(615) 390-6319", type: "mobile", label: null }]);
    expect(plan.result.emails).toEqual(existing.emails);
    expect(plan.changed).toEqual(["first_name", "phones"]);
  });

  it("changes nothing when the incoming record says nothing new", () => {
    const plan = planMerge(
      existing,
      { ...empty(), first_name: "Ada", phones: [{ value: "6153906319", type: "work", label: null }] },
      "fill",
      "US",
    );
    expect(plan.changed).toEqual([]);
    expect(plan.result).toEqual(existing);
  });

  it("compares entries by what they are, not by how they were typed", () => {
    expect(entryKey("phones", { value: "+1 (615) 390-6319" }, "US")).toBe(entryKey("phones", { value: "615.390.6319" }, "US"));
    expect(entryKey("addresses", { street: "South Parks Road", city: "Oxford" }, "US")).toBe(
      entryKey("addresses", { street: "south parks road,", city: "OXFORD" }, "US"),
    );
    expect(entryKey("emails", { value: "Ada@Example.org " }, "US")).toBe("ada@example.org");
  });
});
