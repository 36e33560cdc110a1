import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fieldListMarkdown } from "./field-doc.js";
import { LIST_FIELDS, SINGLE_FIELDS } from "./fields.js";

describe("the docs' field list", () => {
  it("is the one the field table writes (run `npx tsx scripts/contact-fields-doc.ts` after changing a field)", () => {
    const doc = readFileSync("docs/contacts.md", "utf8");
    const block = /<!-- fields:start -->\n([\s\S]*?)\n<!-- fields:end -->/.exec(doc)?.[1];
    expect(block).toBe(fieldListMarkdown());
  });

  it("names every field of the table with its label", () => {
    const list = fieldListMarkdown();
    for (const field of [...SINGLE_FIELDS, ...LIST_FIELDS]) expect(list).toContain(`| \`${field.key}\` | ${field.label} |`);
  });
});
