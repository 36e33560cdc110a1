import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../logger.js";
import { withBatchRetry } from "./batch-retry.js";

const busy = () => Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });

describe("a batch the database failed", () => {
  it("is written again, and the run shows itself alive before each wait", async () => {
    const log = createMemoryLogger();
    const events: string[] = [];
    let tries = 0;
    const result = await withBatchRetry(
      { log },
      "run-1",
      async () => {
        events.push(`try ${++tries}`);
        if (tries < 3) throw busy();
        return "written";
      },
      [0, 0, 0],
      async () => void events.push("heartbeat"),
    );
    expect(result).toBe("written");
    expect(events).toEqual(["try 1", "heartbeat", "try 2", "heartbeat", "try 3"]);
  });

  it("throws an error that is the data's, not the database's, at once", async () => {
    let beats = 0;
    const failing = withBatchRetry(
      { log: createMemoryLogger() },
      "run-2",
      () => Promise.reject(new Error("Missing phone number")),
      [0],
      async () => void beats++,
    );
    await expect(failing).rejects.toThrow("Missing phone number");
    expect(beats).toBe(0);
  });
});
