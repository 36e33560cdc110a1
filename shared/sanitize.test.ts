import { describe, expect, it } from "vitest";
import { sanitizeLine, sanitizeText } from "./sanitize.js";

describe("text sanitisers", () => {
  it.each([
    ["  Ann Lee  ", "Ann Lee"],
    ["<script>alert(1)</script>", "scriptalert(1)/script"],
    ["javascript:alert(1)", "alert(1)"],
    ["JavaScript : alert(1)", "alert(1)"],
    ["javajavascript:script:x", "x"],
    ['x" onerror=alert(1) y', 'x" alert(1) y'],
    ["O'Brien & Sons", "O'Brien & Sons"],
    ["x ONCLICK = y", "x  y"],
    ["a onmouseover=b onfocus=c", "a b c"],
    ["x onerror\t=alert(1)", "x alert(1)"],
    // Ordinary notes keep every character but the brackets.
    ["Bonus: one=1, x<y", "Bonus: one=1, xy"],
    ["only=2, online:3, onset = 4", "only=2, online:3, onset = 4"],
    ["Contact: Jon=lead, Ramon=backup", "Contact: Jon=lead, Ramon=backup"],
    ["Room one = 12; done=yes", "Room one = 12; done=yes"],
  ])("sanitizeText(%j) = %j", (input, output) => {
    expect(sanitizeText(input)).toBe(output);
  });

  it("collapses whitespace in single-line values", () => {
    expect(sanitizeLine("  Ann \n\t  Lee ")).toBe("Ann Lee");
    expect(sanitizeText("line one\n\nline two")).toBe("line one\n\nline two");
  });
});
