import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import type { Logger } from "../logger.js";
import type { DatabaseFailure, FailureKind } from "./failures.js";

/** While an episode lasts, a reminder with the count of failed calls at most this often. */
const REMINDER_MS = 60_000;

interface Episode {
  since: number;
  cause: string;
  failures: number;
  lastLogged: number;
}

const silent: Logger = { info() {}, warn() {}, error() {} };

/**
 * Remembers database failures as episodes: the first failure of a kind logs its real cause, the next
 * ones only count (a reminder each minute), and the first success ends the episode with one line.
 * So a 20-second outage writes three lines, not a stack trace per request, and health can say why.
 */
export class DatabaseAvailability {
  #log: Logger = silent;
  readonly #episodes = new Map<FailureKind, Episode>();

  setLogger(log: Logger) {
    this.#log = log;
  }

  failed(failure: DatabaseFailure, now = Date.now()) {
    const episode = this.#episodes.get(failure.kind);
    if (!episode) {
      this.#episodes.set(failure.kind, { since: now, cause: failure.cause, failures: 1, lastLogged: now });
      this.#log.error(`database ${failure.kind}`, { cause: failure.cause });
      return;
    }
    episode.failures++;
    if (now - episode.lastLogged >= REMINDER_MS) {
      episode.lastLogged = now;
      this.#log.warn(`database still ${failure.kind}`, {
        cause: failure.cause,
        seconds: Math.round((now - episode.since) / 1000),
        failedCalls: episode.failures,
      });
    }
  }

  /**
   * A query went through. A read proves the database answers; only a write proves the disk takes
   * data again, so a read does not end a disk-full or read-only episode.
   */
  succeeded(wrote: boolean, now = Date.now()) {
    if (this.#episodes.size === 0) return;
    for (const [kind, episode] of this.#episodes) {
      if (!wrote && (kind === "disk-full" || kind === "read-only")) continue;
      this.#episodes.delete(kind);
      this.#log.info(`database ${kind} episode over`, {
        seconds: Math.round((now - episode.since) / 1000),
        failedCalls: episode.failures,
      });
    }
  }

  /** The open episodes, oldest first, for the readiness check. */
  current(): { kind: FailureKind; cause: string; since: string }[] {
    return [...this.#episodes].map(([kind, e]) => ({ kind, cause: e.cause, since: new Date(e.since).toISOString() }));
  }
}

const WRITES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

/** Tells the availability tracker about every query that went through, and whether it wrote. */
export class AvailabilityPlugin implements KyselyPlugin {
  readonly #writes = new WeakMap<QueryId, true>();
  constructor(private readonly availability: DatabaseAvailability) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (WRITES.has(args.node.kind)) this.#writes.set(args.queryId, true);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.availability.succeeded(this.#writes.has(args.queryId));
    return args.result;
  }
}
