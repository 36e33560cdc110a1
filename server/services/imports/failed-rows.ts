import Papa from "papaparse";
import type { AppDeps } from "../../deps.js";
import { csvCell } from "../../import/csv-cell.js";
import { type OrgActor, authorize } from "../../policies/authorize.js";
import { findRun, parseJson } from "./view.js";

/** The rows that failed, as a CSV to fix and import again: the file's own columns plus the reason. */
export async function failedRowsCsv(deps: AppDeps, actor: OrgActor, id: string): Promise<{ fileName: string; csv: string }> {
  authorize(actor, "contacts.import");
  const row = await findRun(deps, actor, id);
  const failed = parseJson<string[][]>(row.failed_rows, []);
  const errors = parseJson<{ row: string; message: string }[]>(row.errors, []).filter((e) => e.row !== "-");
  const reason = (i: number) => errors[i]?.message ?? "";
  let table: string[][];
  if (row.format === "csv") {
    const headers = parseJson<string[] | null>(row.headers, null);
    const width = Math.max(headers?.length ?? 0, ...failed.map((r) => r.length));
    const head = headers ?? Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
    table = [[...head, "Error"], ...failed.map((r, i) => [...r, ...Array(Math.max(0, width - r.length)).fill(""), reason(i)])];
  } else {
    table = [["Contact", "Error"], ...failed.map((lines, i) => [lines.join("\n"), reason(i)])];
  }
  const base = row.file_name.replace(/\.[^.]+$/, "") || "import";
  return {
    fileName: `${base}-failed-rows.csv`,
    csv: Papa.unparse(
      table.map((r) => r.map(csvCell)),
      { newline: "\r\n" },
    ),
  };
}
