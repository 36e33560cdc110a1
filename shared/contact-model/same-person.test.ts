import { describe, expect, it } from "vitest";
import { keysAgree, mayAgree, nameKey, namesAgree, personBits } from "./same-person.js";

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

describe("mayAgree", () => {
  const WORDS = ["ann", "bob", "lee", "smith", "mary", "jo", "o", "acme", "ltd", "josé", "ng", "van", "der", "berg"];
  const name = (seed: number) => {
    const count = seed % 4;
    const words = Array.from({ length: count }, (_, i) => WORDS[(seed * 7 + i * 13 + (seed >> 3)) % WORDS.length]);
    return {
      first_name: words.slice(0, 2).join(" "),
      last_name: words.slice(2).join(" ") || null,
      company: seed % 5 === 0 ? "Acme Ltd" : null,
    };
  };

  it("rules out only pairs whose names keysAgree finds different", () => {
    let ruledOut = 0;
    for (let a = 0; a < 300; a++)
      for (let b = 0; b < 300; b++) {
        const ka = nameKey(name(a));
        const kb = nameKey(name(b));
        if (!mayAgree(personBits(ka), personBits(kb))) {
          ruledOut++;
          expect(keysAgree(ka, kb), `${ka} / ${kb}`).toBe(false);
        }
      }
    // It rules out most of the different pairs, or it would save nothing.
    expect(ruledOut).toBeGreaterThan(300 * 300 * 0.3);
  });

  it("rules out nothing for a contact without a person's name", () => {
    expect(personBits(nameKey(person("", null, "Acme")))).toBe(0);
    expect(mayAgree(0, personBits(nameKey(person("John", "Smith"))))).toBe(true);
    expect(mayAgree(personBits(nameKey(person("Bob", "Smith"))), personBits(nameKey(person("John", "Smith"))))).toBe(false);
  });
});
