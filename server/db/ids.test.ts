import { describe, expect, it } from "vitest";
import { newId } from "./ids.js";

describe("row ids", () => {
  it("are UUIDv7: version 7, RFC variant, time-ordered across milliseconds, all distinct", async () => {
    const first = newId();
    await new Promise((r) => setTimeout(r, 2));
    const ids = Array.from({ length: 10_000 }, newId);
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id > first)).toBe(true);
    const millis = parseInt(first.replace("-", "").slice(0, 12), 16);
    expect(Math.abs(millis - Date.now())).toBeLessThan(5000);
  });
});
