import { describe, expect, it } from "vitest";
import { emptyContactData } from "../../../shared/contact-model/data-schema.js";
import type { ContactData } from "../../../shared/contact-model/types.js";
import { columnsOfValues, newContactRow, preparedColumns, rowAndKeysOfData } from "../contact-row.js";
import { packNewRows } from "./new-rows.js";

const ada: ContactData = {
  ...emptyContactData(),
  first_name: "Ada",
  last_name: "Lovelace",
  company: 'The "Analytical" Engine',
  notes: "Line one\nline two, ünïcode",
  phones: [
    { value: "+44 20 7946 0958", type: "work", label: null },
    { value: "(615) 390-6319", type: "custom", label: "Gate" },
  ],
  emails: [{ value: "ada@engine.test", type: "home", label: null }],
  dates: [{ value: "--12-10", type: "birthday", label: null }],
};

describe("a batch's new contacts packed from their prepared values", () => {
  it("hold every column newContactRow gives, with the same values", () => {
    const prepared = preparedColumns(ada, "US");
    const own = { id: "c1", values: prepared.values, vcard_uid: "uid-1", vcard_extra: "X-FOO:bar", photo_etag: null };
    const packed = packNewRows("o1", [own, { ...own, id: "c2", vcard_uid: null, vcard_extra: null }], {
      now: "2026-11-28T10:00:00.000Z",
      importId: "run-1",
    });
    const rows = (JSON.parse(packed.json) as unknown[][]).map((values) => Object.fromEntries(packed.columns.map((c, i) => [c, values[i]])));
    const expected = newContactRow("o1", rowAndKeysOfData(ada, "US").columns, {
      id: own.id,
      vcard_uid: own.vcard_uid,
      vcard_extra: own.vcard_extra,
      photo_etag: own.photo_etag,
      now: "2026-11-28T10:00:00.000Z",
      importId: "run-1",
    });
    expect(packed.count).toBe(2);
    expect(packed.columns.toSorted()).toEqual(Object.keys(expected).toSorted());
    // JSON carries no undefined: a missing value is null, as packContacts writes it.
    expect(rows[0]).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v ?? null])));
    expect(rows[1]).toMatchObject({ id: "c2", vcard_uid: null, vcard_extra: null, first_name: "Ada", phone: "+44 20 7946 0958" });
  });

  it("make one JSON array for a batch of one contact, and for none", () => {
    const own = { id: "c1", values: preparedColumns(ada, "US").values, vcard_uid: null, vcard_extra: null, photo_etag: null };
    const meta = { now: "2026-11-28T10:00:00.000Z", importId: "run-1" };
    const one = JSON.parse(packNewRows("o1", [own], meta).json) as unknown[][];
    expect(one).toHaveLength(1);
    expect(one[0]![0]).toBe("c1");
    expect(JSON.parse(packNewRows("o1", [], meta).json)).toEqual([]);
  });

  it("read back whole for a row that merges", () => {
    const prepared = preparedColumns(ada, "US");
    expect(columnsOfValues(prepared.values)).toEqual(rowAndKeysOfData(ada, "US").columns);
    expect(prepared.names).toEqual({ first_name: "Ada", last_name: "Lovelace", company: 'The "Analytical" Engine' });
    expect(prepared.keys).toEqual(rowAndKeysOfData(ada, "US").keys);
  });

  it("keep every character of accented names and of names beyond Latin-1", () => {
    for (const names of [
      { first_name: "Zoë", last_name: "Müller-Søren" },
      { first_name: "Ζωή", last_name: "李 Nguyễn" },
    ]) {
      const data = { ...ada, ...names, company: "Café Ø", notes: "naïve – “quoted” €5" };
      const prepared = preparedColumns(data, "US");
      expect(columnsOfValues(prepared.values)).toEqual(rowAndKeysOfData(data, "US").columns);
      expect(columnsOfValues(prepared.values)).toMatchObject({ ...names, company: "Café Ø", notes: "naïve – “quoted” €5" });
    }
  });
});
