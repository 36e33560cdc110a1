import { describe, expect, it } from "vitest";
import { columnCount, csvTable, initialMapping, mapsAPhone, retarget } from "./csv-layout";

const preview = {
  headers: ["Name", "Phone"],
  mapping: [{ target: "full_name" as const }, { target: "phones" as const, part: "value", entry: 1, type: "work" }],
  sample: [
    ["Name", "Phone"],
    ["Ann Lee", "555 010 1111", "extra"],
    ["Bo Chan", "555 010 2222"],
  ],
};

describe("csv layout", () => {
  it("covers the widest record and keeps a column past the guess as a custom field", () => {
    expect(columnCount(preview)).toBe(3);
    expect(initialMapping(preview)).toEqual([...preview.mapping, { target: "custom", label: "Column 3" }]);
  });

  it("names the columns from the header row, or 'Column N' without one", () => {
    expect(csvTable(preview.sample, 3, true)).toEqual({
      names: ["Name", "Phone", "Column 3"],
      rows: preview.sample.slice(1),
    });
    expect(csvTable(preview.sample, 3, false)).toEqual({ names: ["Column 1", "Column 2", "Column 3"], rows: preview.sample });
  });

  it("keeps an entry and its type within one list, and names a custom field after its column", () => {
    const phone = preview.mapping[1]!;
    expect(retarget(phone, "phones.type", "Phone")).toEqual({ target: "phones", part: "type", entry: 1, type: "work" });
    expect(retarget(phone, "notes", "Phone")).toEqual({ target: "notes" });
    expect(retarget(phone, "custom", "Phone")).toEqual({ target: "custom", label: "Phone" });
    expect(retarget({ target: "notes" }, "addresses.city", "Town")).toEqual({ target: "addresses", part: "city", entry: 1 });
    expect(mapsAPhone([{ target: "notes" }])).toBe(false);
    expect(mapsAPhone(preview.mapping)).toBe(true);
  });
});
