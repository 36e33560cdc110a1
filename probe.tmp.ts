import { readFileSync } from "node:fs";
import { readImportFile, csvLayout, preparedRows } from "./server/import/read-file.js";
import { candidateToFields } from "./server/import/to-fields.js";
for (const f of process.argv.slice(2)) {
  try {
  const file = readImportFile(new Uint8Array(readFileSync(f)), f);
  const layout = file.format === "csv" ? csvLayout(file.records) : undefined;
  console.log("==", f.split("real-world/")[1], file.format, file.encoding, file.format==="csv" ? JSON.stringify(file.records.slice(0,3)).slice(0,300) : "");
  for (const r of [...preparedRows(file, layout)].slice(0,4)) { const o = candidateToFields(r.candidate); console.log("  ", r.label, JSON.stringify(r.candidate).slice(0,250), o.ok ? "OK "+JSON.stringify([o.fields.first_name,o.fields.last_name,o.fields.phone,o.fields.phone_type]) : o.message); }
  } catch (e) { console.log("==", f.split("real-world/")[1], "ERR", (e as Error).message); }
}
