import { describe, expect, it } from "vitest";
import { columnCount, csvTable, initialMapping, mapsAPhone, retarget } from "./csv-layout";

const preview = {
  headers: ["Name", "Phone"],
  mapping: [{ target: "full_name" as const }, { target: "phone" as const, phoneType: "work" as const }],
  sample: [
    ["Name", "Phone"],
    ["Ann Lee", "555 010 1111", "extra"],
    ["Bo Chan", "555 010 2222"],
  ],
};

describe("csv layout", () => {
  it("covers the widest record and pads the guess with 'ignore'", () => {
    expect(columnCount(preview)).toBe(3);
    expect(initialMapping(preview)).toEqual([...preview.mapping, { target: "ignore" }]);
  });

  it("names the columns from the header row, or 'Column N' without one", () => {
    expect(csvTable(preview.sample, 3, true)).toEqual({
      names: ["Name", "Phone", "Column 3"],
      rows: preview.sample.slice(1),
    });
    expect(csvTable(preview.sample, 3, false)).toEqual({ names: ["Column 1", "Column 2", "Column 3"], rows: preview.sample });
  });

  it("keeps a phone type only on phone targets", () => {
    expect(retarget({ target: "phone", phoneType: "work" }, "phone2")).toEqual({ target: "phone2", phoneType: "work" });
    expect(retarget({ target: "phone", phoneType: "work" }, "notes")).toEqual({ target: "notes" });
    expect(mapsAPhone([{ target: "notes" }])).toBe(false);
    expect(mapsAPhone(preview.mapping)).toBe(true);
  });
});
