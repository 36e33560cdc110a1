import type { MatrixRole } from "@shared/permissions";
import type { MeOrganization } from "@/features/auth/api";

/** The permission-matrix role of the signed-in user in an organization: the owner outranks the stored role. */
export function organizationRole(organization: Pick<MeOrganization, "role" | "isOwner">): MatrixRole {
  return organization.isOwner ? "owner" : organization.role;
}
