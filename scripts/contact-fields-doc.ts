// Writes the field list of docs/contacts.md from the field table (shared/contact-model/fields.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { fieldListMarkdown } from "../shared/contact-model/field-doc.js";

const path = "docs/contacts.md";
const text = readFileSync(path, "utf8");
const next = text.replace(/(<!-- fields:start -->\n)[\s\S]*?(<!-- fields:end -->)/, `$1${fieldListMarkdown()}\n$2`);
writeFileSync(path, next);
console.log(next === text ? `${path} was up to date` : `${path} written`);
