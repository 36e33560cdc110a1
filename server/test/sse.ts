import type { LiveEvent } from "../../shared/live-events.js";

/** One Server-Sent Event as a client parses it. */
export interface SseFrame {
  event: string;
  id?: string;
  data: string;
}

/**
 * Reads a text/event-stream answer frame by frame, as EventSource would: `next()` waits for the next
 * frame matching a test (failing after `timeoutMs`), `none()` asserts nothing matching arrives.
 */
export function readSse(response: Response) {
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let cursor = 0;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const pump = async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseFrame = { event: "message", data: "" };
          const data: string[] = [];
          for (const line of block.split("\n")) {
            const colon = line.indexOf(":");
            if (colon === 0) continue;
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "event") frame.event = value;
            else if (field === "id") frame.id = value;
            else if (field === "data") data.push(value);
          }
          frame.data = data.join("\n");
          frames.push(frame);
        }
        for (const w of waiters) w();
      }
    } catch {
      /* cancelled */
    }
    ended = true;
    for (const w of waiters) w();
  };
  void pump();

  const find = (test: (f: SseFrame) => boolean) => {
    for (let i = cursor; i < frames.length; i++) {
      if (test(frames[i]!)) {
        cursor = i + 1;
        return frames[i]!;
      }
    }
    return undefined;
  };

  return {
    frames,
    get ended() {
      return ended;
    },
    /** The next frame (after those already taken) that passes `test`. */
    next(test: (f: SseFrame) => boolean = () => true, timeoutMs = 5000): Promise<SseFrame> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = find(test);
          if (hit) return done(() => resolve(hit));
          if (ended) return done(() => reject(new Error(`stream ended; frames: ${JSON.stringify(frames)}`)));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
    /** The next live event of `type`. */
    async event(type: string, timeoutMs = 5000): Promise<LiveEvent> {
      const frame = await this.next((f) => f.event === "message" && (JSON.parse(f.data) as LiveEvent).type === type, timeoutMs);
      return JSON.parse(frame.data) as LiveEvent;
    },
    /** Resolves once the stream has ended (the server closed it). */
    async closed(timeoutMs = 5000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        if (Date.now() > deadline) throw new Error("the stream is still open");
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Live events received so far. */
    events(): LiveEvent[] {
      return frames.filter((f) => f.event === "message").map((f) => JSON.parse(f.data) as LiveEvent);
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

export type SseReader = ReturnType<typeof readSse>;
