// Both engines report a violated constraint with their own codes; the app answers each the same way.

export type DatabaseFault = "unique" | "foreign_key" | "bad_value";

const SQLITE: Record<string, DatabaseFault> = {
  SQLITE_CONSTRAINT_UNIQUE: "unique",
  SQLITE_CONSTRAINT_PRIMARYKEY: "unique",
  SQLITE_CONSTRAINT_FOREIGNKEY: "foreign_key",
};

// 23505 unique_violation, 23503 foreign_key_violation; 22xxx data exceptions (a NUL byte, a malformed
// timestamp or number) mean the input was bad, whatever validation missed it.
const POSTGRES: Record<string, DatabaseFault> = { "23505": "unique", "23503": "foreign_key" };

/** What kind of input fault a database error is, or null for a real failure. */
export function databaseFault(error: unknown): DatabaseFault | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  if (code in SQLITE) return SQLITE[code]!;
  if (code in POSTGRES) return POSTGRES[code]!;
  if (/^22[0-9A-Z]{3}$/.test(code)) return "bad_value";
  return null;
}

export const isUniqueViolation = (error: unknown) => databaseFault(error) === "unique";
