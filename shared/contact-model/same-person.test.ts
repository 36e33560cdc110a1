import { describe, expect, it } from "vitest";
import { namesAgree } from "./same-person.js";

const person = (first_name: string, last_name: string | null = null, company: string | null = null) => ({ first_name, last_name, company });

describe("namesAgree", () => {
  it("tells two people who share an office line apart", () => {
    expect(namesAgree(person("Bob", "Smith"), person("John", "Smith"))).toBe(false);
    expect(namesAgree(person("John", "Smith"), person("Jon", "Smyth"))).toBe(false);
  });

  it("takes the same name in another case, with or without accents, or in other fields, for one person", () => {
    expect(namesAgree(person("JOSÉ", "garcía"), person("Jose", "Garcia"))).toBe(true);
    expect(namesAgree(person("John Smith"), person("John", "Smith"))).toBe(true);
    expect(namesAgree(person("Smith,", "John"), person("John", "Smith"))).toBe(true);
  });

  it("lets a name with fewer words agree with the longer one, and a missing name agree with any", () => {
    expect(namesAgree(person("John"), person("John", "Smith"))).toBe(true);
    expect(namesAgree(person("Mary Ann", "Lee"), person("Mary", "Lee"))).toBe(true);
    expect(namesAgree(person(""), person("John", "Smith"))).toBe(true);
    expect(namesAgree(person("", null, "Acme"), person("John", "Smith", "Other Co"))).toBe(true);
  });

  it("compares companies when neither side names a person", () => {
    expect(namesAgree(person("", null, "Acme Ltd"), person("", null, "ACME"))).toBe(true);
    expect(namesAgree(person("", null, "Acme"), person("", null, "Globex"))).toBe(false);
    expect(namesAgree(person("", null, null), person("", null, "Globex"))).toBe(true);
  });
});
