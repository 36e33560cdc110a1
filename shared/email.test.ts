import { describe, expect, it } from "vitest";
import { isValidEmail } from "./email.js";

describe("e-mail shape", () => {
  it.each(["ann@example.com", "admin@localhost", "a.b+tag@mail.example.co.uk"])("accepts %s", (v) => {
    expect(isValidEmail(v)).toBe(true);
  });
  it.each([
    "",
    "ann",
    "ann@",
    "@example.com",
    "ann@@example.com",
    "ann @example.com",
    "ann@example..com",
    "ann@.com",
    "<b>@example.com",
    "ann@exa>mple.com",
    "ann\u0000@example.com",
    "ann@example.com\u0000",
    '"ann"@example.com',
    "a,b@example.com",
  ])("refuses %j", (v) => expect(isValidEmail(v)).toBe(false));
  it("refuses more than 254 characters", () => {
    expect(isValidEmail(`${"a".repeat(64)}@${"b".repeat(185)}.com`)).toBe(true);
    expect(isValidEmail(`${"a".repeat(64)}@${"b".repeat(186)}.com`)).toBe(false);
  });
});
