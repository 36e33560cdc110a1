import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { nowIso } from "../ids.js";
import type { Role, Schema } from "../schema.js";
import { escapeLike } from "./like.js";
import { HAS_PASSKEY_SQL, hasPasskey } from "./second-factor-sql.js";

/** A member's role in an organization and that organization's owner (null: not a member). */
export interface MembershipFacts {
  role: Role;
  owner_id: string | null;
  /** The organization requires a second factor (migration 0071), and whether the member has turned one on. */
  require_two_factor: boolean | number;
  twoFactorEnabled: boolean | number;
  /** The member has registered a passkey, which is a second factor too (migration 0072). */
  hasPasskey: boolean | number;
}

export type SessionLookup = (
  token: string,
  organizationId?: string,
) => Promise<
  | { id: string; userId: string; expiresAt: Date | string; email: string; mustChange: string | null; membership?: MembershipFacts | null }
  | undefined
>;

type SessionRow = Omit<NonNullable<Awaited<ReturnType<SessionLookup>>>, "membership">;
const SESSION_COLUMNS = sql.raw(`s.id, s."userId", s."expiresAt", u.email, pcr.user_id as "mustChange"`);
const SESSION_TABLES = sql.raw(
  `sessions s join users u on u.id = s."userId" left join password_change_required pcr on pcr.user_id = s."userId"`,
);

// Only a hash is kept: the table outlives the sessions, and a token is the cookie's secret.
const sessionTokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Accounts (Better Auth's users, credentials and sessions tables, which our migrations own). */
export function userRepository(db: Kysely<Schema>) {
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    findByEmail: (email: string) =>
      db.selectFrom("users").select(["id", "email", "name"]).where("email", "=", email.toLowerCase()).executeTakeFirst(),

    async emailOf(userId: string): Promise<string | undefined> {
      return (await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst())?.email;
    },

    async exists(userId: string): Promise<boolean> {
      return Boolean(await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst());
    },

    /** The account facts the user's own view shows, and whether they have a passkey (a second factor). */
    facts: (userId: string) =>
      db
        .selectFrom("users as u")
        .select(["u.emailVerified", "u.createdAt", "u.twoFactorEnabled", hasPasskey])
        .where("u.id", "=", userId)
        .executeTakeFirst(),

    /**
     * The session a token names, with its user's e-mail and, for a request to an organization's routes,
     * the user's membership of it: one indexed read per signed-in request.
     */
    sessionByToken: (async (token, organizationId) => {
      // Written out rather than built: every signed-in request runs it, and building and compiling
      // it with the query builder cost more than the read itself.
      if (organizationId === undefined) {
        const { rows } = await sql<SessionRow>`select ${SESSION_COLUMNS} from ${SESSION_TABLES} where s.token = ${token}`.execute(db);
        return rows[0];
      }
      const { rows } = await sql<
        SessionRow & {
          role: Role | null;
          owner_id: string | null;
          require_two_factor: boolean | number | null;
          twoFactorEnabled: boolean | number;
          hasPasskey: boolean | number;
        }
      >`select ${SESSION_COLUMNS}, m.role, o.owner_id, o.require_two_factor, u."twoFactorEnabled", ${HAS_PASSKEY_SQL} as "hasPasskey"
        from ${SESSION_TABLES}
        left join memberships m on m.user_id = s."userId" and m.organization_id = ${organizationId}
        left join organizations o on o.id = m.organization_id
        where s.token = ${token}`.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      const { role, owner_id, require_two_factor, twoFactorEnabled, hasPasskey, ...rest } = row;
      return {
        ...rest,
        membership: role ? { role, owner_id, require_two_factor: require_two_factor ?? false, twoFactorEnabled, hasPasskey } : null,
      };
    }) satisfies SessionLookup,

    /** Whether the person signed in with a temporary password they have not replaced yet. */
    async mustChangePassword(userId: string): Promise<boolean> {
      return Boolean(await db.selectFrom("password_change_required").select("user_id").where("user_id", "=", userId).executeTakeFirst());
    },

    /** After an admin's reset: the next sign-in must choose a new password first. Call in a transaction. */
    async requirePasswordChange(userId: string): Promise<void> {
      await db
        .insertInto("password_change_required")
        .values({ user_id: userId, created_at: nowIso() })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    },

    async clearPasswordChange(userId: string): Promise<void> {
      await db.deleteFrom("password_change_required").where("user_id", "=", userId).execute();
    },

    /** When the user's newest session started (their last sign-in). */
    async lastSignIn(userId: string) {
      const row = await db
        .selectFrom("sessions")
        .select("createdAt")
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .limit(1)
        .executeTakeFirst();
      return row?.createdAt;
    },

    /** Whether the account has a password (an account an invitation created has none until the person sets one). */
    async hasPassword(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom("accounts")
        .select("id")
        .where("userId", "=", userId)
        .where("providerId", "=", "credential")
        .where("password", "is not", null)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** An account without a password and its profile, for an invited address; call in a transaction. */
    async insertWithoutPassword(user: { id: string; email: string; name: string }): Promise<void> {
      const now = nowIso();
      await db
        .insertInto("users")
        .values({ ...user, emailVerified: false, image: null, createdAt: now, updatedAt: now })
        .execute();
      await db.insertInto("profiles").values({ user_id: user.id, name: user.name, created_at: now, updated_at: now }).execute();
    },

    async confirmEmail(userId: string): Promise<void> {
      await db.updateTable("users").set({ emailVerified: true, updatedAt: nowIso() }).where("id", "=", userId).execute();
    },

    /** Replaces the password hash; false when the account has no password credential. */
    async setPasswordHash(userId: string, hash: string): Promise<boolean> {
      const result = await db
        .updateTable("accounts")
        .set({ password: hash, updatedAt: nowIso() })
        .where("userId", "=", userId)
        .where("providerId", "=", "credential")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Of these sessions, the ones that still exist and have not expired (open live streams re-check theirs). */
    async liveSessionIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom("sessions").select(["id", "expiresAt"]).where("id", "in", ids).execute();
      const now = Date.now();
      const expiry = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));
      return new Set(rows.filter((r) => expiry(r.expiresAt) > now).map((r) => r.id));
    },

    /**
     * Remembers why the account's sessions are about to end, by a hash of each token, and forgets
     * reasons older than a session can live. Call in a transaction, before endSessions.
     */
    async recordEndedSessions(userId: string, reason: string, olderThan: Date): Promise<void> {
      await db.deleteFrom("ended_sessions").where("ended_at", "<", olderThan.toISOString()).execute();
      const rows = await db.selectFrom("sessions").select("token").where("userId", "=", userId).execute();
      if (rows.length === 0) return;
      const endedAt = nowIso();
      await db
        .insertInto("ended_sessions")
        .values(rows.map((r) => ({ token_hash: sessionTokenHash(r.token), reason, ended_at: endedAt })))
        .onConflict((oc) => oc.column("token_hash").doNothing())
        .execute();
    },

    /** Why the session of this token was ended, if an admin's reset ended it. */
    async endedSessionReason(token: string): Promise<string | null> {
      const row = await db
        .selectFrom("ended_sessions")
        .select("reason")
        .where("token_hash", "=", sessionTokenHash(token))
        .executeTakeFirst();
      return row?.reason ?? null;
    },

    /** The first administrator is still to be asked for their name and the organization's. */
    async welcomePending(userId: string): Promise<boolean> {
      return Boolean(await db.selectFrom("first_run_welcome").select("user_id").where("user_id", "=", userId).executeTakeFirst());
    },

    async setWelcomePending(userId: string): Promise<void> {
      await db
        .insertInto("first_run_welcome")
        .values({ user_id: userId, created_at: nowIso() })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    },

    async clearWelcome(userId: string): Promise<void> {
      await db.deleteFrom("first_run_welcome").where("user_id", "=", userId).execute();
    },

    async endSessions(userId: string): Promise<void> {
      await db.deleteFrom("sessions").where("userId", "=", userId).execute();
    },

    /**
     * Turns two-factor off for the account (secret, recovery codes, trusted devices and any pending
     * sign-in challenge included); answers whether it was on or being set up.
     */
    async clearTwoFactor(userId: string): Promise<boolean> {
      const before = await db.selectFrom("users").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirst();
      const rows = await db.deleteFrom("two_factors").where("userId", "=", userId).executeTakeFirst();
      await db.updateTable("users").set({ twoFactorEnabled: false }).where("id", "=", userId).execute();
      // The plugin's trust and challenge records hold the user id as their value.
      await db
        .deleteFrom("verifications")
        .where("value", "=", userId)
        .where((eb) => eb.or([eb("identifier", "like", "trust-device-%"), eb("identifier", "like", "2fa-%")]))
        .execute();
      return Number(rows.numDeletedRows) > 0 || Boolean(before?.twoFactorEnabled);
    },

    /** Deletes the account; sessions, credentials, memberships, invitations and profile cascade. */
    async delete(userId: string): Promise<void> {
      await db.deleteFrom("users").where("id", "=", userId).execute();
    },

    /**
     * Colleagues of `actorUserId` (members of an organization where the actor is admin or owner) whose
     * e-mail or name contains `q`, not in and not invited to `organizationId`; by e-mail, at most `limit`.
     */
    colleaguesToInvite(actorUserId: string, organizationId: string, q: string, limit: number) {
      const pattern = `%${escapeLike(q.toLowerCase())}%`;
      return db
        .selectFrom("users as u")
        .leftJoin("profiles as p", "p.user_id", "u.id")
        .select(["u.id", "u.email", "p.name", "u.name as auth_name", "u.createdAt"])
        .where((eb) =>
          eb.or([
            eb(sql`lower(u.email)`, "like", sql`${pattern} escape '\\'`),
            eb(sql`lower(coalesce(p.name, u.name))`, "like", sql`${pattern} escape '\\'`),
          ]),
        )
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("memberships as theirs")
              .innerJoin("memberships as mine", "mine.organization_id", "theirs.organization_id")
              .select("theirs.id")
              .whereRef("theirs.user_id", "=", "u.id")
              .where("mine.user_id", "=", actorUserId)
              .where("mine.role", "=", "admin"),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("memberships as m")
                .select("m.id")
                .whereRef("m.user_id", "=", "u.id")
                .where("m.organization_id", "=", organizationId),
            ),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("invitations as i")
                .select("i.id")
                .whereRef("i.user_id", "=", "u.id")
                .where("i.organization_id", "=", organizationId),
            ),
          ),
        )
        .orderBy("u.email")
        .limit(limit)
        .execute();
    },
  };
}
