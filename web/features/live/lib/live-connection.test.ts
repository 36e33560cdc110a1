import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type EventSourceLike, LiveConnection, type LiveStatus } from "./live-connection";
import { isOwnRecentAction, recordOwnAction } from "./own-actions";

class FakeSource implements EventSourceLike {
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = "{}", lastEventId = "") {
    for (const l of this.listeners.get(type) ?? []) l({ data, lastEventId } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
}

describe("LiveConnection", () => {
  let sources: FakeSource[];
  let statuses: LiveStatus[];
  let events: unknown[];
  let refetches: number;
  let connection: LiveConnection;
  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    statuses = [];
    events = [];
    refetches = 0;
    connection = new LiveConnection(
      "org-1",
      { event: (e) => events.push(e), refetch: () => refetches++, ended: () => undefined, status: (s) => statuses.push(s) },
      {
        viewReadAt: Date.now() - 3000,
        open: (url) => {
          const source = new FakeSource(url);
          sources.push(source);
          return source;
        },
      },
    );
    connection.start();
  });
  afterEach(() => {
    connection.stop();
    vi.useRealTimers();
  });
  const last = () => sources.at(-1)!;

  it("reconnects after 2, 4 and 8 s, resuming after the last event, then pauses", () => {
    last().emit("ready");
    expect(connection.status).toBe("live");
    last().emit("message", JSON.stringify({ id: "e1", type: "contact.created", ids: ["c1"] }), "e1");
    expect(events).toHaveLength(1);
    last().fail();
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    expect(last().url).toBe("/api/orgs/org-1/events?lastEventId=e1");
    last().fail();
    vi.advanceTimersByTime(4000);
    expect(sources).toHaveLength(3);
    last().fail();
    vi.advanceTimersByTime(8000);
    expect(sources).toHaveLength(4);
    last().fail();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(4);
    expect(connection.status).toBe("paused");
    expect(sources.every((s) => s.closed)).toBe(true);
    // Coming back (tab visible, network online) starts over.
    connection.resume();
    expect(sources).toHaveLength(5);
    last().emit("ready");
    expect(statuses.at(-1)).toBe("live");
  });

  it("before any event, starts from when the screens were read, then from the last heartbeat heard, never from 'ready'", () => {
    expect(sources[0]!.url).toBe("/api/orgs/org-1/events?viewAge=3000");
    // 'ready' is followed by the replay of what the page missed: a stream lost before it was heard goes back as far.
    last().emit("ready");
    vi.advanceTimersByTime(1000);
    last().fail();
    vi.advanceTimersByTime(2000);
    expect(last().url).toBe("/api/orgs/org-1/events?viewAge=6000");
    last().emit("ready");
    vi.advanceTimersByTime(25_000);
    last().emit("heartbeat");
    vi.advanceTimersByTime(500);
    last().fail();
    vi.advanceTimersByTime(2000);
    expect(last().url).toBe("/api/orgs/org-1/events?viewAge=2500");
  });

  it("a stream refused when it opens (a 429, which EventSource does not retry) is tried after 2, 4 and 8 s, then waits", () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      last().fail();
      vi.advanceTimersByTime(8000);
    }
    last().fail();
    vi.advanceTimersByTime(10 * 60_000);
    expect(sources).toHaveLength(4);
    expect(connection.status).toBe("paused");
    expect(statuses).not.toContain("live");
  });

  it("counts a silent stream as timed out, and a successful reconnect resets the attempts", () => {
    last().emit("ready");
    vi.advanceTimersByTime(59_000);
    last().emit("heartbeat");
    vi.advanceTimersByTime(59_000);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1000 + 2000);
    expect(sources).toHaveLength(2);
    last().emit("ready");
    last().fail();
    vi.advanceTimersByTime(2000);
    expect(sources).toHaveLength(3);
  });

  it("passes refetch signals on and stops for good when the server closes the stream", () => {
    last().emit("refetch");
    expect(refetches).toBe(1);
    last().emit("closed", JSON.stringify({ reason: "removed" }));
    expect(connection.status).toBe("closed");
    vi.advanceTimersByTime(120_000);
    expect(sources).toHaveLength(1);
  });
});

describe("own actions", () => {
  it("ignores the person's own events for 5 s after their last change, never someone else's", () => {
    recordOwnAction(10_000);
    expect(isOwnRecentAction("me", "me", 14_999)).toBe(true);
    expect(isOwnRecentAction("me", "me", 15_000)).toBe(false);
    expect(isOwnRecentAction("other", "me", 11_000)).toBe(false);
    expect(isOwnRecentAction(null, "me", 11_000)).toBe(false);
  });
});
