import { type Migration, Migrator } from "kysely";
import type { CountryCode } from "../../shared/phone.js";
import type { AppDatabase } from "./database.js";
import * as authTables from "./migrations/0001-auth-tables.js";
import * as organizations from "./migrations/0002-organizations.js";
import * as mailOutbox from "./migrations/0003-mail-outbox.js";
import * as contacts from "./migrations/0004-contacts.js";
import * as groups from "./migrations/0005-groups.js";
import * as contactCounts from "./migrations/0006-contact-counts.js";
import * as favoriteIndexes from "./migrations/0007-favorite-indexes.js";
import * as invitations from "./migrations/0008-invitations.js";
import * as rateLimits from "./migrations/0009-rate-limits.js";
import * as imports from "./migrations/0020-imports.js";
import * as contactSearchAndUndo from "./migrations/0021-contact-search-and-undo.js";
import * as foldSearchKeys from "./migrations/0022-fold-search-keys.js";
import * as auditLogIndexes from "./migrations/0030-audit-log-indexes.js";
import * as notifications from "./migrations/0040-notifications.js";
import * as carddav from "./migrations/0050-carddav.js";
import * as batchChangeNumbers from "./migrations/0051-batch-change-numbers.js";
import * as carddavRules from "./migrations/0060-carddav-rules.js";
import * as recentIndex from "./migrations/0061-recent-index.js";
import * as richContacts from "./migrations/0062-rich-contacts.js";
import * as contactPhotos from "./migrations/0063-contact-photos.js";
import * as dataUpgrades from "./migrations/0064-data-upgrades.js";
import * as importGroups from "./migrations/0065-import-groups.js";
import * as contactHistory from "./migrations/0066-contact-history.js";
import * as fieldStamps from "./migrations/0067-field-stamps.js";
import * as contactMerges from "./migrations/0068-contact-merges.js";
import * as sessionActivity from "./migrations/0069-session-activity.js";
import * as twoFactor from "./migrations/0070-two-factor.js";
import * as orgTwoFactor from "./migrations/0071-org-two-factor.js";
import * as passkeys from "./migrations/0072-passkeys.js";
import * as firstRunAndEndedSessions from "./migrations/0073-first-run-and-ended-sessions.js";
import * as apiTokens from "./migrations/0074-api-tokens.js";
import * as webhooks from "./migrations/0075-webhooks.js";
import * as searchIndexFlush from "./migrations/0076-search-index-flush.js";
import * as sharedKeyCounts from "./migrations/0077-shared-key-counts.js";
import * as dropPhoneIndex from "./migrations/0078-drop-phone-index.js";
import * as searchIndexWithoutPositions from "./migrations/0079-search-index-without-positions.js";
import * as keyCascadeByStatement from "./migrations/0080-key-cascade-by-statement.js";
import * as uncountedNewKeys from "./migrations/0081-uncounted-new-keys.js";
import * as splitSortIndexes from "./migrations/0082-split-sort-indexes.js";
import * as keyLookupByHash from "./migrations/0083-key-lookup-by-hash.js";
import * as countUnbumpedKeysOnly from "./migrations/0084-count-unbumped-keys-only.js";

/** What some migrations read beside the database: the configuration they ran under, given by the caller. */
export interface MigrationSettings {
  /** DEFAULT_COUNTRY: how numbers typed without a country code were read (0022, 0062). */
  defaultCountry: CountryCode;
}

// Listed in code, not read from a folder, so the bundled server carries its migrations with it.
const migrationsOf = ({ defaultCountry }: MigrationSettings) =>
  ({
    "0001-auth-tables": authTables,
    "0002-organizations": organizations,
    "0003-mail-outbox": mailOutbox,
    "0004-contacts": contacts,
    "0005-groups": groups,
    "0006-contact-counts": contactCounts,
    "0007-favorite-indexes": favoriteIndexes,
    "0008-invitations": invitations,
    "0009-rate-limits": rateLimits,
    "0020-imports": imports,
    "0021-contact-search-and-undo": contactSearchAndUndo,
    "0022-fold-search-keys": { up: (db) => foldSearchKeys.up(db, defaultCountry), down: foldSearchKeys.down },
    "0030-audit-log-indexes": auditLogIndexes,
    "0040-notifications": notifications,
    "0050-carddav": carddav,
    "0051-batch-change-numbers": batchChangeNumbers,
    "0060-carddav-rules": carddavRules,
    "0061-recent-index": recentIndex,
    "0062-rich-contacts": { up: (db) => richContacts.up(db, defaultCountry), down: richContacts.down },
    "0063-contact-photos": contactPhotos,
    "0064-data-upgrades": dataUpgrades,
    "0065-import-groups": importGroups,
    "0066-contact-history": contactHistory,
    "0067-field-stamps": fieldStamps,
    "0068-contact-merges": contactMerges,
    "0069-session-activity": sessionActivity,
    "0070-two-factor": twoFactor,
    "0071-org-two-factor": orgTwoFactor,
    "0072-passkeys": passkeys,
    "0073-first-run-and-ended-sessions": firstRunAndEndedSessions,
    "0074-api-tokens": apiTokens,
    "0075-webhooks": webhooks,
    "0076-search-index-flush": searchIndexFlush,
    "0077-shared-key-counts": sharedKeyCounts,
    "0078-drop-phone-index": dropPhoneIndex,
    "0079-search-index-without-positions": searchIndexWithoutPositions,
    "0080-key-cascade-by-statement": keyCascadeByStatement,
    "0081-uncounted-new-keys": uncountedNewKeys,
    "0082-split-sort-indexes": splitSortIndexes,
    "0083-key-lookup-by-hash": keyLookupByHash,
    "0084-count-unbumped-keys-only": countUnbumpedKeysOnly,
  }) satisfies Record<string, Migration>;

export type MigrationName = keyof ReturnType<typeof migrationsOf>;

// The schema is named so Kysely never mistakes another schema's migration tables for ours.
const migratorOf = (database: AppDatabase, settings: MigrationSettings) =>
  new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsOf(settings) },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });

/**
 * Applies every pending migration in order (or those up to `upTo`); safe to call on each start and from
 * several instances.
 */
export async function migrateToLatest(database: AppDatabase, settings: MigrationSettings, upTo?: MigrationName): Promise<string[]> {
  const migrator = migratorOf(database, settings);
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
