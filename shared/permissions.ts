// The permission matrix: which role may do what in an organization. The server's policies decide
// from it (plus the record rules: not oneself, not the owner, ...); the UI hides or disables entries
// from the same table, and Settings > Security lists it.

export type MatrixRole = "owner" | "admin" | "staff";

export const ACTIONS = {
  "contacts.view": "View contacts",
  "contacts.create": "Create contacts",
  "contacts.edit": "Edit contacts",
  "contacts.delete": "Move contacts to trash",
  "contacts.favorite": "Mark favourites",
  "contacts.import": "Import contacts",
  "contacts.export": "Export contacts",
  "contacts.duplicates": "Find duplicate contacts",
  "contacts.merge": "Merge duplicate contacts",
  "contacts.sync": "Sync the address book to devices (CardDAV)",
  "trash.view": "View deleted contacts",
  "trash.restore": "Restore deleted contacts",
  "trash.purge": "Permanently delete contacts",
  "groups.view": "View groups",
  "groups.manage": "Create, edit and delete groups",
  "groups.members": "Edit group members",
  "members.view": "View organization users",
  "members.add": "Add users",
  "members.edit": "Edit user profiles",
  "members.role": "Change user roles",
  "members.remove": "Remove users from the organization",
  "members.deleteAccount": "Delete user accounts",
  "members.resetPassword": "Reset user passwords",
  "members.sendResetEmail": "Send password reset e-mails",
  "organization.rename": "Rename the organization",
  "organization.settings": "Change the organization's settings",
  "organization.delete": "Delete the organization",
  "apiTokens.manage": "Create and revoke API tokens",
  "usage.view": "View usage statistics",
  "audit.view": "View the audit log",
  "webhooks.manage": "Manage webhooks (endpoints, delivery log, test events)",
} as const;

export type Action = keyof typeof ACTIONS;

const ALL = Object.keys(ACTIONS) as Action[];
const STAFF: Action[] = [
  "contacts.view",
  "contacts.create",
  "contacts.edit",
  "contacts.delete",
  // Merging edits one contact and moves the others to the trash: whoever may do both may merge.
  "contacts.merge",
  "contacts.favorite",
  "contacts.import",
  "groups.view",
  "groups.manage",
  "groups.members",
  "members.view",
];
const ADMIN: Action[] = ALL.filter((a) => a !== "organization.delete");

export const PERMISSIONS: Record<MatrixRole, ReadonlySet<Action>> = {
  owner: new Set(ALL),
  admin: new Set(ADMIN),
  staff: new Set(STAFF),
};

export const ROLE_LABELS: Record<MatrixRole, string> = {
  owner: "Owner",
  admin: "Administrator",
  staff: "Staff Member",
};

export function roleAllows(role: MatrixRole, action: Action): boolean {
  return PERMISSIONS[role].has(action);
}
