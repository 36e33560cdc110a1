import { describe, expect, it } from "vitest";
import { FILE_MARKERS, NATIVE_MARKERS, importPercent } from "./progress";

const running = (processed: number, total: number) => ({ status: "running" as const, processed, total });

describe("importPercent", () => {
  it("passes the file markers 10, 30, 50, then follows the rows written up to 90, and 100 when done", () => {
    expect(importPercent(FILE_MARKERS, 0)).toBe(10);
    expect(importPercent(FILE_MARKERS, 1, running(0, 1000))).toBe(30);
    expect(importPercent(FILE_MARKERS, 1, running(1, 1000))).toBe(50);
    expect(importPercent(FILE_MARKERS, 1, running(500, 1000))).toBe(70);
    expect(importPercent(FILE_MARKERS, 1, running(1000, 1000))).toBe(90);
    expect(importPercent(FILE_MARKERS, 1, { status: "done", processed: 1000, total: 1000 })).toBe(100);
  });

  it("passes the native markers 10, 20, 40, 60, then up to 90", () => {
    expect([0, 1, 2, 3].map((step) => importPercent(NATIVE_MARKERS, step))).toEqual([10, 20, 40, 60]);
    expect(importPercent(NATIVE_MARKERS, 3, running(50, 100))).toBe(75);
    expect(importPercent(NATIVE_MARKERS, 3, running(100, 100))).toBe(90);
  });

  it("never goes back while the steps and the server's count grow", () => {
    const shown: number[] = [importPercent(FILE_MARKERS, 0), importPercent(FILE_MARKERS, 1, running(0, 7000))];
    for (let processed = 500; processed <= 7000; processed += 500) shown.push(importPercent(FILE_MARKERS, 1, running(processed, 7000)));
    shown.push(importPercent(FILE_MARKERS, 1, { status: "done", processed: 7000, total: 7000 }));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(Math.max(...shown.slice(0, -1))).toBeLessThanOrEqual(90);
  });

  it("finishes at 100 however the run ended, and stays within 90 on odd counts while it runs", () => {
    expect(importPercent(FILE_MARKERS, 1, { status: "failed", processed: 3, total: 10 })).toBe(100);
    expect(importPercent(FILE_MARKERS, 1, { status: "interrupted", processed: 3, total: 10 })).toBe(100);
    expect(importPercent(FILE_MARKERS, 1, running(12, 10))).toBe(90);
    expect(importPercent(FILE_MARKERS, 9, running(0, 0))).toBe(50);
  });
});
