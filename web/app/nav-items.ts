import { BarChart3, BookUser, Download, Settings, ShieldCheck, Upload, Users, type LucideIcon } from "lucide-react";
import type { Action } from "@shared/permissions";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to those the shared policy allows this action. */
  requires?: Action;
}

export const primaryNavItems: NavItem[] = [
  { to: "/contacts", label: "Contacts", icon: BookUser },
  { to: "/groups", label: "Groups", icon: Users },
  { to: "/import", label: "Import", icon: Upload },
];

// Spec: the Admin section is shown to everyone; the screens themselves enforce permissions. Export and
// Analytics are admin-only screens (issue 12): their links are hidden from staff.
export const adminNavItems: NavItem[] = [
  { to: "/admin/users", label: "User Management", icon: ShieldCheck },
  { to: "/admin/export", label: "Export", icon: Download, requires: "contacts.export" },
  { to: "/admin/analytics", label: "Analytics", icon: BarChart3, requires: "audit.view" },
];

export const settingsNavItem: NavItem = { to: "/settings", label: "Settings", icon: Settings };

export const bottomNavItems: NavItem[] = [...primaryNavItems, settingsNavItem];
