import { type LiveEvent, STREAM_CLOSED, STREAM_HEARTBEAT, STREAM_REFETCH, STREAM_VIEW_AGE } from "@shared/live-events";

/** Spec section 9: up to 3 reconnects, after 2, 4 and 8 s. */
export const RECONNECT_DELAYS_MS = [2000, 4000, 8000] as const;
/** No frame (the server sends a heartbeat every 25 s) for this long is a time-out. */
export const SILENCE_TIMEOUT_MS = 60_000;

export type LiveStatus = "connecting" | "live" | "paused" | "closed";

export interface LiveHandlers {
  event(event: LiveEvent): void;
  /** Events may have been missed: reload what is shown. */
  refetch(): void;
  /** The server ended the stream for good (removed, signed out, organization deleted). */
  ended(reason: string): void;
  status(status: LiveStatus): void;
}

/** The parts of EventSource used here, so tests can drive a fake one. */
export interface EventSourceLike {
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

interface Timers {
  set(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  clear(id: ReturnType<typeof setTimeout> | undefined): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

/**
 * One organization's live stream: EventSource over plain http or https, its own reconnect schedule
 * (EventSource's built-in retry is cut off), resume from the last event seen (before any, from the
 * moment the screens were read, then from the last heartbeat heard), a silence watchdog,
 * and after the last failed attempt the quiet 'paused' state (screens then rely on their periodic
 * refresh) until `resume()` (the tab comes back, the network returns).
 */
export class LiveConnection {
  private source: EventSourceLike | undefined;
  private attempts = 0;
  private lastEventId: string | undefined;
  /** Until an event arrives, where a new stream must start (ms, this browser's clock): the screens' first reads, then the last heartbeat heard. */
  private heardUpTo: number;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private state: LiveStatus = "connecting";
  private stopped = false;

  private readonly open: EventSourceFactory;
  private readonly timers: Timers;

  constructor(
    private readonly orgId: string,
    private readonly handlers: LiveHandlers,
    options: {
      /** When what the screens show began to be read (ms, this browser's clock); now by default. */
      viewReadAt?: number;
      open?: EventSourceFactory;
      timers?: Timers;
    } = {},
  ) {
    this.heardUpTo = options.viewReadAt ?? Date.now();
    this.open = options.open ?? ((url) => new EventSource(url));
    // Wrapped: the browser's timer functions refuse to be called as methods of another object.
    this.timers = options.timers ?? { set: (fn, ms) => setTimeout(fn, ms), clear: (id) => clearTimeout(id) };
  }

  get status(): LiveStatus {
    return this.state;
  }

  start(): void {
    this.connect();
  }

  /** Tries again now, after a pause (the attempts start over). */
  resume(): void {
    if (this.stopped || this.state !== "paused") return;
    this.attempts = 0;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.teardown();
    this.timers.clear(this.retryTimer);
  }

  private setStatus(status: LiveStatus) {
    if (this.state === status) return;
    this.state = status;
    this.handlers.status(status);
  }

  private teardown() {
    this.timers.clear(this.watchdog);
    if (this.source) {
      this.source.onerror = null;
      this.source.close();
      this.source = undefined;
    }
  }

  private url(): string {
    const base = `/api/orgs/${encodeURIComponent(this.orgId)}/events`;
    if (this.lastEventId) return `${base}?lastEventId=${encodeURIComponent(this.lastEventId)}`;
    return `${base}?${STREAM_VIEW_AGE}=${Math.max(0, Math.round(Date.now() - this.heardUpTo))}`;
  }

  private connect() {
    this.teardown();
    this.setStatus("connecting");
    const source = this.open(this.url());
    this.source = source;
    const watch = () => {
      this.timers.clear(this.watchdog);
      this.watchdog = this.timers.set(() => this.fail(), SILENCE_TIMEOUT_MS);
    };
    // A heartbeat or a refetch heard: everything the server had before it has reached this page. Not
    // 'ready', which the replay of what the page missed follows.
    const alive = () => {
      watch();
      this.heardUpTo = Date.now();
    };
    watch();
    source.addEventListener("ready", () => {
      watch();
      this.attempts = 0;
      this.setStatus("live");
    });
    source.addEventListener(STREAM_HEARTBEAT, alive);
    source.addEventListener("message", (message) => {
      alive();
      if (message.lastEventId) this.lastEventId = message.lastEventId;
      try {
        this.handlers.event(JSON.parse(message.data) as LiveEvent);
      } catch {
        /* a frame we cannot read: the next refresh covers it */
      }
    });
    source.addEventListener(STREAM_REFETCH, () => {
      alive();
      this.handlers.refetch();
    });
    source.addEventListener(STREAM_CLOSED, (message) => {
      this.stopped = true;
      this.teardown();
      this.setStatus("closed");
      let reason = "closed";
      try {
        reason = (JSON.parse(message.data) as { reason: string }).reason;
      } catch {
        /* keep the default */
      }
      this.handlers.ended(reason);
    });
    source.onerror = () => this.fail();
  }

  private fail() {
    if (this.stopped) return;
    this.teardown();
    const delay = RECONNECT_DELAYS_MS[this.attempts];
    if (delay === undefined) {
      this.setStatus("paused");
      return;
    }
    this.attempts++;
    this.setStatus("connecting");
    this.retryTimer = this.timers.set(() => this.connect(), delay);
  }
}
