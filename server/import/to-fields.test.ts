import { describe, expect, it } from "vitest";
import { candidateToFields } from "./to-fields.js";

const phones = [{ value: "+1 212 555 0100", type: "mobile" as const }];

describe("a row's reason when a value is too long", () => {
  it.each([
    ["notes", { notes: "n".repeat(5001) }, "Notes must be at most 5000 characters"],
    ["a note of twice the limit", { notes: "n".repeat(10_001) }, "Notes must be at most 5000 characters"],
    ["the first name", { first_name: "F".repeat(101) }, "First name must be at most 100 characters"],
    ["the city", { city: "C".repeat(101) }, "City must be at most 100 characters"],
  ])("names the field and its limit: %s", (_what, values, message) => {
    expect(candidateToFields({ phones, ...values })).toEqual({ ok: false, message });
  });

  it("takes a value at the limit", () => {
    expect(candidateToFields({ phones, first_name: "Ann", notes: "n".repeat(5000) })).toMatchObject({ ok: true });
  });
});
