import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";

/** How often a token's "last used" is written: an integration polling every second is not a write per request. */
const TOUCH_EVERY_MS = 60_000;

/** Whether a use at `now` is worth writing, given the last one recorded. */
export const apiTokenUseIsNews = (lastUsedAt: Date | string | null, now: Date): boolean =>
  lastUsedAt === null || new Date(lastUsedAt).getTime() < now.getTime() - TOUCH_EVERY_MS;

export interface NewApiToken {
  id: string;
  organization_id: string;
  name: string;
  scopes: string;
  token_hash: string;
  created_by: string;
  created_at: string;
  expires_at: string | null;
}

/** Organization API tokens (ADR 024): found by their keyed hash, which never leaves the server. */
export function apiTokenRepository(db: Kysely<Schema>) {
  const listed = () =>
    db
      .selectFrom("api_tokens as t")
      .leftJoin("users as u", "u.id", "t.created_by")
      .leftJoin("profiles as p", "p.user_id", "t.created_by")
      .select([
        "t.id",
        "t.name",
        "t.scopes",
        "t.created_at",
        "t.expires_at",
        "t.last_used_at",
        "t.created_by",
        "u.email",
        "p.name as creator_name",
      ]);

  return {
    async insert(row: NewApiToken): Promise<void> {
      await db.insertInto("api_tokens").values(row).execute();
    },

    /** The organization's tokens not revoked, newest first, with their creator's name (bounded: API_TOKENS_MAX). */
    listOfOrganization: (organizationId: string, limit: number) =>
      listed()
        .where("t.organization_id", "=", organizationId)
        .where("t.revoked_at", "is", null)
        .orderBy("t.created_at", "desc")
        .orderBy("t.id", "desc")
        .limit(limit)
        .execute(),

    /** One of the organization's tokens, as listed. */
    find: (organizationId: string, id: string) =>
      listed().where("t.organization_id", "=", organizationId).where("t.id", "=", id).executeTakeFirst(),

    async countActive(organizationId: string): Promise<number> {
      const row = await db
        .selectFrom("api_tokens")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("organization_id", "=", organizationId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Revokes one of the organization's tokens; its name, or undefined when it was not theirs or already revoked. */
    async revoke(organizationId: string, id: string, now: string): Promise<string | undefined> {
      const row = await db
        .updateTable("api_tokens")
        .set({ revoked_at: now })
        .where("organization_id", "=", organizationId)
        .where("id", "=", id)
        .where("revoked_at", "is", null)
        .returning("name")
        .executeTakeFirst();
      return row?.name;
    },

    /**
     * The token with this hash, with the role its creator holds today in the token's organization (null:
     * no longer a member) and who owns it: one indexed read per request.
     */
    findByHash: (tokenHash: string) =>
      db
        .selectFrom("api_tokens as t")
        .innerJoin("organizations as o", "o.id", "t.organization_id")
        .leftJoin("memberships as m", (join) =>
          join.onRef("m.organization_id", "=", "t.organization_id").onRef("m.user_id", "=", "t.created_by"),
        )
        .select([
          "t.id",
          "t.organization_id",
          "t.name",
          "t.scopes",
          "t.token_hash",
          "t.created_by",
          "t.expires_at",
          "t.revoked_at",
          "t.last_used_at",
          "m.role",
          "o.owner_id",
        ])
        .where("t.token_hash", "=", tokenHash)
        .executeTakeFirst(),

    /** Records a use, at most once a minute per token. */
    async touch(id: string, now: Date): Promise<void> {
      await db
        .updateTable("api_tokens")
        .set({ last_used_at: now.toISOString() })
        .where("id", "=", id)
        .where((eb) =>
          eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", new Date(now.getTime() - TOUCH_EVERY_MS).toISOString())]),
        )
        .execute();
    },
  };
}
