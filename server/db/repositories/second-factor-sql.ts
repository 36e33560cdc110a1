import { type ExpressionBuilder, sql } from "kysely";
import type { Schema } from "../schema.js";

/**
 * Whether the user (aliased `u`) has a passkey. A passkey is a second factor (docs/security.md), so
 * every read that fetches `twoFactorEnabled` for a gate fetches this beside it, and
 * hasSecondFactor (server/services/second-factor.ts) counts either. Read where it is needed rather
 * than kept as a flag: the plugin adds and removes passkeys without telling us, so nothing can drift.
 * The passkeys table is indexed by user.
 */
export const HAS_PASSKEY_SQL = sql.raw(`exists (select 1 from passkeys pk where pk."userId" = u.id)`);

/** The same, for the query builder (a selection named `hasPasskey`). */
export const hasPasskey = (eb: ExpressionBuilder<Schema & { u: Schema["users"] }, "u">) =>
  eb.exists(eb.selectFrom("passkeys as pk").select("pk.id").whereRef("pk.userId", "=", "u.id")).as("hasPasskey");
