import { describe, expect, it } from "vitest";
import { ACTIONS, type Action } from "../permissions.js";
import { can } from "./can.js";
import { memberAbilities } from "./member-abilities.js";
import { API_SCOPES, type ApiScope } from "../api-tokens.js";
import type { MemberActor, MemberTarget, TokenActor } from "./types.js";

// Written out by hand from spec section 6 (not derived from the matrix), so a wrong matrix fails here.
const EXPECTED: Record<Action, [owner: boolean, admin: boolean, staff: boolean]> = {
  "contacts.view": [true, true, true],
  "contacts.create": [true, true, true],
  "contacts.edit": [true, true, true],
  "contacts.delete": [true, true, true],
  "contacts.favorite": [true, true, true],
  "contacts.import": [true, true, true],
  "contacts.export": [true, true, false],
  "contacts.duplicates": [true, true, false],
  "contacts.merge": [true, true, true],
  // Staff only when the organization allows it (below).
  "contacts.sync": [true, true, false],
  "trash.view": [true, true, false],
  "trash.restore": [true, true, false],
  "trash.purge": [true, true, false],
  "groups.view": [true, true, true],
  "groups.manage": [true, true, true],
  "groups.members": [true, true, true],
  "members.view": [true, true, true],
  "members.add": [true, true, false],
  "members.edit": [true, true, false],
  "members.role": [true, true, false],
  "members.remove": [true, true, false],
  "members.deleteAccount": [true, true, false],
  "members.resetPassword": [true, true, false],
  "members.sendResetEmail": [true, true, false],
  "organization.rename": [true, true, false],
  "organization.settings": [true, true, false],
  "organization.delete": [true, false, false],
  "apiTokens.manage": [true, true, false],
  "usage.view": [true, true, false],
  "audit.view": [true, true, false],
  "webhooks.manage": [true, true, false],
};

const actors: Record<"owner" | "admin" | "staff", MemberActor> = {
  owner: { userId: "o", organizationId: "org", role: "admin", isOwner: true },
  admin: { userId: "a", organizationId: "org", role: "admin", isOwner: false },
  staff: { userId: "s", organizationId: "org", role: "staff", isOwner: false },
};

describe("role x action matrix", () => {
  it("lets exactly those merge contacts who may both edit and delete them", () => {
    for (const actor of Object.values(actors)) {
      const both = can(actor, "contacts.edit").allowed && can(actor, "contacts.delete").allowed;
      expect(can(actor, "contacts.merge").allowed).toBe(both);
    }
  });
  it("covers every action", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(ACTIONS).sort());
  });
  const rows = Object.entries(EXPECTED).flatMap(([action, allowed]) =>
    (["owner", "admin", "staff"] as const).map((role, i) => [action as Action, role, allowed[i]!] as const),
  );
  it.each(rows)("%s for %s -> %s", (action, role, allowed) => {
    expect(can(actors[role], action).allowed).toBe(allowed);
  });
});

describe("record rules on members", () => {
  // Targets as the owner "o" and the admin "a" of the organization see them.
  const T = {
    self: { userId: "a", role: "admin", isOwner: false, managed: true },
    owner: { userId: "o", role: "admin", isOwner: true, managed: true },
    admin: { userId: "a2", role: "admin", isOwner: false, managed: true },
    staff: { userId: "t", role: "staff", isOwner: false, managed: true },
    // Belongs to another organization too (or has a pending invitation from one).
    sharedStaff: { userId: "u", role: "staff", isOwner: false, managed: false },
    sharedAdmin: { userId: "u2", role: "admin", isOwner: false, managed: false },
  } satisfies Record<string, MemberTarget>;
  type Target = keyof typeof T;
  const MEMBER_ACTIONS = [
    "members.edit",
    "members.role",
    "members.remove",
    "members.deleteAccount",
    "members.resetPassword",
    "members.sendResetEmail",
  ] as const;

  // Written out by hand: [edit, role, remove, deleteAccount, resetPassword, sendResetEmail].
  const EXPECTED_FOR: Record<"owner" | "admin", Record<Target, boolean[]>> = {
    admin: {
      self: [false, false, false, false, false, false],
      owner: [false, false, false, false, false, true],
      // Demoting, renaming or resetting another admin is not an admin's power.
      admin: [false, false, false, false, false, true],
      staff: [true, true, true, true, true, true],
      // An account shared with another organization: only membership powers, and a reset e-mail.
      sharedStaff: [false, true, true, false, false, true],
      sharedAdmin: [false, false, false, false, false, true],
    },
    owner: {
      self: [false, false, false, false, false, false],
      owner: [false, false, false, false, false, false],
      admin: [false, true, false, false, true, true],
      staff: [true, true, true, true, true, true],
      sharedStaff: [false, true, true, false, false, true],
      sharedAdmin: [false, true, false, false, false, true],
    },
  };
  const ownerSelf = { ...T.owner };
  const rows = (["owner", "admin"] as const).flatMap((who) =>
    (Object.keys(T) as Target[]).flatMap((target) =>
      MEMBER_ACTIONS.map((action, i) => [who, action, target, EXPECTED_FOR[who][target][i]!] as const),
    ),
  );
  it.each(rows)("%s doing %s to %s -> %s", (who, action, target, allowed) => {
    // For the owner, "self" is their own row.
    const aimed = who === "owner" && target === "self" ? ownerSelf : T[target];
    expect(can(actors[who], action, aimed).allowed).toBe(allowed);
  });

  it.each([
    ["members.edit", T.self, "Cannot modify your own account"],
    ["members.edit", T.admin, "Admins' names can only be changed by themselves"],
    ["members.edit", T.sharedStaff, "This person also belongs to another organization. Only they can change their name."],
    ["members.role", T.self, "Cannot modify your own role"],
    ["members.role", T.owner, "Cannot change organization owner role"],
    ["members.role", T.admin, "Only the organization owner can demote an admin"],
    ["members.remove", T.self, "Cannot remove yourself from the organization"],
    ["members.remove", T.owner, "Cannot remove organization owner"],
    ["members.remove", T.admin, "Cannot remove admin users from the organization"],
    ["members.deleteAccount", T.self, "Cannot delete your own account"],
    ["members.deleteAccount", T.owner, "Cannot delete organization owner"],
    ["members.deleteAccount", T.admin, "Cannot delete admin users"],
    ["members.deleteAccount", T.sharedStaff, "This user belongs to other organizations. Remove them from this organization instead."],
    ["members.resetPassword", T.owner, "Cannot reset the organization owner's password"],
    ["members.resetPassword", T.admin, "Only the organization owner can reset an admin's password"],
    [
      "members.resetPassword",
      T.sharedStaff,
      "This person also belongs to another organization. Send them a password reset e-mail instead.",
    ],
  ] as const)("an admin doing %s on %o is refused: %s", (action, target, message) => {
    expect(can(actors.admin, action, target)).toEqual({ allowed: false, message });
  });

  it.each([
    ["members.deleteAccount", "Only admins can delete user accounts"],
    ["members.remove", "Only admins can remove users from the organization"],
    ["members.role", "Only admins can change user roles"],
    ["members.edit", "Only admins and organization owners can update user profiles"],
  ] as const)("staff doing %s is told %s", (action, message) => {
    expect(can(actors.staff, action, T.staff)).toEqual({ allowed: false, message });
  });

  it("the owner cannot delete their only organization", () => {
    expect(can(actors.owner, "organization.delete", { ownerOrganizationCount: 1 }).allowed).toBe(false);
    expect(can(actors.owner, "organization.delete", { ownerOrganizationCount: 2 }).allowed).toBe(true);
  });
});

describe("syncing the book to devices", () => {
  // Written out by hand: [setting off, setting on] for each role.
  const EXPECTED_SYNC: Record<"owner" | "admin" | "staff", [off: boolean, on: boolean]> = {
    owner: [true, true],
    admin: [true, true],
    staff: [false, true],
  };
  it.each(Object.entries(EXPECTED_SYNC))("%s may sync (setting off, on): %j", (role, [off, on]) => {
    const actor = actors[role as keyof typeof actors];
    expect(can(actor, "contacts.sync", { staffCardDav: false }).allowed).toBe(off);
    expect(can(actor, "contacts.sync", { staffCardDav: true }).allowed).toBe(on);
  });

  it("tells staff who can turn it on", () => {
    expect(can(actors.staff, "contacts.sync", { staffCardDav: false })).toEqual({
      allowed: false,
      message:
        "Staff cannot sync this organization's book to their devices. The owner or an admin can turn on 'Staff may sync the book to their devices' in User Management.",
    });
  });
});

describe("undoing a delete", () => {
  const deletedAt = "2026-01-01T10:00:00.000Z";
  const at = (minutes: number) => new Date(Date.parse(deletedAt) + minutes * 60_000).toISOString();

  it("lets staff restore their own delete for ten minutes, never someone else's", () => {
    const own = (minutes: number) => can(actors.staff, "trash.restore", { deletedBy: actors.staff.userId, deletedAt, now: at(minutes) });
    expect(own(0).allowed).toBe(true);
    expect(own(10).allowed).toBe(true);
    expect(own(11).allowed).toBe(false);
    expect(can(actors.staff, "trash.restore", { deletedBy: "someone-else", deletedAt, now: at(0) }).allowed).toBe(false);
    expect(can(actors.admin, "trash.restore", { deletedBy: "someone-else", deletedAt, now: at(600) }).allowed).toBe(true);
  });
});

describe("member abilities sent with each row", () => {
  const staff: MemberTarget = { userId: "t", role: "staff", isOwner: false, managed: true };
  const shared: MemberTarget = { ...staff, managed: false };

  it("hide every entry on one's own row and for staff, show record refusals with their reason", () => {
    const own = memberAbilities(actors.admin, { userId: "a", role: "admin", isOwner: false, managed: true });
    expect(Object.values(own).every((a) => !a.allowed && !a.show)).toBe(true);
    const asStaff = memberAbilities(actors.staff, staff);
    expect(Object.values(asStaff).every((a) => !a.allowed && !a.show)).toBe(true);
    const onShared = memberAbilities(actors.admin, shared);
    expect(onShared.resetPassword).toEqual({
      allowed: false,
      show: true,
      reason: "This person also belongs to another organization. Send them a password reset e-mail instead.",
    });
    expect(onShared.remove).toEqual({ allowed: true });
    expect(onShared.sendResetEmail).toEqual({ allowed: true });
  });
});

// Written out by hand from ADR 024: which scope opens which action. Every action no scope names is
// closed to every token, whatever its scopes (members, settings, the trash, merging, imports, tokens).
const TOKEN_EXPECTED: Partial<Record<Action, ApiScope>> = {
  "contacts.view": "contacts:read",
  "contacts.create": "contacts:write",
  "contacts.edit": "contacts:write",
  "contacts.delete": "contacts:write",
  "contacts.favorite": "contacts:write",
  "groups.view": "groups:read",
  "groups.manage": "groups:write",
  "groups.members": "groups:write",
  "contacts.export": "export",
};

describe("scope x action matrix of API tokens", () => {
  const tokenWith = (...scopes: ApiScope[]): TokenActor => ({
    userId: "a",
    organizationId: "org",
    token: { id: "t1", name: "Booking sync", scopes },
  });
  const rows = (Object.keys(ACTIONS) as Action[]).flatMap((action) =>
    API_SCOPES.map((scope) => [action, scope, TOKEN_EXPECTED[action] === scope] as const),
  );
  it.each(rows)("%s with only %s -> %s", (action, scope, allowed) => {
    expect(can(tokenWith(scope), action).allowed).toBe(allowed);
  });

  it("gives a token with every scope no power beyond them, whatever the target", () => {
    const all = tokenWith(...API_SCOPES);
    for (const action of Object.keys(ACTIONS) as Action[]) expect(can(all, action).allowed).toBe(TOKEN_EXPECTED[action] !== undefined);
    // The record rules that open things to members do not open them to a token.
    expect(can(all, "trash.restore", { deletedBy: "a", deletedAt: "2026-01-01T00:00:00Z", now: "2026-01-01T00:01:00Z" }).allowed).toBe(
      false,
    );
    expect(can(all, "contacts.sync", { staffCardDav: true }).allowed).toBe(false);
  });

  it("says which scope is missing, and that the rest needs a person", () => {
    expect(can(tokenWith("contacts:read"), "contacts.create")).toEqual({
      allowed: false,
      message: 'This API token cannot create contacts: it needs the "contacts:write" scope.',
    });
    expect(can(tokenWith(...API_SCOPES), "members.view")).toEqual({
      allowed: false,
      message: "API tokens cannot view organization users. Sign in to the app to do this.",
    });
  });
});
