import { createHash } from "node:crypto";
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import pg from "pg";
import type { DatabaseAvailability } from "./availability.js";
import { classifyDatabaseError } from "./failures.js";

export interface PostgresTimeouts {
  connectMs: number;
  statementMs: number;
  idleMs: number;
}

// Server-side cancels leave the connection usable; anything else that classifies as a database
// failure (a reset, a client-side read timeout on a hung server) leaves it in an unknown state.
const CONNECTION_SURVIVES = new Set(["57014", "55P03", "25P03", "53100", "25006"]);

const names = new Map<string, string>();

/** A stable name per SQL text (the texts are few: Kysely builds them from a handful of shapes). */
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    if (names.size > 2000) names.clear();
    names.set(sql, (name = `cb_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`));
  }
  return name;
}

/**
 * A checked-out connection that remembers when it broke: later queries in the same checkout (the
 * ROLLBACK after a failed transaction) fail at once with the first error instead of waiting on a
 * dead socket, and the release tells the pool to throw the connection away.
 */
class GuardedClient {
  broken: Error | undefined;
  constructor(private readonly raw: pg.PoolClient) {}

  async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    if (this.broken) throw this.broken;
    try {
      // A parameterised statement is prepared once per connection under a name and reused: the
      // server skips parsing and analysis, which was a good part of a list request's cost.
      const query = parameters.length ? { name: statementName(sql), text: sql, values: parameters as unknown[] } : { text: sql };
      return (await this.raw.query(query)) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (classifyDatabaseError(error) && !CONNECTION_SURVIVES.has(code)) this.broken = error as Error;
      throw error;
    }
  }

  release() {
    const broken = this.broken;
    this.broken = undefined;
    this.raw.release(broken);
  }
}

/**
 * A pg pool that survives the database going away: an 'error' listener on the pool and on every
 * connection (an unhandled one kills the process), bounded connect, statement and read times, and
 * broken connections dropped so the pool reconnects by itself when the database is back.
 */
export function createPostgresPool(
  url: string,
  options: { searchPath?: string | undefined; timeouts: PostgresTimeouts | null; availability: DatabaseAvailability },
): PostgresPool {
  const { timeouts, availability } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectMs,
          idleTimeoutMillis: timeouts.idleMs,
          statement_timeout: timeouts.statementMs,
          idle_in_transaction_session_timeout: timeouts.idleMs,
          // The server cancels slow statements itself; this catches a server that answers nothing.
          query_timeout: timeouts.statementMs + 1000,
        }
      : {}),
  });
  const report = (error: Error) =>
    availability.failed(classifyDatabaseError(error) ?? { kind: "unavailable", cause: `PostgreSQL: ${error.message}` });
  const guarded = new WeakMap<pg.PoolClient, GuardedClient>();
  pool.on("error", report);
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      const wrapper = guarded.get(client as pg.PoolClient);
      if (wrapper) wrapper.broken ??= error;
      report(error);
    });
  });
  return {
    async connect(): Promise<PostgresPoolClient> {
      const raw = await pool.connect();
      let wrapper = guarded.get(raw);
      if (!wrapper) guarded.set(raw, (wrapper = new GuardedClient(raw)));
      return wrapper as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
