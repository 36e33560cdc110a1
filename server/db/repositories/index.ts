import type { Kysely } from "kysely";
import type { Engine } from "../database.js";
import type { Schema } from "../schema.js";
import { apiTokenRepository } from "./api-tokens.js";
import { appPasswordRepository } from "./app-passwords.js";
import { auditRepository } from "./audit-logs.js";
import { contactHistoryRepository, pruneHistory } from "./contact-history.js";
import { contactMergeRepository } from "./contact-merges.js";
import { contactPhotoRepository } from "./contact-photos.js";
import { contactRepository } from "./contacts.js";
import { davCardRepository } from "./dav-cards.js";
import { davDeviceRepository } from "./dav-devices.js";
import { groupRepository } from "./groups.js";
import { importRepository, usageRepository } from "./imports.js";
import { invitationRepository } from "./invitations.js";
import { mailOutboxRepository } from "./mail-outbox.js";
import { maintenanceRepository } from "./maintenance.js";
import { memberRepository } from "./members.js";
import { notificationRepository } from "./notifications.js";
import { organizationRepository } from "./organizations.js";
import { passkeyRepository } from "./passkeys.js";
import { profileRepository } from "./profiles.js";
import { rateLimitRepository } from "./rate-limits.js";
import { sessionRepository } from "./sessions.js";
import { trashRepository } from "./trash.js";
import { userRepository } from "./users.js";
import { upgradeRepository } from "./upgrades.js";
import { tokenRepository } from "./verifications.js";
import { webhookQueueRepository, webhookRepository } from "./webhooks.js";

function repositoriesOn(db: Kysely<Schema>, engine: Engine) {
  return {
    engine,
    contacts: (organizationId: string) => contactRepository(db, engine, organizationId),
    trash: (organizationId: string) => trashRepository(db, organizationId),
    contactPhotos: (organizationId: string) => contactPhotoRepository(db, organizationId),
    contactHistory: (organizationId: string) => contactHistoryRepository(db, engine, organizationId),
    pruneHistory: (before: string, limit: number) => pruneHistory(db, before, limit),
    contactMerges: (organizationId: string) => contactMergeRepository(db, organizationId),
    davCards: (organizationId: string) => davCardRepository(db, organizationId),
    davDevices: (organizationId: string) => davDeviceRepository(db, organizationId),
    appPasswords: appPasswordRepository(db),
    apiTokens: apiTokenRepository(db),
    passkeys: passkeyRepository(db),
    groups: (organizationId: string) => groupRepository(db, engine, organizationId),
    members: (organizationId: string) => memberRepository(db, organizationId),
    imports: (organizationId: string) => importRepository(db, organizationId),
    usage: usageRepository(db),
    organizations: organizationRepository(db, engine),
    invitations: invitationRepository(db),
    users: userRepository(db),
    sessions: sessionRepository(db),
    profiles: profileRepository(db),
    tokens: tokenRepository(db),
    audit: auditRepository(db),
    rateLimits: rateLimitRepository(db),
    mailOutbox: mailOutboxRepository(db),
    notifications: notificationRepository(db),
    maintenance: maintenanceRepository(db, engine),
    upgrades: upgradeRepository(db),
    webhooks: (organizationId: string) => webhookRepository(db, organizationId),
    webhookQueue: webhookQueueRepository(db, engine),
  };
}

export type Repositories = ReturnType<typeof repositoriesOn> & {
  /** Runs `work` with every repository bound to one transaction: all of it commits, or none. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
};

/**
 * Every repository, on one database handle: the pool, or a transaction. All SQL of the app lives in
 * these; the organization-scoped ones take the organization id and filter by it in their base query.
 */
export function createRepositories(db: Kysely<Schema>, engine: Engine): Repositories {
  const repos: Repositories = {
    ...repositoriesOn(db, engine),
    // Inside a transaction, a nested one is the same transaction.
    transaction: (work) => (db.isTransaction ? work(repos) : db.transaction().execute((trx) => work(createRepositories(trx, engine)))),
  };
  return repos;
}
