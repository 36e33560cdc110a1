import { describe, expect, it } from "vitest";
import type { OrgActor } from "../../../shared/policy/types.js";
import { previewImport } from "./preview.js";

const ADMIN: OrgActor = { userId: "a", organizationId: "org", role: "admin", isOwner: false };
const bytesOf = (text: string) => new TextEncoder().encode(text);

const GOOGLE = [
  "First Name,Last Name,Birthday,Labels,E-mail 1 - Value,E-mail 2 - Value,Phone 1 - Label,Phone 1 - Value,Address 1 - City,Team",
  "Ada,Lovelace,1815-12-10,Friends,ada@example.com,ada@work.example,Mobile,+44 7700 900001 ::: +44 7700 900002,London,Sales",
  "Cy,Cole,,,cy@example.com,,,,,",
].join("\n");

describe("the import preview", () => {
  it("lists every column with its mapping and shows the first rows as they will be stored", async () => {
    const preview = await previewImport(ADMIN, bytesOf(GOOGLE), "google.csv");
    expect(preview.headers).toHaveLength(10);
    expect(preview.mapping[9]).toEqual({ target: "custom", label: "Team" });
    const [ada, cy] = preview.contacts;
    expect(ada).toMatchObject({ row: "Row 2", error: null, warnings: [], leftOut: [] });
    expect(ada!.data).toMatchObject({
      first_name: "Ada",
      phones: [{ value: "+44 7700 900001" }, { value: "+44 7700 900002" }],
      emails: [{ value: "ada@example.com" }, { value: "ada@work.example" }],
      addresses: [{ city: "London" }],
      dates: [{ value: "1815-12-10", type: "birthday" }],
      custom_fields: [{ label: "Team", value: "Sales" }],
    });
    expect(cy).toMatchObject({ row: "Row 3", data: null, error: "Missing phone number" });
  });

  it("follows the person's mapping: a column left out is counted, not stored", async () => {
    const guessed = await previewImport(ADMIN, bytesOf(GOOGLE), "google.csv");
    const mapping = guessed.mapping.map((column, i) => (i === 9 ? { target: "ignore" as const } : column));
    const preview = await previewImport(ADMIN, bytesOf(GOOGLE), "google.csv", {}, { mapping });
    expect(preview.mapping[9]).toEqual({ target: "ignore", label: "Team" });
    expect(preview.contacts[0]).toMatchObject({ data: { custom_fields: [] }, leftOut: [{ source: "Team", values: 1 }] });
  });
});
