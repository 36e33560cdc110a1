import { describe, expect, it } from "vitest";
import { groupsSummary, labelNames } from "./groups-summary";

describe("groupsSummary", () => {
  it("says how many groups were created and contacts added, in the singular where it is one", () => {
    expect(groupsSummary({ created: 2, added: 1500 })).toBe("2 groups created, 1,500 contacts added to groups");
    expect(groupsSummary({ created: 1, added: 1 })).toBe("1 group created, 1 contact added to groups");
    expect(groupsSummary({ created: 0, added: 0 })).toBe("0 groups created, 0 contacts added to groups");
  });

  it("says nothing for a run without the option", () => {
    expect(groupsSummary(null)).toBeNull();
    expect(groupsSummary(undefined)).toBeNull();
  });
});

describe("labelNames", () => {
  it("lists a few names, and past that the first ones and how many more", () => {
    expect(labelNames(["Choir", "Staff"])).toBe("Choir, Staff");
    expect(labelNames(["a", "b", "c", "d"], 2)).toBe("a, b and 2 more");
  });
});
