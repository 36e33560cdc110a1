// The field list of docs/contacts.md, written from the field table: the docs never spell it by hand
// (a test compares the two; `npx tsx scripts/contact-fields-doc.ts` writes it).
import { DATE_PROPERTIES, FIRST_ENTRY_FIELDS, LIST_FIELDS, SINGLE_FIELDS } from "./fields.js";

const code = (s: string) => `\`${s}\``;

export function fieldListMarkdown(): string {
  const lines = [
    "| Field | Label | Kind | Limit | vCard | Full CSV column |",
    "|---|---|---|---|---|---|",
    ...SINGLE_FIELDS.map(
      (f) =>
        `| ${code(f.key)} | ${f.label} | one ${f.kind === "text" ? "text" : "line"} | ${f.max} characters | ${f.vcard.property}${
          "component" in f.vcard ? ` (component ${f.vcard.component})` : ""
        } | ${f.csv} |`,
    ),
    ...LIST_FIELDS.map(
      (f) =>
        `| ${code(f.key)} | ${f.label} | list of { ${[...f.parts.map((p) => p.key), "type", "label"].join(", ")} } | ${f.maxEntries} entries | ${
          f.key === "dates" ? `${Object.values(DATE_PROPERTIES).join(", ")}, ${f.vcard.property}` : f.vcard.property
        } | ${f.csv} 1 - ... |`,
    ),
  ];
  const types = LIST_FIELDS.map((f) => `- ${code(f.key)} types: ${f.types.map(code).join(", ")} (default ${code(f.defaultType)})`);
  const flat = Object.entries(FIRST_ENTRY_FIELDS).map(
    ([flat, [list, index, part]]) => `${code(flat)} = ${code(`${list}[${index}].${part}`)}`,
  );
  return [...lines, "", ...types, "", `The spec's flat fields are the first entries: ${flat.join(", ")}.`].join("\n");
}
