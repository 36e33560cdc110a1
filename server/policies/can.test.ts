import { describe, expect, it } from "vitest";
import { ACTIONS, type Action } from "../../shared/permissions.js";
import { type OrgActor, can } from "./can.js";

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
  "organization.delete": [true, false, false],
};

const actors: Record<"owner" | "admin" | "staff", OrgActor> = {
  owner: { userId: "o", organizationId: "org", role: "admin", isOwner: true },
  admin: { userId: "a", organizationId: "org", role: "admin", isOwner: false },
  staff: { userId: "s", organizationId: "org", role: "staff", isOwner: false },
};

describe("role x action matrix", () => {
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
  const staffTarget = { userId: "t", role: "staff" as const, isOwner: false };
  const adminTarget = { userId: "a2", role: "admin" as const, isOwner: false };
  const ownerTarget = { userId: "o", role: "admin" as const, isOwner: true };
  const self = { userId: "a", role: "admin" as const, isOwner: false };
  it.each([
    ["members.edit", self, "Cannot modify your own account"],
    ["members.role", self, "Cannot modify your own role"],
    ["members.role", ownerTarget, "Cannot change organization owner role"],
    ["members.remove", self, "Cannot remove yourself from the organization"],
    ["members.remove", ownerTarget, "Cannot remove organization owner"],
    ["members.remove", adminTarget, "Cannot remove admin users from the organization"],
    ["members.deleteAccount", self, "Cannot delete your own account"],
    ["members.deleteAccount", ownerTarget, "Cannot delete organization owner"],
    ["members.deleteAccount", adminTarget, "Cannot delete admin users"],
    ["members.deleteAccount", { ...staffTarget, organizationCount: 2 }, "This user belongs to other organizations. Remove them from this organization instead."],
    ["members.resetPassword", ownerTarget, "Cannot reset the organization owner's password"],
    ["members.resetPassword", adminTarget, "Only the organization owner can reset an admin's password"],
  ] as const)("an admin doing %s on %o is refused: %s", (action, target, message) => {
    expect(can(actors.admin, action, target)).toEqual({ allowed: false, message });
  });

  it.each(["members.edit", "members.role", "members.remove", "members.deleteAccount", "members.resetPassword"] as const)(
    "an admin may do %s to a staff member",
    (action) => expect(can(actors.admin, action, staffTarget).allowed).toBe(true),
  );

  it("the owner may reset an admin's password and change an admin's role", () => {
    expect(can(actors.owner, "members.resetPassword", adminTarget).allowed).toBe(true);
    expect(can(actors.owner, "members.role", adminTarget).allowed).toBe(true);
  });

  it.each([
    ["members.deleteAccount", "Only admins can delete user accounts"],
    ["members.remove", "Only admins can remove users from the organization"],
    ["members.role", "Only admins can change user roles"],
    ["members.edit", "Only admins and organization owners can update user profiles"],
  ] as const)("staff doing %s is told %s", (action, message) => {
    expect(can(actors.staff, action, staffTarget)).toEqual({ allowed: false, message });
  });

  it("the owner cannot delete their only organization", () => {
    expect(can(actors.owner, "organization.delete", { ownerOrganizationCount: 1 }).allowed).toBe(false);
    expect(can(actors.owner, "organization.delete", { ownerOrganizationCount: 2 }).allowed).toBe(true);
  });
});
