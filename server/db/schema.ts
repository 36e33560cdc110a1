import type { ColumnType, Selectable } from "kysely";

/** Timestamps travel as ISO strings on SQLite and as Date on PostgreSQL; presenters normalise them. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
/** SQLite keeps booleans as 0/1 integers. */
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

import type { Role } from "../../shared/constants.js";

export type { Role };

// Better Auth's tables (names as Better Auth expects them; created by our migrations).
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Better Auth's two-factor plugin (migration 0070). */
  twoFactorEnabled: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}
/** One per account that started enrolling in two-factor (migration 0070); secret and codes encrypted. */
export interface TwoFactorsTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  failedVerificationCount: ColumnType<number, number | undefined, number>;
  lockedUntil: Timestamp | null;
}
/** One per registered passkey (WebAuthn credential) of Better Auth's passkey plugin (migration 0072). */
export interface PasskeysTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: Bool;
  transports: string | null;
  createdAt: Timestamp | null;
  aaguid: string | null;
}
export interface SessionsTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  /** When the session was last used, written at most every few minutes (migration 0069); null until then. */
  lastActiveAt: Timestamp | null;
}
export interface AccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number | bigint | string;
}

// Ours.
export interface ProfilesTable {
  user_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface OrganizationsTable {
  id: string;
  name: string;
  owner_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The last number given to a change of its contacts (migration 0050); PostgreSQL answers bigints as strings. */
  contact_seq: ColumnType<number | string, never, never>;
  /** Whether staff may sync the book to their devices over CardDAV (migration 0060). */
  staff_carddav: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** Every contact needs a phone number (ADR 015; on by default, the spec's rule). */
  require_phone: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** Members need a second factor to use its routes and its CardDAV book (migration 0071; off by default). */
  require_two_factor: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}
export interface MembershipsTable {
  id: string;
  organization_id: string;
  user_id: string;
  role: Role;
  created_at: Timestamp;
}
export interface AuditLogsTable {
  id: string;
  organization_id: string | null;
  user_id: string | null;
  table_name: string;
  record_id: string | null;
  operation: string;
  old_data: string | null;
  new_data: string | null;
  created_at: Timestamp;
  /** The API token that acted, and its name then (migration 0074); null for people in the app. */
  api_token_id: ColumnType<string | null, string | null | undefined, string | null>;
  api_token_name: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface InvitationsTable {
  id: string;
  organization_id: string;
  user_id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  token_hash: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** "logged": no SMTP configured; "failed": the SMTP server refused or was unreachable. */
  status: "logged" | "failed";
  error: string | null;
  created_at: Timestamp;
}

/** birthday_md of a contact without a birthday: it sorts after every month and day. */
export const NO_BIRTHDAY = "~";

export interface ContactsTable {
  id: string;
  organization_id: string;
  first_name: string;
  last_name: string | null;
  company: string | null;
  email: string | null;
  phone: string | null;
  phone_type: string;
  phone2: string | null;
  phone2_type: string;
  address: string | null;
  city: string | null;
  province_state: string | null;
  postal_zip_code: string | null;
  notes: string | null;
  is_favorite: Bool;
  last_accessed: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  version: number;
  /** The import run that created the contact (undo moves such contacts to the trash). */
  import_id: string | null;
  /** Who moved it to the trash (they may undo their own delete). */
  deleted_by: string | null;
  /** Set by the database on every version change (migration 0050): the sync token position. */
  change_seq: ColumnType<number | string, never, never>;
  /** The UID a CardDAV client gave the card, when not the contact's id. */
  vcard_uid: ColumnType<string | null, string | null | undefined, string | null>;
  /** The resource name a CardDAV client created the card under (`<name>.vcf`), when not `<id>.vcf`. */
  dav_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** vCard property lines the app has no field for, one per line, written back unchanged. */
  vcard_extra: ColumnType<string | null, string | null | undefined, string | null>;
  /** Rich contacts (ADR 015): person or company, the single fields beyond the spec's, every list as JSON. */
  kind: ColumnType<string, string | undefined, string>;
  name_prefix: ColumnType<string | null, string | null | undefined, string | null>;
  middle_name: ColumnType<string | null, string | null | undefined, string | null>;
  name_suffix: ColumnType<string | null, string | null | undefined, string | null>;
  phonetic_first_name: ColumnType<string | null, string | null | undefined, string | null>;
  phonetic_last_name: ColumnType<string | null, string | null | undefined, string | null>;
  nickname: ColumnType<string | null, string | null | undefined, string | null>;
  department: ColumnType<string | null, string | null | undefined, string | null>;
  job_title: ColumnType<string | null, string | null | undefined, string | null>;
  phones: ColumnType<string, string | undefined, string>;
  emails: ColumnType<string, string | undefined, string>;
  addresses: ColumnType<string, string | undefined, string>;
  urls: ColumnType<string, string | undefined, string>;
  dates: ColumnType<string, string | undefined, string>;
  custom_fields: ColumnType<string, string | undefined, string>;
  /** The first birthday as written (YYYY-MM-DD or --MM-DD); birthday_md its MM-DD ('~' without one: NO_BIRTHDAY). */
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  birthday_md: ColumnType<string, string | undefined, string>;
  /** The version of the contact's photo (migration 0063), null without one; the bytes are in contact_photos. */
  photo_etag: ColumnType<string | null, string | null | undefined, string | null>;
  /** Per data field, the version, user and time of its last write (migration 0067, ADR 017); null on older rows. */
  field_stamps: ColumnType<string | null, string | null | undefined, string | null>;
  /** The merge that moved it to the trash (migration 0068), null otherwise: the trash says 'merged into'. */
  merged_into: ColumnType<string | null, string | null | undefined, string | null>;
  // Derived on every write (server/services/contact-keys.ts), never sent to clients.
  sort_name: string;
  sort_first: string;
  sort_last: string;
  no_last: number;
  fav_rank: number;
  accessed_key: string;
  phone_digits: string;
  phone_e164: string | null;
  phone2_e164: string | null;
  search_text: string;
}

/** Every phone and e-mail key of every contact (ADR 015): duplicate checks and import matching read it. */
export interface ContactKeysTable {
  organization_id: string;
  kind: "phone" | "email";
  key: string;
  contact_id: string;
}

export interface GroupsTable {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  name_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface GroupContactsTable {
  group_id: string;
  contact_id: string;
  added_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds the current window began. */
  window_start: number | bigint | string;
}

export interface ImportsTable {
  id: string;
  organization_id: string;
  user_id: string;
  format: "csv" | "vcard" | "native";
  file_name: string;
  mode: "fill" | "update" | "skip";
  status: "running" | "done" | "failed";
  total: number;
  processed: number;
  imported: number;
  merged: number;
  skipped: number;
  failed: number;
  errors: string;
  notices: string;
  /** JSON: [{ source, values }], what the file held that the person chose to leave out (ADR 015). */
  left_out: ColumnType<string, string | undefined, string>;
  failed_rows: string;
  headers: string | null;
  heartbeat_at: Timestamp;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  undone_at: Timestamp | null;
  undo_report: string | null;
  /** JSON `{ created, added }`: the groups a run made of the file's labels and the memberships it added; null without that option. */
  groups: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ImportChangesTable {
  import_id: string;
  contact_id: string;
  previous: string;
  version_after: number;
}

/** A membership a run gave a contact that existed before it (migration 0065): undo removes it. */
export interface ImportGroupLinksTable {
  import_id: string;
  group_id: string;
  contact_id: string;
}

export interface ContactHistoryTable {
  id: string;
  organization_id: string;
  contact_id: string;
  version: number;
  at: Timestamp;
  user_id: string | null;
  actor: string | null;
  source: string;
  action: string;
  /** JSON: [{ field, from, to }]. */
  changes: string;
}

/** How many contacts (active or trashed) hold each key, kept by triggers on contact_keys (migration 0068). */
export interface ContactKeyCountsTable {
  organization_id: string;
  kind: "phone" | "email";
  key: string;
  n: number;
}

/** One merge of duplicate contacts (migration 0068): what its undo puts back. */
export interface ContactMergesTable {
  id: string;
  organization_id: string;
  user_id: string | null;
  keep_id: string;
  keep_name: string;
  merged_ids: string;
  keep_before: string;
  versions_after: string;
  groups_added: string;
  created_at: Timestamp;
  undone_at: Timestamp | null;
}

export interface UsageStatsTable {
  organization_id: string;
  user_id: string;
  period: string;
  imports: number;
  exports: number;
  searches: number;
}

export interface ContactCountsTable {
  organization_id: string;
  active: number;
}

/** People signed in with a temporary password, who must choose their own before anything else. */
export interface PasswordChangeRequiredTable {
  user_id: string;
  created_at: Timestamp;
}

/** The first administrator not yet asked for their name and the organization's (migration 0073). */
export interface FirstRunWelcomeTable {
  user_id: string;
  created_at: Timestamp;
}

/** Sessions an admin's password reset ended, by SHA-256 of their token (migration 0073). */
export interface EndedSessionsTable {
  token_hash: string;
  reason: string;
  ended_at: Timestamp;
}

export type NotificationKind = "security" | "import" | "new_user";

export interface NotificationsTable {
  id: string;
  user_id: string;
  organization_id: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

export interface NotificationSettingsTable {
  user_id: string;
  new_users: Bool;
  import_completion: Bool;
  system_updates: Bool;
  /** Mail the person when they sign in from a device not seen before (migration 0069). */
  new_device_sign_in: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  updated_at: Timestamp;
}

/** The devices (user agents without versions) an account has signed in from (migration 0069). */
export interface KnownDevicesTable {
  user_id: string;
  device_key: string;
  first_seen_at: Timestamp;
}

export interface AppPasswordsTable {
  id: string;
  user_id: string;
  name: string;
  /** `hmac-sha256$<hex>` (a keyed hash), or a scrypt `salt:key` for a password made before migration 0060 and not used since. */
  password_hash: string;
  /** The key id a password carries in its first group (null for the older ones). */
  key_id: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** An organization's API tokens (migration 0074, ADR 024). */
export interface ApiTokensTable {
  id: string;
  organization_id: string;
  name: string;
  /** Space-separated scopes. */
  scopes: string;
  /** `hmac-sha256$<hex>` of the whole secret, under a key derived from AUTH_SECRET. */
  token_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** An app password that has opened an organization's book, and when it first took the whole book. */
export interface DavDevicesTable {
  app_password_id: string;
  organization_id: string;
  first_seen_at: Timestamp;
  full_sync_at: Timestamp | null;
}

export interface ContactTombstonesTable {
  organization_id: string;
  change_seq: number | string;
  name: string;
}

/** A contact's photo as the server keeps it: a square JPEG (server/services/contact-photos.ts). */
export interface ContactPhotosTable {
  contact_id: string;
  organization_id: string;
  /** Both drivers answer a Buffer. */
  bytes: ColumnType<Buffer, Uint8Array, Uint8Array>;
  /** A hash of the bytes, as the contact's photo_etag. */
  etag: string;
  updated_at: Timestamp;
}

/** Data upgrades done after the migrations (server/services/data-upgrades.ts). */
export interface DataUpgradesTable {
  name: string;
  done_at: Timestamp;
}

export interface WebhooksTable {
  id: string;
  organization_id: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  /** The signing secret, encrypted (server/services/webhooks/secrets.ts). */
  secret: string;
  enabled: Bool;
  disabled_reason: string | null;
  failing_since: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  organization_id: string;
  event_type: string;
  payload: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: Timestamp | null;
  lease_until: Timestamp | null;
  response_status: number | null;
  response_excerpt: string | null;
  duration_ms: number | null;
  error: string | null;
  created_at: Timestamp;
  last_attempt_at: Timestamp | null;
}

export interface Schema {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  data_upgrades: DataUpgradesTable;
  contact_photos: ContactPhotosTable;
  password_change_required: PasswordChangeRequiredTable;
  first_run_welcome: FirstRunWelcomeTable;
  ended_sessions: EndedSessionsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  app_passwords: AppPasswordsTable;
  api_tokens: ApiTokensTable;
  contact_tombstones: ContactTombstonesTable;
  dav_devices: DavDevicesTable;
  contact_counts: ContactCountsTable;
  groups: GroupsTable;
  group_contacts: GroupContactsTable;
  contacts: ContactsTable;
  contact_keys: ContactKeysTable;
  mail_outbox: MailOutboxTable;
  users: UsersTable;
  sessions: SessionsTable;
  known_devices: KnownDevicesTable;
  two_factors: TwoFactorsTable;
  passkeys: PasskeysTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  rateLimit: RateLimitTable;
  profiles: ProfilesTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  rate_limits: RateLimitsTable;
  imports: ImportsTable;
  import_changes: ImportChangesTable;
  import_group_links: ImportGroupLinksTable;
  contact_merges: ContactMergesTable;
  contact_key_counts: ContactKeyCountsTable;
  usage_stats: UsageStatsTable;
  audit_logs: AuditLogsTable;
  contact_history: ContactHistoryTable;
}

export type ContactRow = Selectable<ContactsTable>;
export type GroupRow = Selectable<GroupsTable>;
