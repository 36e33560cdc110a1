import { describe, expect, it } from "vitest";
import { emptyContactData } from "./data-schema.js";
import { HISTORY_FIELDS, diffContactData, historyFieldLabel, historyValueText, undoChanges } from "./diff.js";
import { LIST_FIELDS, SINGLE_FIELDS } from "./fields.js";
import type { ContactData } from "./types.js";

const contact = (over: Partial<ContactData>): ContactData => ({ ...emptyContactData(), ...over });

describe("a contact's changes", () => {
  it("names every field of the table, single and list", () => {
    expect(HISTORY_FIELDS).toEqual(["kind", ...SINGLE_FIELDS.map((f) => f.key), ...LIST_FIELDS.map((f) => f.key)]);
  });

  it("lists only the fields that differ, a list whole", () => {
    const before = contact({ first_name: "Ada", phones: [{ value: "555-0101", type: "mobile", label: null }] });
    const after = contact({
      first_name: "Ada",
      job_title: "Countess",
      phones: [
        { value: "555-0101", type: "mobile", label: null },
        { value: "555-0102", type: "work", label: null },
      ],
    });
    expect(diffContactData(before, after)).toEqual([
      { field: "job_title", from: null, to: "Countess" },
      { field: "phones", from: before.phones, to: after.phones },
    ]);
    expect(diffContactData(after, after)).toEqual([]);
  });

  it("reads blank text as empty, and a creation as changes from nothing", () => {
    expect(diffContactData(contact({ notes: "" }), contact({ notes: null }))).toEqual([]);
    expect(diffContactData(null, contact({ first_name: "Ada", kind: "company", company: "Engines" }))).toEqual([
      { field: "kind", from: "person", to: "company" },
      { field: "first_name", from: null, to: "Ada" },
      { field: "company", from: null, to: "Engines" },
    ]);
  });

  it("walks back to an earlier state by undoing the later changes", () => {
    const v1 = contact({ first_name: "Ada", company: "Engines" });
    const v2 = contact({ first_name: "Ada", company: "Analytical", emails: [{ value: "ada@example.com", type: "home", label: null }] });
    const v3 = contact({ first_name: "Augusta", company: "Analytical", emails: v2.emails });
    const back = undoChanges(undoChanges(v3, diffContactData(v2, v3)), diffContactData(v1, v2));
    expect(back).toEqual(v1);
  });

  it("reads as the form names it", () => {
    expect(historyFieldLabel("phones")).toBe("Phone");
    expect(historyFieldLabel("job_title")).toBe("Job title");
    expect(historyValueText("phones", [{ value: "555-0101", type: "mobile", label: null }])).toBe("555-0101 (mobile)");
    expect(historyValueText("custom_fields", [{ value: "B12", type: "custom", label: "Locker" }])).toBe("B12 (Locker)");
    expect(historyValueText("notes", null)).toBe("");
  });
});
