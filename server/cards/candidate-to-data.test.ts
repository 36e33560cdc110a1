import { describe, expect, it } from "vitest";
import { type ContactCandidate, emptyCandidate } from "./candidate.js";
import { candidateToData } from "./candidate-to-data.js";
import { OXFORD_WORK_ADDRESS } from "../test/rich-contact.js";

const rules = { requirePhone: true };
const phones = [{ value: "+1 212 555 0100", type: "mobile" as const }];

function candidate(
  singles: ContactCandidate["singles"],
  lists: Partial<ContactCandidate["lists"]> = {},
  more: Partial<ContactCandidate> = {},
) {
  const c = emptyCandidate();
  return { ...c, ...more, singles, lists: { ...c.lists, phones, ...lists } };
}

describe("a row's reason when a value is too long", () => {
  it.each([
    ["notes", { notes: "n".repeat(5001) }, "Notes must be at most 5000 characters"],
    ["a note of twice the limit", { notes: "n".repeat(10_001) }, "Notes must be at most 5000 characters"],
    ["the first name", { first_name: "F".repeat(101) }, "First name must be at most 100 characters"],
    ["the job title", { job_title: "T".repeat(201) }, "Job title must be at most 200 characters"],
  ])("names the field and its limit: %s", (_what, values, message) => {
    expect(candidateToData(candidate(values), rules)).toEqual({ ok: false, message });
  });

  it("names the list of a part that is too long", () => {
    const long = [{ city: "C".repeat(101), type: "home" as const }];
    expect(candidateToData(candidate({ first_name: "Ann" }, { addresses: long }), rules)).toEqual({
      ok: false,
      message: "Address must be at most 100 characters",
    });
  });

  it("takes a value at the limit", () => {
    expect(candidateToData(candidate({ first_name: "Ann", notes: "n".repeat(5000) }), rules)).toMatchObject({ ok: true });
  });
});

describe("phone numbers a spreadsheet turned into numbers", () => {
  it("reads one in scientific notation whose digits all survived, with the '+' the spreadsheet dropped", () => {
    const outcome = candidateToData(candidate({ first_name: "Ann" }, { phones: [{ value: "4.47700900123E+11", type: "mobile" }] }), rules);
    expect(outcome).toMatchObject({ ok: true, data: { phones: [{ value: "+447700900123" }] } });
  });

  it("refuses the row when the spreadsheet cut digits off, rather than storing a wrong number", () => {
    expect(candidateToData(candidate({ first_name: "Ann" }, { phones: [{ value: "4.47701E+11", type: "mobile" }] }), rules)).toEqual({
      ok: false,
      message: "The phone number 4.47701E+11 was shortened by a spreadsheet; format the column as text and export the file again",
    });
  });
});

describe("every value of a rich row is kept", () => {
  it("keeps every phone (the first valid one first), e-mail, address, date, website and custom field", () => {
    const outcome = candidateToData(
      candidate(
        { first_name: "Ann", last_name: "Lee", job_title: "Nurse", nickname: "Annie" },
        {
          phones: [
            { value: "ext 12", type: "work" },
            { value: "+1 212 555 0100", type: "mobile" },
            { value: "+1 212 555 0101", type: "custom", label: "Gate" },
          ],
          emails: [
            { value: "ann@example.com", type: "work" },
            { value: "ann@home.example", type: "home" },
          ],
          addresses: [{ street: "South Parks Road", city: "Oxford", postal_code: "OX1 3QR", country: "United Kingdom", type: "work" }],
          dates: [{ value: "--04-15", type: "birthday" }],
          urls: [{ value: "https://example.com", type: "homepage" }],
          custom_fields: [{ value: "B12", type: "custom", label: "Locker" }],
        },
      ),
      rules,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.data.phones.map((p) => [p.value, p.type, p.label])).toEqual([
      ["+1 212 555 0100", "mobile", null],
      ["ext 12", "work", null],
      ["+1 212 555 0101", "custom", "Gate"],
    ]);
    expect(outcome.data.emails.map((e) => e.value)).toEqual(["ann@example.com", "ann@home.example"]);
    expect(outcome.data.addresses[0]).toEqual(OXFORD_WORK_ADDRESS);
    expect(outcome.data).toMatchObject({
      job_title: "Nurse",
      nickname: "Annie",
      dates: [{ value: "--04-15", type: "birthday", label: null }],
    });
  });

  it("leaves out, with a warning, a value that is not valid for its field, and keeps the person", () => {
    const outcome = candidateToData(
      candidate(
        { first_name: "Ann" },
        { emails: [{ value: "not-an-address", type: "home" }], dates: [{ value: "2026-02-30", type: "birthday" }] },
      ),
      rules,
    );
    expect(outcome).toMatchObject({ ok: true, data: { emails: [], dates: [] } });
    expect(outcome.ok && outcome.warnings).toEqual([
      "'not-an-address' is not a valid e-mail and was left out",
      "'2026-02-30' is not a valid date and was left out",
    ]);
  });

  it("stores a company card as a company contact", () => {
    const outcome = candidateToData(candidate({ company: "Acme Ltd" }, {}, { kind: "company" }), rules);
    expect(outcome).toMatchObject({ ok: true, data: { kind: "company", first_name: "", company: "Acme Ltd" } });
  });
});

describe("the organization's phone rule", () => {
  it("refuses a row without a phone while every contact needs one, and takes it when the organization allows it", () => {
    const noPhone = candidate({ first_name: "Ann" }, { phones: [], emails: [{ value: "ann@example.com", type: "home" }] });
    expect(candidateToData(noPhone, rules)).toEqual({ ok: false, message: "Missing phone number" });
    expect(candidateToData(noPhone, { requirePhone: false })).toMatchObject({
      ok: true,
      data: { phones: [], emails: [{ value: "ann@example.com" }] },
    });
  });
});
