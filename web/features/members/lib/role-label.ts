import type { Role } from "@shared/constants";

export const MEMBER_ROLE_LABELS: Record<Role, string> = { admin: "Admin", staff: "Staff" };
