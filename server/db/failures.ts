/** Why the database could not serve a request: each kind is one episode in the log and one health reason. */
export type FailureKind = "unavailable" | "timeout" | "busy" | "disk-full" | "read-only";

export interface DatabaseFailure {
  kind: FailureKind;
  /** What the operator reads in the log and in /api/health: the real cause, without secrets. */
  cause: string;
}

// SQLSTATE classes and codes that mean "the database is not there right now", not "your query is wrong".
const PG_UNAVAILABLE = /^(08|57P0[1-4]$|53300$|53400$|58)/;
const PG_TIMEOUT = new Set(["57014", "55P03", "25P03"]);
const NODE_NETWORK = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EPIPE", "EAI_AGAIN"]);
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end/,
  /^The database connection was lost/,
];

/**
 * Recognises errors that say the database (or its disk) failed, on either engine. Anything else is
 * a bug or a constraint and is left to the caller.
 */
export function classifyDatabaseError(error: unknown, depth = 0): DatabaseFailure | null {
  if (!(error instanceof Error) || depth > 4) return null;
  const raw = (error as { code?: unknown }).code;
  const code = typeof raw === "string" ? raw : "";
  const message = error.message;
  if (code.startsWith("SQLITE_")) return classifySqlite(code, message);
  if (code === "53100") return { kind: "disk-full", cause: `PostgreSQL: ${message}` };
  if (code === "25006") return { kind: "read-only", cause: `PostgreSQL: ${message}` };
  if (PG_TIMEOUT.has(code)) return { kind: "timeout", cause: `PostgreSQL: ${message}` };
  if (code.length === 5 && PG_UNAVAILABLE.test(code)) return { kind: "unavailable", cause: `PostgreSQL: ${message}` };
  if (NODE_NETWORK.has(code)) return { kind: "unavailable", cause: unreachable(code) };
  if (/^Query read timeout/.test(message)) return { kind: "timeout", cause: "PostgreSQL did not answer in time" };
  if (/^timeout exceeded when trying to connect/.test(message))
    return { kind: "timeout", cause: "PostgreSQL did not accept a connection in time" };
  if (PG_CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return { kind: "unavailable", cause: `PostgreSQL: ${message}` };
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const failure = classifyDatabaseError(inner, depth + 1);
      if (failure) return failure;
    }
  }
  // Better Auth wraps what its adapter threw (FAILED_TO_GET_SESSION with the pg error as cause).
  return classifyDatabaseError(error.cause, depth + 1);
}

/**
 * At start, whether a failure is an outage worth waiting for (the server is down, restarting or slow)
 * rather than a mistake that waiting cannot mend (a wrong password, a missing database, a full disk).
 * A host name that does not resolve is taken as a typo in DATABASE_URL: a resolver that cannot answer
 * right now says EAI_AGAIN, which is waited for.
 */
export function classifyStartFailure(error: unknown): DatabaseFailure | null {
  const failure = classifyDatabaseError(error);
  if (!failure || failure.kind === "disk-full" || failure.kind === "read-only") return null;
  return failure.cause === unreachable("ENOTFOUND") ? null : failure;
}

const unreachable = (code: string) => `PostgreSQL unreachable: ${code}`;

function classifySqlite(code: string, message: string): DatabaseFailure | null {
  if (code === "SQLITE_FULL") return { kind: "disk-full", cause: `SQLite: ${message}` };
  if (code.startsWith("SQLITE_READONLY")) return { kind: "read-only", cause: `SQLite: ${message}` };
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return { kind: "busy", cause: `SQLite: ${message}` };
  if (code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_NOMEM") {
    return { kind: "unavailable", cause: `SQLite: ${message} (${code})` };
  }
  return null;
}
