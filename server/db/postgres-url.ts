/** Where a postgres:// URL points, without its password: for messages, commands and libpq's PG* variables. */
export interface PostgresTarget {
  host: string;
  port: string;
  user: string;
  database: string;
}

/** libpq's defaults for what the URL leaves out. */
export function postgresTarget(databaseUrl: string): PostgresTarget {
  const url = new URL(databaseUrl);
  return {
    host: decodeURIComponent(url.hostname) || "localhost",
    port: url.port || "5432",
    user: decodeURIComponent(url.username),
    database: decodeURIComponent(url.pathname.slice(1)) || "postgres",
  };
}

/** "the PostgreSQL database contactbook on db.internal:5432" */
export function describePostgres(databaseUrl: string): string {
  const { host, port, database } = postgresTarget(databaseUrl);
  return `the PostgreSQL database ${database} on ${host}:${port}`;
}

/** The command that creates the URL's database (the password is asked for, never shown). */
export function createdbCommand(databaseUrl: string): string {
  const { host, port, user, database } = postgresTarget(databaseUrl);
  return ["createdb", "-h", host, "-p", port, ...(user ? ["-U", user] : []), database].map(shellWord).join(" ");
}

/** PostgreSQL's SQLSTATE for "database does not exist". */
export const MISSING_DATABASE = "3D000";

/** The sentence for a database that does not exist yet: what to run before trying again. */
export function missingDatabaseMessage(databaseUrl: string): string {
  return `${capitalize(describePostgres(databaseUrl))} does not exist. Create it first: ${createdbCommand(databaseUrl)}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);
