import type BetterSqlite3 from "better-sqlite3";
import { type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteDialect } from "kysely";

/** Distinct SQL texts kept prepared; past this the cache starts over (queries with IN lists vary). */
const STATEMENT_CACHE_SIZE = 500;

const toBindable = (value: unknown) => (typeof value === "boolean" ? (value ? 1 : 0) : value);

/** One better-sqlite3 connection whose statements are prepared once and reused. */
class SqliteConnection implements DatabaseConnection {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  constructor(private readonly sqlite: BetterSqlite3.Database) {}

  #prepare(sql: string) {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
      statement = this.sqlite.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // better-sqlite3 cannot bind booleans; SQLite keeps them as 0/1.
    const parameters = compiled.parameters.map(toBindable);
    const statement = this.#prepare(compiled.sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not used on SQLite");
  }
}

/**
 * The single SQLite connection behind a mutex, as Kysely's own driver, with three differences:
 * statements are cached; transactions begin IMMEDIATE, so a transaction that reads then writes waits
 * for the write lock (busy_timeout) instead of failing when another process wrote in between; and a
 * ROLLBACK after SQLite already rolled back (disk full, I/O error) is skipped, so the real cause
 * ('database or disk is full') reaches the caller instead of 'no transaction is active'.
 */
class SqliteDriver implements Driver {
  readonly #connection: SqliteConnection;
  #locked: Promise<void> | undefined;
  #unlock: (() => void) | undefined;

  constructor(private readonly sqlite: BetterSqlite3.Database) {
    this.#connection = new SqliteConnection(sqlite);
  }

  async init() {}

  async acquireConnection() {
    while (this.#locked) await this.#locked;
    this.#locked = new Promise((resolve) => (this.#unlock = resolve));
    return this.#connection;
  }

  async beginTransaction() {
    this.sqlite.exec("begin immediate");
  }

  async commitTransaction() {
    this.sqlite.exec("commit");
  }

  async rollbackTransaction() {
    if (this.sqlite.inTransaction) this.sqlite.exec("rollback");
  }

  async releaseConnection() {
    const unlock = this.#unlock;
    this.#locked = undefined;
    this.#unlock = undefined;
    unlock?.();
  }

  async destroy() {
    if (this.sqlite.open) this.sqlite.close();
  }
}

/** Kysely's SQLite dialect with the driver above. */
export class CachedSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: BetterSqlite3.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new SqliteDriver(this.sqlite);
  }
}
