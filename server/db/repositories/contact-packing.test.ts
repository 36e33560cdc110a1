import { describe, expect, it } from "vitest";
import { joinPacked, packKeys } from "./contact-packing.js";

describe("packed key rows", () => {
  it("join into one array holding every row of both, in order", () => {
    const a = packKeys([{ kind: "phone", key: "4420", contact_id: "c1" }]);
    const b = packKeys([
      { kind: "email", key: "zoë@example.com", contact_id: "c2" },
      { kind: "phone", key: "4477", contact_id: "c2" },
    ]);
    expect(JSON.parse(joinPacked(a, b))).toEqual([...JSON.parse(a), ...JSON.parse(b)]);
    expect(joinPacked(a, "[]")).toBe(a);
    expect(joinPacked("[]", b)).toBe(b);
    expect(joinPacked("[]", "[]")).toBe("[]");
  });
});
