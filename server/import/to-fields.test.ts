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

describe("phone numbers a spreadsheet turned into numbers", () => {
  it("reads one in scientific notation whose digits all survived, with the '+' the spreadsheet dropped", () => {
    expect(candidateToFields({ phones: [{ value: "4.47700900123E+11", type: "mobile" }], first_name: "Ann" })).toMatchObject({
      ok: true,
      fields: { phone: "+447700900123" },
    });
  });

  it("refuses the row when the spreadsheet cut digits off, rather than storing a wrong number", () => {
    expect(candidateToFields({ phones: [{ value: "4.47701E+11", type: "mobile" }], first_name: "Ann" })).toEqual({
      ok: false,
      message: "The phone number 4.47701E+11 was shortened by a spreadsheet; format the column as text and export the file again",
    });
  });

  it("leaves other numbers as written", () => {
    expect(candidateToFields({ phones: [{ value: "+1 212 555 0100", type: "mobile" }], first_name: "Ann" })).toMatchObject({
      fields: { phone: "+1 212 555 0100" },
    });
  });
});
