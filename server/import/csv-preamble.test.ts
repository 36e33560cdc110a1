import { describe, expect, it } from "vitest";
import { recordsAboveHeader } from "./csv-preamble.js";

const LINKEDIN_HEADER = ["First Name", "Last Name", "URL", "Email Address", "Company", "Position", "Connected On"];

describe("records above a table's header row", () => {
  it("skips LinkedIn's notes above its Connections header", () => {
    const head = [
      ["Notes:"],
      ["When exporting your connection data, you may notice that some of the email addresses are missing."],
      LINKEDIN_HEADER,
      ["Ada", "Lovelace", "https://www.linkedin.com/in/ada", "", "Analytical Engines", "Engineer", "05 Nov 2024"],
    ];
    expect(recordsAboveHeader(head)).toBe(2);
  });

  it("skips a sheet's title row and a report's date lines, written as wide as the table", () => {
    expect(
      recordsAboveHeader([
        ["Client list 2024", "", "", ""],
        ["Exported:", "2024-03-01", "", ""],
        ["Name", "Phone", "Email", "Notes"],
        ["Ada", "555 010 2001", "ada@example.com", ""],
      ]),
    ).toBe(2);
  });

  it("leaves a table whose first record is its header", () => {
    expect(
      recordsAboveHeader([
        ["Name", "Phone"],
        ["Notes", "Company"],
      ]),
    ).toBe(0);
    expect(recordsAboveHeader([["Name", "Phone", "Email"]])).toBe(0);
  });

  it("leaves a file without a header, even when a later row reads like one", () => {
    expect(
      recordsAboveHeader([
        ["Ada", "555 010 2001", "ada@example.com"],
        ["Name", "Phone", "Email"],
        ["Bob", "555 010 2002", "bob@example.com"],
      ]),
    ).toBe(0);
    // Rows of data above a row that reads like a header: not notes above a table.
    expect(recordsAboveHeader([["Ada"], ["Bob", "bob@example.com"], ["Name", "Phone", "Email", "Notes"]])).toBe(0);
    expect(recordsAboveHeader([["ada@example.com"], ["Name", "Phone", "Email", "Notes"]])).toBe(0);
  });

  it("does not take a row holding a phone or e-mail for the header", () => {
    expect(recordsAboveHeader([["Staff"], ["Name", "Phone", "ada@example.com"], ["Ada", "555 010 2001", "ada@example.com"]])).toBe(0);
  });

  it("looks through ten records above the header at most", () => {
    const notes = Array.from({ length: 11 }, (_, i) => [`Note ${i}`]);
    expect(recordsAboveHeader([...notes.slice(0, 10), ["Name", "Phone"], ["Ada", "555 010 2001"]])).toBe(10);
    expect(recordsAboveHeader([...notes, ["Name", "Phone"], ["Ada", "555 010 2001"]])).toBe(0);
  });
});
