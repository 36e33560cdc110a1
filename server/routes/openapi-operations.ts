import {
  contactCreatedSchema,
  contactDetailSchema,
  contactPageSchema,
  contactSchema,
  groupPageSchema,
  groupRecordSchema,
  importRunPageSchema,
  importRunSchema,
  memberPageSchema,
} from "../../shared/api-response-schemas.js";
import { API_SCOPES, API_TOKEN_PREFIX } from "../../shared/api-tokens.js";
import { WEBHOOK_EVENT_TYPES } from "../../shared/webhooks.js";
import { fileOf, json, jsonOf, noContent, op } from "../http/openapi.js";

// What each route is, for the OpenAPI document (ADR 023): summary, tag and answers. The request side
// comes from the route's validator; a route file puts its entry first in the route's chain.

const ok = (description: string) => ({ 200: jsonOf(description) });
const done = { 200: jsonOf("`{ ok: true }`.") };

const contact = (description: string) => ({ 200: json(contactSchema, description) });

export const contactOps = {
  list: op({
    tag: "Contacts",
    summary: "List contacts",
    description: "A page of the organization's contacts: searched (`q`), filtered, sorted, or one group's.",
    answers: { 200: json(contactPageSchema, "A page of contacts.") },
  }),
  counts: op({ tag: "Contacts", summary: "Count contacts by filter", answers: ok("How many contacts each filter of the list has.") }),
  bulk: op({
    tag: "Contacts",
    summary: "Act on selected contacts",
    description: "Favorite, unfavorite, add to or remove from a group, or move to the trash, up to 1,000 contacts at once.",
    answers: ok("What was done, by contact."),
    failures: [403],
  }),
  bulkRestore: op({
    tag: "Contacts",
    summary: "Undo a bulk move to the trash",
    answers: ok("How many contacts came back."),
    failures: [403],
  }),
  duplicates: op({
    tag: "Duplicates",
    summary: "List likely duplicates",
    answers: ok("A page of groups of contacts that look like one person."),
    failures: [403],
  }),
  phoneMatch: op({
    tag: "Contacts",
    summary: "Find the contact a phone or e-mail belongs to",
    answers: ok("`{ match }`: the contact, or null."),
  }),
  create: op({
    tag: "Contacts",
    summary: "Create a contact",
    description:
      "Any of the contact's fields (docs/contacts.md), checked with the organization's rules. When the phone already " +
      "belongs to a contact, `on_duplicate` decides: `merge` (default) fills that contact's empty fields, `new` adds the " +
      "person anyway, `ask` answers 409 `DUPLICATE_PHONE` naming the contact.",
    requestExample: { first_name: "Ada", last_name: "Lovelace", phone: "615-390-6319", email: "ada@example.com", on_duplicate: "ask" },
    answers: {
      201: json(contactCreatedSchema, "Created, or merged into the contact with that phone.", {
        contact: contactSchema.meta()?.example,
        merged: false,
        changes: [],
        not_applied: [],
      }),
    },
    failures: [403, 409],
  }),
  get: op({
    tag: "Contacts",
    summary: "Get a contact",
    answers: { 200: json(contactDetailSchema, "The contact with every field and list.") },
  }),
  update: op({
    tag: "Contacts",
    summary: "Edit a contact",
    description: "The `version` read, and the fields to change; a newer version on the server answers 409 naming the fields both changed.",
    requestExample: { version: 3, job_title: "Engineer" },
    answers: contact("The contact as saved."),
    failures: [403, 409],
  }),
  remove: op({ tag: "Contacts", summary: "Move a contact to the trash", answers: { 204: noContent }, failures: [403] }),
  favorite: op({ tag: "Contacts", summary: "Star or unstar a contact", answers: contact("The contact.") }),
  restore: op({ tag: "Contacts", summary: "Undo a move to the trash", answers: contact("The restored contact."), failures: [403] }),
  access: op({ tag: "Contacts", summary: "Record that the contact was opened", answers: ok("`{ last_accessed }`.") }),
  trash: op({
    tag: "Trash",
    summary: "List the trash",
    answers: ok("A page of deleted contacts, each with `merged_into`."),
    failures: [403],
  }),
  trashRestore: op({ tag: "Trash", summary: "Restore a deleted contact", answers: contact("The restored contact."), failures: [403] }),
  purge: op({ tag: "Trash", summary: "Delete a contact for good", answers: { 204: noContent }, failures: [403] }),
  merge: op({
    tag: "Duplicates",
    summary: "Merge contacts",
    answers: ok("`{ contact, mergeId }`: the contact kept."),
    failures: [403, 409],
  }),
  undoMerge: op({ tag: "Duplicates", summary: "Undo a merge", answers: ok("`{ contact, restored }`."), failures: [403, 409] }),
  history: op({ tag: "History", summary: "List a contact's history", answers: ok("A page of the contact's versions, newest first.") }),
  historyRestore: op({
    tag: "History",
    summary: "Restore a contact's earlier version",
    answers: contact("The contact as restored."),
    failures: [403, 409],
  }),
  setPhoto: op({
    tag: "Photos",
    summary: "Set a contact's photo",
    description: "A `multipart/form-data` upload with the image in the field `photo` (JPEG, PNG, WebP, GIF or HEIC).",
    answers: ok("`{ photo_etag }`."),
    failures: [400, 403, 413],
  }),
  removePhoto: op({ tag: "Photos", summary: "Remove a contact's photo", answers: ok("`{ photo_etag: null }`."), failures: [403] }),
  getPhoto: op({
    tag: "Photos",
    summary: "Get a contact's photo",
    answers: { 200: fileOf("image/jpeg", "The picture."), 304: { description: "Unchanged (If-None-Match)." } },
  }),
};

export const groupOps = {
  list: op({
    tag: "Groups",
    summary: "List groups",
    answers: { 200: json(groupPageSchema, "A page of groups, with how many contacts each has.") },
  }),
  ofContact: op({ tag: "Groups", summary: "List a contact's groups", answers: ok("`{ items }`: the groups the contact is in.") }),
  create: op({
    tag: "Groups",
    summary: "Create a group",
    requestExample: { name: "Suppliers", description: "Who we buy from" },
    answers: { 201: json(groupRecordSchema, "The new group.") },
    failures: [403, 409],
  }),
  update: op({ tag: "Groups", summary: "Rename a group", answers: { 200: json(groupRecordSchema, "The group.") }, failures: [403, 409] }),
  remove: op({ tag: "Groups", summary: "Delete a group", description: "Its contacts stay.", answers: { 204: noContent }, failures: [403] }),
  members: op({
    tag: "Groups",
    summary: "List a group's contacts",
    answers: { 200: json(contactPageSchema, "A page of the group's contacts.") },
  }),
  candidates: op({
    tag: "Groups",
    summary: "Search contacts to add to a group",
    answers: ok("A page of contacts, each with whether it is in the group."),
  }),
  add: op({
    tag: "Groups",
    summary: "Add contacts to a group",
    answers: { 201: jsonOf("`{ added }`: how many were not in it yet.") },
    failures: [403],
  }),
  removeMember: op({ tag: "Groups", summary: "Take a contact out of a group", answers: { 204: noContent }, failures: [403] }),
};

const importForm = "A `multipart/form-data` upload: the file in the field `file` (.csv or .vcf), and the options as fields.";

export const importOps = {
  preview: op({
    tag: "Imports",
    summary: "Preview an import",
    description: importForm,
    answers: ok("The columns, their suggested fields and the first rows."),
    failures: [403, 413],
  }),
  start: op({
    tag: "Imports",
    summary: "Start an import",
    description: `${importForm} The run goes on in the background: follow it with GET .../imports/{id}.`,
    answers: { 201: json(importRunSchema, "The run, `running`.") },
    failures: [403, 409, 413],
  }),
  native: op({
    tag: "Imports",
    summary: "Import contacts given as JSON",
    answers: { 201: json(importRunSchema, "The run.") },
    failures: [403, 409],
  }),
  list: op({
    tag: "Imports",
    summary: "List imports",
    answers: { 200: json(importRunPageSchema, "A page of runs, newest first.") },
    failures: [403],
  }),
  get: op({
    tag: "Imports",
    summary: "Get an import run",
    answers: { 200: json(importRunSchema, "The run and its tally.") },
    failures: [403],
  }),
  failedRows: op({
    tag: "Imports",
    summary: "Download the rows an import could not take",
    answers: { 200: fileOf("text/csv", "The rows, with why each failed.") },
    failures: [403],
  }),
  undo: op({
    tag: "Imports",
    summary: "Undo an import",
    answers: { 200: json(importRunSchema, "The run, with its undo report.") },
    failures: [403, 409],
  }),
};

export const exportOps = {
  summary: op({ tag: "Export", summary: "Count what an export would hold", answers: ok("`{ count }`."), failures: [403] }),
  file: op({
    tag: "Export",
    summary: "Export contacts",
    description: "A CSV or vCard file of the contacts the query selects.",
    answers: {
      200: {
        description: "The file, as an attachment.",
        content: { "text/csv": { schema: { type: "string" } }, "text/vcard": { schema: { type: "string" } } },
      },
    },
    failures: [403],
  }),
  selection: op({
    tag: "Export",
    summary: "Export chosen contacts",
    answers: { 200: fileOf("text/csv", "The file, as an attachment (text/vcard for vCard).", "text") },
    failures: [403],
  }),
  usage: op({ tag: "Export", summary: "Usage statistics", answers: ok("Counts by day for the chosen period."), failures: [403] }),
  audit: op({ tag: "Export", summary: "The audit log", answers: ok("A page of audit entries, newest first."), failures: [403] }),
};

export const eventOps = {
  stream: op({
    tag: "Live updates",
    summary: "Follow the organization's changes",
    description:
      "Server-Sent Events: `ready`, then one event per change; `Last-Event-ID` resumes after the last event seen, and `?viewAge=<ms>` (no event seen yet) replays what arrived since the client read what it shows.",
    answers: { 200: fileOf("text/event-stream", "The stream.", "text") },
    failures: [429],
  }),
};

export const memberOps = {
  list: op({
    tag: "Members",
    summary: "List members",
    answers: { 200: json(memberPageSchema, "A page of members, with what the caller may do to each.") },
    failures: [403],
  }),
  invite: op({
    tag: "Members",
    summary: "Invite a user",
    answers: { 201: jsonOf("`{ outcome: 'invited', emailSent, invitation }`.") },
    failures: [403, 409],
  }),
  invitations: op({ tag: "Members", summary: "List pending invitations", answers: ok("A page of invitations."), failures: [403] }),
  withdraw: op({ tag: "Members", summary: "Withdraw an invitation", answers: { 204: noContent }, failures: [403] }),
  update: op({ tag: "Members", summary: "Change a member's name or role", answers: ok("The member."), failures: [403, 409] }),
  remove: op({ tag: "Members", summary: "Remove a member from the organization", answers: { 204: noContent }, failures: [403] }),
  deleteAccount: op({ tag: "Members", summary: "Delete a member's account", answers: { 204: noContent }, failures: [403] }),
  resetPassword: op({
    tag: "Members",
    summary: "Give a member a temporary password",
    answers: ok("`{ temporaryPassword }`, shown once."),
    failures: [403, 429],
  }),
  resetEmail: op({ tag: "Members", summary: "Mail a member a password-reset link", answers: done, failures: [403, 429] }),
  searchUsers: op({ tag: "Members", summary: "Search users to add", answers: ok("`{ users }`."), failures: [403, 429] }),
};

export const organizationOps = {
  list: op({ tag: "Organizations", summary: "List the caller's organizations", answers: ok("`{ items }`.") }),
  create: op({
    tag: "Organizations",
    summary: "Create an organization",
    answers: { 201: jsonOf("The organization; the caller is its owner.") },
  }),
  update: op({
    tag: "Organizations",
    summary: "Change an organization's name or settings",
    answers: ok("The organization."),
    failures: [403],
  }),
  remove: op({ tag: "Organizations", summary: "Delete an organization", answers: { 204: noContent }, failures: [403] }),
};

export const meOps = {
  get: op({ tag: "Me", summary: "Who am I", answers: ok("The person, their organizations and roles, and what they may do.") }),
  profile: op({ tag: "Me", summary: "Change my name", answers: ok("`{ name }`.") }),
  password: op({ tag: "Me", summary: "Change my password", description: "Other sessions end.", answers: done, failures: [429] }),
  welcomeDone: op({ tag: "Me", summary: "Finish the first administrator's welcome", answers: ok("The person.") }),
  emailConfirmation: op({ tag: "Me", summary: "Mail me a link to confirm my address", answers: done, failures: [429] }),
  invitations: op({ tag: "Me", summary: "List invitations waiting for me", answers: ok("`{ items }`.") }),
  accept: op({ tag: "Me", summary: "Accept an invitation", answers: ok("The organization joined.") }),
  decline: op({ tag: "Me", summary: "Decline an invitation", answers: { 204: noContent } }),
  notifications: op({ tag: "Me", summary: "List my notifications", answers: ok("A page of notifications, newest first.") }),
  unreadCount: op({ tag: "Me", summary: "Count my unread notifications", answers: ok("`{ count }`.") }),
  readAll: op({ tag: "Me", summary: "Mark all my notifications read", answers: ok("`{ updated }`.") }),
  read: op({ tag: "Me", summary: "Mark a notification read", answers: ok("The notification.") }),
  notificationSettings: op({ tag: "Me", summary: "Get my notification settings", answers: ok("The settings.") }),
  updateNotificationSettings: op({ tag: "Me", summary: "Change my notification settings", answers: ok("The settings.") }),
  appPasswords: op({ tag: "Me", summary: "List my app passwords (CardDAV)", answers: ok("`{ appPasswords }`.") }),
  createAppPassword: op({
    tag: "Me",
    summary: "Create an app password (CardDAV)",
    answers: { 201: jsonOf("The app password and its secret, shown once.") },
    failures: [429],
  }),
  revokeAppPassword: op({ tag: "Me", summary: "Revoke an app password", answers: { 204: noContent } }),
  sessions: op({ tag: "Me", summary: "List where I am signed in", answers: ok("`{ items }`: my sessions.") }),
  revokeOthers: op({ tag: "Me", summary: "Sign out my other sessions", answers: ok("`{ revoked }`.") }),
  revokeSession: op({ tag: "Me", summary: "Sign out one of my sessions", answers: { 204: noContent } }),
  twoFactorEnable: op({
    tag: "Me",
    summary: "Start turning on two-factor",
    answers: ok("The authenticator's secret and URI, and recovery codes."),
    failures: [429],
  }),
  twoFactorConfirm: op({ tag: "Me", summary: "Confirm two-factor with a code", answers: ok("`{ enabled: true }`."), failures: [429] }),
  twoFactorDisable: op({ tag: "Me", summary: "Turn off two-factor", answers: ok("`{ enabled: false }`."), failures: [403, 429] }),
  recoveryCodes: op({ tag: "Me", summary: "Make new recovery codes", answers: ok("`{ backupCodes }`."), failures: [429] }),
  passkeys: op({ tag: "Me", summary: "List my passkeys", answers: ok("`{ items }`.") }),
  renamePasskey: op({ tag: "Me", summary: "Rename a passkey", answers: ok("The passkey.") }),
  removePasskey: op({ tag: "Me", summary: "Remove a passkey", answers: { 204: noContent } }),
};

export const accountOps = {
  resetRequest: op({ tag: "Account", summary: "Ask for a password-reset link", public: true, answers: done, failures: [429] }),
  resetVerify: op({
    tag: "Account",
    summary: "Check a password-reset link",
    public: true,
    answers: ok("`{ valid: true }`."),
    failures: [429],
  }),
  resetComplete: op({ tag: "Account", summary: "Set a new password with a reset link", public: true, answers: done, failures: [429] }),
  invitationVerify: op({
    tag: "Account",
    summary: "Read an invitation link",
    public: true,
    answers: ok("The organization, role, inviter and address."),
    failures: [429],
  }),
  invitationJoin: op({
    tag: "Account",
    summary: "Join with an invitation link",
    public: true,
    answers: ok("The account, signed in."),
    failures: [409, 429],
  }),
  verifyEmail: op({ tag: "Account", summary: "Confirm an e-mail address", public: true, answers: done, failures: [429] }),
  sessionEnd: op({ tag: "Account", summary: "Why this browser was signed out", public: true, answers: ok("`{ reason }`, or null.") }),
  clientLog: op({ tag: "Account", summary: "Record a page not found", public: true, answers: { 204: noContent }, failures: [429] }),
};

export const apiTokenOps = {
  list: op({
    tag: "API tokens",
    summary: "List the organization's API tokens",
    description: "Owner and admins. Name, scopes, creator, last use and expiry; never the secret.",
    answers: ok("`{ items }`: the tokens, newest first."),
    failures: [403],
  }),
  create: op({
    tag: "API tokens",
    summary: "Create an API token",
    description:
      `Owner and admins. Scopes: ${API_SCOPES.map((s) => `\`${s}\``).join(", ")}. The secret ` +
      `(\`${API_TOKEN_PREFIX}...\`) is in this answer only; send it as \`Authorization: Bearer <token>\`.`,
    requestExample: { name: "Booking sync", scopes: ["contacts:read", "contacts:write"] },
    answers: { 201: jsonOf("`{ token, apiToken }`: the secret, once, and the token's record.") },
    failures: [403, 409],
  }),
  revoke: op({
    tag: "API tokens",
    summary: "Revoke an API token",
    description: "Takes effect on the token's next request (401).",
    answers: { 204: noContent },
    failures: [403],
  }),
};

const webhookAnswer = "The endpoint: `{ id, url, events, enabled, createdAt, ... }` (never the secret).";

export const webhookOps = {
  list: op({
    tag: "Webhooks",
    summary: "List webhook endpoints",
    description: "Owner and admins.",
    answers: ok("`{ items }`: the endpoints, with their state."),
    failures: [403],
  }),
  create: op({
    tag: "Webhooks",
    summary: "Register a webhook endpoint",
    description:
      "Owner and admins. Deliveries follow the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, " +
      "`webhook-signature`), signed with the `whsec_...` secret in this answer only. Events: " +
      `${WEBHOOK_EVENT_TYPES.map((e) => `\`${e}\``).join(", ")}; \`group.*\` stands for every group event. ` +
      "Addresses on private networks are refused unless the server allows them (WEBHOOK_ALLOW_PRIVATE).",
    requestExample: { url: "https://booking.example.com/hooks/contactbook", events: ["contact.created", "contact.updated"] },
    answers: { 201: jsonOf("`{ webhook, secret }`: the endpoint and its signing secret, once.") },
    failures: [400, 403],
  }),
  update: op({
    tag: "Webhooks",
    summary: "Change a webhook endpoint",
    description: "Its URL, events, or whether it is on (`enabled`).",
    answers: ok(webhookAnswer),
    failures: [400, 403],
  }),
  remove: op({ tag: "Webhooks", summary: "Delete a webhook endpoint", answers: { 204: noContent }, failures: [403] }),
  deliveries: op({
    tag: "Webhooks",
    summary: "An endpoint's delivery log",
    description: "Each attempt: event, status code, duration, attempt number, the start of the response, time.",
    answers: ok("`{ items }`: the latest deliveries, newest first."),
    failures: [403],
  }),
  test: op({
    tag: "Webhooks",
    summary: "Send a test event",
    answers: { 202: jsonOf("The queued delivery: it is sent within seconds and appears in the log.") },
    failures: [403],
  }),
};
