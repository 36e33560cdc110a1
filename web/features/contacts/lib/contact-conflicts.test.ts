import { describe, expect, it } from "vitest";
import { emptyContactData } from "@shared/contact-model/data-schema";
import { describeFieldValue, rebaseForm } from "./contact-conflicts";
import { type ContactSource, formValuesFrom } from "./contact-form-values";

const opened: ContactSource = {
  ...emptyContactData(),
  first_name: "Cora",
  notes: null,
  job_title: "Clerk",
  phones: [{ value: "(555) 010-2000", type: "mobile", label: null }],
};

describe("rebasing an edit form onto someone else's save", () => {
  const initial = formValuesFrom(opened);
  const typed = {
    ...initial,
    notes: "Call after 5",
    phones: [{ value: "(555) 010-2999", type: "mobile", label: "" }],
  };

  it("keeps every typed field, takes theirs for the others, and names only the fields both changed", () => {
    const theirs = formValuesFrom({ ...opened, job_title: "Buyer", phones: [{ value: "(555) 010-3000", type: "work", label: null }] });
    const { values, conflicts } = rebaseForm(typed, initial, theirs);
    expect(values.notes).toBe("Call after 5");
    expect(values.job_title).toBe("Buyer");
    expect(values.phones).toEqual(typed.phones);
    expect(conflicts).toEqual(["phones"]);
  });

  it("does not ask when both typed the same value", () => {
    const theirs = formValuesFrom({ ...opened, notes: "Call after 5" });
    expect(rebaseForm(typed, initial, theirs).conflicts).toEqual([]);
  });
});

describe("a field's value in words", () => {
  it("reads text, lists with their types, and empty", () => {
    expect(describeFieldValue("notes", "Hi")).toBe("Hi");
    expect(describeFieldValue("notes", "")).toBe("(empty)");
    expect(describeFieldValue("phones", [{ value: "(555) 010-2000", type: "mobile", label: "" }])).toBe("(555) 010-2000 (Mobile)");
    expect(describeFieldValue("emails", [])).toBe("(empty)");
  });
});
