import type BetterSqlite3 from "better-sqlite3";
import { type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteDialect } from "kysely";
import { retryIfBusy, type Turn } from "./sqlite-busy.js";

/** Distinct SQL texts kept prepared; past this the cache starts over (queries with IN lists vary). */
const STATEMENT_CACHE_SIZE = 500;

const toBindable = (value: unknown) => (typeof value === "boolean" ? (value ? 1 : 0) : value);

/** Whose turn it is on the one connection: a transaction keeps it from BEGIN to COMMIT. */
class Mutex implements Turn {
  #locked: Promise<void> | undefined;
  #unlock: (() => void) | undefined;

  /** Takes the turn at once when it is free (undefined); otherwise resolves when taken. */
  take(): Promise<void> | undefined {
    if (!this.#locked) return void this.#lock();
    return this.#wait();
  }

  async #wait() {
    while (this.#locked) await this.#locked;
    this.#lock();
  }

  #lock() {
    this.#locked = new Promise((resolve) => (this.#unlock = resolve));
  }

  release() {
    const unlock = this.#unlock;
    this.#locked = undefined;
    this.#unlock = undefined;
    unlock?.();
  }
}

/** One better-sqlite3 connection whose statements are prepared once and reused. */
class SqliteConnection implements DatabaseConnection {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly turn: Turn,
  ) {}

  #prepare(sql: string) {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
      statement = this.sqlite.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #run<R>(sql: string, parameters: unknown[]): QueryResult<R> {
    const statement = this.#prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // better-sqlite3 cannot bind booleans; SQLite keeps them as 0/1.
    const parameters = compiled.parameters.map(toBindable);
    try {
      return this.#run<R>(compiled.sql, parameters);
    } catch (error) {
      // Inside a transaction the lock is ours already (BEGIN IMMEDIATE), and the turn must not be given up.
      if (this.sqlite.inTransaction) throw error;
      return retryIfBusy(error, () => this.#run<R>(compiled.sql, parameters), this.turn);
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not used on SQLite");
  }
}

/**
 * The single SQLite connection behind a mutex, as Kysely's own driver, with four differences:
 * statements are cached; transactions begin IMMEDIATE, so a transaction that reads then writes waits
 * for the write lock instead of failing when another process wrote in between; that wait, and a
 * statement's, is on timers with the mutex released (sqlite-busy.ts), so the event loop and reads go on
 * while another process holds the lock; and a ROLLBACK after SQLite already rolled back (disk full, I/O
 * error) is skipped, so the real cause ('database or disk is full') reaches the caller instead of 'no
 * transaction is active'.
 */
class SqliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: SqliteConnection;

  constructor(private readonly sqlite: BetterSqlite3.Database) {
    this.#connection = new SqliteConnection(sqlite, this.#mutex);
  }

  async init() {}

  async acquireConnection() {
    const waiting = this.#mutex.take();
    if (waiting) await waiting;
    return this.#connection;
  }

  async beginTransaction() {
    try {
      this.sqlite.exec("begin immediate");
    } catch (error) {
      await retryIfBusy(error, () => this.sqlite.exec("begin immediate"), this.#mutex);
    }
  }

  async commitTransaction() {
    this.sqlite.exec("commit");
  }

  async rollbackTransaction() {
    if (this.sqlite.inTransaction) this.sqlite.exec("rollback");
  }

  async releaseConnection() {
    this.#mutex.release();
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
