import { describe, expect, it } from "vitest";
import { emptyContactData } from "@shared/contact-model/data-schema";
import { LIST_FIELDS, SINGLE_FIELDS } from "@shared/contact-model/fields";
import {
  changedFields,
  changedKeys,
  contactFormResolver,
  type ContactFormValues,
  type ContactSource,
  formValuesFrom,
} from "./contact-form-values";

const resolve = async (values: ContactFormValues, requirePhone = true) =>
  contactFormResolver({ requirePhone })(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const stored: ContactSource = {
  ...emptyContactData(),
  first_name: "Ada",
  last_name: "Lovelace",
  job_title: "Analyst",
  phones: [
    { value: "(615) 390-6319", type: "mobile", label: null },
    { value: "615 390 0000", type: "custom", label: "Gate" },
    { value: "615 390 1111", type: "work", label: null },
  ],
  emails: [{ value: "ada@example.com", type: "work", label: null }],
  addresses: [
    {
      street: "1 Main St",
      extended: null,
      city: "Nashville",
      region: "TN",
      postal_code: "37201",
      country: null,
      type: "home",
      label: null,
    },
  ],
  dates: [{ value: "--12-10", type: "birthday", label: null }],
};

describe("the contact form's values", () => {
  it("show every single field and list of the field table, empty ones as ''", () => {
    const values = formValuesFrom(stored);
    for (const f of SINGLE_FIELDS) expect(values).toHaveProperty(f.key);
    for (const f of LIST_FIELDS) expect(Array.isArray(values[f.key])).toBe(true);
    expect(values.middle_name).toBe("");
    expect(values.phones[1]).toEqual({ value: "615 390 0000", type: "custom", label: "Gate" });
    expect(values.addresses[0]).toMatchObject({ street: "1 Main St", extended: "", country: "" });
  });

  it("offer one empty phone, e-mail and address row for a new contact, and none of the other lists", () => {
    const values = formValuesFrom(null);
    expect(values.phones).toEqual([{ value: "", type: "mobile", label: "" }]);
    expect(values.emails).toHaveLength(1);
    expect(values.addresses).toHaveLength(1);
    expect(values.urls).toEqual([]);
    expect(values.dates).toEqual([]);
  });

  it("become the API's contact: empty rows dropped, empty fields null, a label only for a custom type", async () => {
    const values = formValuesFrom(null);
    values.first_name = "Grace";
    values.phones = [
      { value: "(615) 390-6319", type: "mobile", label: "typed, then the type changed" },
      { value: "", type: "home", label: "" },
      { value: "555 0100", type: "custom", label: "Boat" },
    ];
    values.dates = [{ value: "1906-12-09", type: "birthday", label: "" }];
    const result = await resolve(values);
    expect(result.errors).toEqual({});
    const output = result.values as Record<string, unknown>;
    expect(output.phones).toEqual([
      { value: "(615) 390-6319", type: "mobile", label: null },
      { value: "555 0100", type: "custom", label: "Boat" },
    ]);
    expect(output.emails).toEqual([]);
    expect(output.addresses).toEqual([]);
    expect(output.last_name).toBeNull();
    expect(output.dates).toEqual([{ value: "1906-12-09", type: "birthday", label: null }]);
  });

  it("keep the spec's messages for the first phone and the name", async () => {
    const empty = await resolve(formValuesFrom(null));
    expect(empty.errors.phones?.[0]?.value?.message).toBe("Phone number is required");
    expect(empty.errors.first_name?.message).toBe("First name or company is required");

    const values = formValuesFrom(null);
    values.first_name = "Short";
    values.phones[0]!.value = "12";
    expect((await resolve(values)).errors.phones?.[0]?.value?.message).toBe("Please enter a valid phone number (7-16 digits)");
  });

  it("accept a contact with only a name when the organization does not require a phone", async () => {
    const values = formValuesFrom(null);
    values.first_name = "Nameonly";
    expect((await resolve(values, false)).errors).toEqual({});
  });

  it("put a message about an entry on the row that holds it, past the empty rows", async () => {
    const values = formValuesFrom(stored);
    values.emails = [
      { value: "", type: "home", label: "" },
      { value: "not an address", type: "work", label: "" },
    ];
    const { errors } = await resolve(values);
    expect(errors.emails?.[1]?.value?.message).toBe("Please enter a valid email address");
    expect(errors.emails?.[0]).toBeUndefined();
  });

  it("send only what changed, a list whole", async () => {
    const initial = formValuesFrom(stored);
    const values = formValuesFrom(stored);
    expect(changedKeys(values, initial)).toEqual([]);
    values.phones.splice(1, 1);
    values.job_title = "Engineer";
    const keys = changedKeys(values, initial);
    expect(keys.sort()).toEqual(["job_title", "phones"]);
    const output = (await resolve(values)).values as Parameters<typeof changedFields>[0];
    expect(changedFields(output, keys)).toEqual({
      job_title: "Engineer",
      phones: [
        { value: "(615) 390-6319", type: "mobile", label: null },
        { value: "615 390 1111", type: "work", label: null },
      ],
    });
  });
});
