import { describe, expect, it } from "vitest";
import { FILE_TOO_LARGE, UNSUPPORTED_FILE, checkImportFile } from "./file-check";

describe("checkImportFile", () => {
  it("accepts .csv and .vcf in any case up to 10MB", () => {
    expect(checkImportFile({ name: "contacts.csv", size: 10 })).toBeNull();
    expect(checkImportFile({ name: "iPhone.VCF", size: 10 * 1024 * 1024 })).toBeNull();
  });

  it("refuses other types and files over 10MB with the server's messages", () => {
    expect(checkImportFile({ name: "contacts.xlsx", size: 10 })).toBe(UNSUPPORTED_FILE);
    expect(checkImportFile({ name: "csv", size: 10 })).toBe(UNSUPPORTED_FILE);
    expect(checkImportFile({ name: "big.csv", size: 10 * 1024 * 1024 + 1 })).toBe(FILE_TOO_LARGE);
  });
});
