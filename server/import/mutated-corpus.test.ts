import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { candidateToData } from "../cards/candidate-to-data.js";
import { csvLayout, preparedRows, readImportFile, rowCount } from "./read-file.js";

// Files nobody has seen yet are mostly real exports damaged on the way: cut short by a mail client,
// a byte flipped, a line lost or doubled, a stray quote or soft line break. Each file of the corpus is
// damaged in such ways, the same ways on every run (a seeded generator), and must still be read to the
// end: refused as a whole with the spec's message, or every contact imported or refused with its own.
const CORPUS = join(import.meta.dirname, "../../../shared/testdata/real-world");
const MUTATIONS_PER_FILE = 8;
const REFUSALS = /^(Failed to parse (CSV|vCard) file|Only \.csv and \.vcf files can be imported)$/;
const FRAGMENTS = [
  "=\r\n",
  "BEGIN:VCARD\r\n",
  "END:VCARD\r\n",
  ";CHARSET=SHIFT_JIS",
  ";ENCODING=QUOTED-PRINTABLE:",
  "=E9=",
  '"',
  '""',
  "\r",
  "\t",
  "item1.TEL:",
];

function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % below;
  };
}

function damage(bytes: Uint8Array, next: (below: number) => number): Uint8Array {
  const out = Array.from(bytes);
  const kind = next(6);
  for (let n = 1 + next(6); n > 0; n--) {
    const at = next(out.length + 1);
    if (kind === 0) out.length = at;
    else if (kind === 1) out[at] = next(256);
    else if (kind === 2) out.splice(at, next(200));
    else if (kind === 3) out.splice(at, 0, ...out.slice(next(out.length + 1)).slice(0, next(300)));
    else out.splice(at, 0, ...Buffer.from(FRAGMENTS[next(FRAGMENTS.length)]!));
  }
  return Uint8Array.from(out);
}

describe("damaged copies of the real-world corpus", () => {
  const files = readdirSync(CORPUS, { recursive: true, encoding: "utf8" }).filter((f) => /\.(vcf|csv)$/i.test(f));
  const seedOf = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) & 0x7fffffff, 7);

  it.each(files)("%s: refused whole with the spec's message, or every contact read with its own outcome", async (name) => {
    const original = readFileSync(join(CORPUS, name));
    const next = generator(seedOf(name));
    for (let i = 0; i < MUTATIONS_PER_FILE; i++) {
      const bytes = damage(original, next);
      let file;
      try {
        file = await readImportFile(bytes, name);
      } catch (error) {
        expect((error as Error).message, `${name}, copy ${i}`).toMatch(REFUSALS);
        continue;
      }
      const layout = file.format === "csv" ? csvLayout(file.head) : undefined;
      let rows = 0;
      for await (const row of preparedRows(file, layout)) {
        rows++;
        expect(row.label).toMatch(/^(Row|Contact) \d+$/);
        const outcome = candidateToData(row.candidate, { requirePhone: true });
        if (!outcome.ok) expect(outcome.message.length).toBeGreaterThan(0);
      }
      // The count the progress bar divides by, taken before the import, is what the import then reads.
      expect({ name, copy: i, total: rowCount(file, layout) }).toEqual({ name, copy: i, total: rows });
    }
  });
});
