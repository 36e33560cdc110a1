import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { STREAM_CLOSED, STREAM_HEARTBEAT, STREAM_REFETCH, STREAM_VIEW_AGE } from "../../shared/live-events.js";
import { AppError, forbidden } from "../errors.js";
import { type LiveHub, type LiveStream, MAX_PENDING_WRITES, type ResumeFrom, frameOf } from "../events/hub.js";
import type { AppEnv } from "../http/env.js";
import { eventOps } from "./openapi-operations.js";
import { authorize } from "../policies/authorize.js";

/** A control frame (ready, heartbeat, refetch, closed): its data is one line of JSON. */
const controlFrame = (m: { event: string; data: string; retry?: number }) =>
  `event: ${m.event}\ndata: ${m.data}\n${m.retry === undefined ? "" : `retry: ${m.retry}\n`}\n`;

/** Longest Last-Event-ID taken (ours are UUIDs); anything longer cannot be ours and means refetch. */
const MAX_EVENT_ID = 64;
/**
 * Taken off a view's age: the request's own travel time makes the server's reckoning of that moment
 * late, and replaying a change the client already shows costs only a reread.
 */
const VIEW_AGE_MARGIN_MS = 1000;

/** A client whose socket has this much not yet taken is too far behind: cut off, it resumes or refetches. */
const MAX_PENDING_BYTES = 1024 * 1024;

/** Where the stream starts: after the client's last event, from its view's age, or (neither given) now. */
function resumeFrom(lastEventIdGiven: string | undefined, viewAge: string | undefined): ResumeFrom {
  if (lastEventIdGiven) return { lastEventId: lastEventIdGiven.length <= MAX_EVENT_ID ? lastEventIdGiven : "" };
  if (viewAge === undefined) return undefined;
  // An age that is not a number of milliseconds tells no moment: as if too old, the client refetches.
  if (!/^\d{1,12}$/.test(viewAge)) return { since: Number.NEGATIVE_INFINITY };
  return { since: Date.now() - Number(viewAge) - VIEW_AGE_MARGIN_MS };
}

/** Where a stream's frames go: Node's response itself, or (outside a Node server, in tests) a web stream. */
interface Sink {
  /** False when the client is gone or too far behind. */
  write(chunk: string | Uint8Array): boolean;
  /** Ends the answer once what was written has gone out. */
  end(): void;
  aborted(): boolean;
  onAbort(listener: () => void): void;
}

/**
 * Writes straight to Node's response: a change goes to thousands of streams at once, and one socket
 * write each costs a fraction of a web stream's write (its promises, its reader on the other side and
 * the adapter's copy to the socket): delivery to 2,000 streams went from hundreds of milliseconds to tens.
 */
function nodeSink(outgoing: ServerResponse): Sink {
  outgoing.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-content-type-options": "nosniff",
  });
  outgoing.flushHeaders();
  // The adapter writes the handler's answer once it returns (Hono rebuilds our "already sent" answer
  // when middleware has set headers, and the adapter then writes its head and ends it); this answer is
  // already under way, so on this one response those two calls are ours alone.
  const end = outgoing.end.bind(outgoing);
  outgoing.writeHead = (() => outgoing) as unknown as ServerResponse["writeHead"];
  outgoing.end = (() => outgoing) as unknown as ServerResponse["end"];
  let gone = false;
  const listeners: (() => void)[] = [];
  outgoing.on("close", () => {
    gone = true;
    for (const listener of listeners) listener();
  });
  return {
    write(chunk) {
      if (gone || outgoing.writableEnded || outgoing.writableLength > MAX_PENDING_BYTES) return false;
      outgoing.write(chunk);
      return true;
    },
    end: () => void (gone || end()),
    aborted: () => gone,
    onAbort: (listener) => void listeners.push(listener),
  };
}

const tooManyStreams = (full: { full: "session" | "account"; max: number }) =>
  new AppError(
    429,
    "TOO_MANY_STREAMS",
    full.full === "session"
      ? `Too many live connections for this session (at most ${full.max}). Close another tab or window and try again.`
      : `Too many live connections for this account (at most ${full.max}, across its sessions). Close another tab or window and try again.`,
  );

/** Drives one stream on a sink until it ends (the client leaves, or the hub closes it); then its slot is free. */
async function runStream(
  live: LiveHub,
  stream: Omit<LiveStream, "send" | "heartbeat" | "refetch" | "close">,
  sink: Sink,
  slot: { release(): void },
  from: ResumeFrom,
) {
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const control = (message: { event: string; data: string; retry?: number }) => sink.write(controlFrame(message));
  const handle: LiveStream = {
    ...stream,
    send: (_event, frame) => sink.write(frame),
    heartbeat: () => void control({ event: STREAM_HEARTBEAT, data: "{}" }),
    refetch: (reason) => void control({ event: STREAM_REFETCH, data: JSON.stringify({ reason }) }),
    close: (reason) => {
      // The goodbye goes out before the stream ends.
      control({ event: STREAM_CLOSED, data: JSON.stringify({ reason }) });
      sink.end();
      finished();
    },
  };
  sink.onAbort(() => {
    live.unregister(handle);
    // At once: the stream may still wait for the bus (a database outage), and the client may come back.
    slot.release();
    finished();
  });
  try {
    await live.listen();
    if (sink.aborted()) return;
    const resume = live.register(handle, from);
    // 'ready': from here on every change reaches this stream. The retry hint is for plain EventSource
    // clients; ours reconnect on their own schedule.
    control({ event: "ready", data: JSON.stringify({ organizationId: handle.actor.organizationId }), retry: 2000 });
    if (resume.kind === "refetch") handle.refetch("resume-unavailable");
    else for (const event of resume.events) handle.send(event, frameOf(event));
    await done;
    live.unregister(handle);
  } finally {
    slot.release();
  }
}

/**
 * GET /api/orgs/:orgId/events: the organization's changes as Server-Sent Events, for its members
 * (mounted after requireOrgMember: others get 404). `Last-Event-ID` (header, or `lastEventId` in the
 * query for a client that opens a new EventSource) resumes after the last event seen; a client that has
 * seen none sends `viewAge` (STREAM_VIEW_AGE) and gets what arrived since its screens were read.
 */
export const eventRoutes = new Hono<AppEnv>().get("/events", eventOps.stream, (c) => {
  const { live } = c.var.deps;
  authorize(c.var.orgActor, "contacts.view");
  // The live stream is the screens' (it is held per session); integrations will get webhooks.
  if (c.var.orgActor.token) throw forbidden("API tokens cannot open the live event stream. It is for the app's screens.");
  const from = resumeFrom(c.req.header("Last-Event-ID") ?? c.req.query("lastEventId"), c.req.query(STREAM_VIEW_AGE));
  const stream = { actor: c.var.orgActor, sessionId: c.var.actor.sessionId };
  const slot = live.reserve(stream.actor.userId, stream.sessionId);
  if ("full" in slot) throw tooManyStreams(slot);

  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) {
    const sink = nodeSink(outgoing);
    runStream(live, stream, sink, slot, from).catch(() => sink.end());
    return RESPONSE_ALREADY_SENT;
  }

  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (sse) => {
    let pending = 0;
    let last: Promise<void> = Promise.resolve();
    let ended!: () => void;
    const closed = new Promise<void>((resolve) => (ended = resolve));
    // Every frame goes through sse.write in call order (writeSSE would defer some behind a promise).
    const sink: Sink = {
      write(chunk) {
        if (sse.closed || sse.aborted || pending >= MAX_PENDING_WRITES) return false;
        pending++;
        last = sse
          .write(chunk)
          .then(() => undefined)
          .catch(() => undefined)
          .finally(() => pending--);
        return true;
      },
      end: () => void last.then(ended),
      aborted: () => sse.aborted,
      onAbort: (listener) => sse.onAbort(listener),
    };
    await runStream(live, stream, sink, slot, from);
    // The stream ends when its last frame has been written.
    await Promise.race([closed, new Promise<void>((resolve) => sse.onAbort(resolve))]);
  });
});
