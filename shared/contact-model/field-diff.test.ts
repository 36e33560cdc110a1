import { describe, expect, it } from "vitest";
import { emptyContactData } from "./data-schema.js";
import { changedFields, sameFieldValue, sentFields } from "./field-diff.js";
import type { ContactData } from "./types.js";

const contact = (over: Partial<ContactData> = {}): ContactData => ({
  ...emptyContactData(),
  first_name: "Ada",
  phones: [{ value: "555-0101", type: "mobile", label: null }],
  ...over,
});

describe("field diff", () => {
  it("names nothing for equal contacts, whatever the key order of an entry", () => {
    const reordered = contact({ phones: [{ label: null, type: "mobile", value: "555-0101" }] });
    expect(changedFields(contact(), reordered)).toEqual([]);
  });

  it("names a single field and a whole list as one field each", () => {
    const after = contact({
      notes: "Call after 5",
      phones: [
        { value: "555-0101", type: "mobile", label: null },
        { value: "555-0102", type: "work", label: null },
      ],
    });
    expect(changedFields(contact(), after)).toEqual(["notes", "phones"]);
  });

  it("tells a list's order, a type or a label change apart from no change", () => {
    const two = contact({
      phones: [
        { value: "1", type: "mobile", label: null },
        { value: "2", type: "work", label: null },
      ],
    });
    const swapped = contact({ phones: [two.phones[1]!, two.phones[0]!] });
    expect(changedFields(two, swapped)).toEqual(["phones"]);
    expect(sameFieldValue([{ value: "1", type: "mobile", label: null }], [{ value: "1", type: "home", label: null }])).toBe(false);
    expect(sameFieldValue(null, undefined)).toBe(true);
    expect(sameFieldValue("", null)).toBe(false);
  });

  it("reads the fields a request names: data keys, and a flat field as its list", () => {
    expect(sentFields({ notes: "x", phone: "555", city: "Oslo", version: 3, is_favorite: true })).toEqual(["notes", "phones", "addresses"]);
    expect(sentFields({ emails: [], kind: "company", first_name: undefined })).toEqual(["kind", "emails"]);
  });
});
