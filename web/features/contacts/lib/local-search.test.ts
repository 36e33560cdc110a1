import { describe, expect, it } from "vitest";
import type { Contact } from "../types";
import { matchesSearch } from "./local-search";

const row = (extra: Partial<Contact>) => ({ id: "a", first_name: "", is_favorite: false, ...extra }) as Contact;

describe("searching cached rows in the browser", () => {
  const ana = row({ first_name: "Ana", last_name: "García", company: "Clínica Norte", email: "ana@example.com", phone: "(615) 390-6319" });

  it("finds every word anywhere, folded like the server's search text", () => {
    expect(matchesSearch(ana, "garcia")).toBe(true);
    expect(matchesSearch(ana, "norte ANA")).toBe(true);
    expect(matchesSearch(ana, "ana@example")).toBe(true);
    expect(matchesSearch(ana, "ana smith")).toBe(false);
    expect(matchesSearch(ana, "  ")).toBe(true);
  });

  it("finds a number by its digits, however it was typed", () => {
    expect(matchesSearch(ana, "6153906319")).toBe(true);
    expect(matchesSearch(ana, "+1 615 390 6319")).toBe(true);
    expect(matchesSearch(ana, "390-63")).toBe(true);
    expect(matchesSearch(ana, "555 0100")).toBe(false);
    expect(matchesSearch(row({ first_name: "No phone" }), "555")).toBe(false);
  });
});
