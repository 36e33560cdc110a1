import { BookUser, Settings, ShieldCheck, Upload, Users, type LucideIcon } from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const primaryNavItems: NavItem[] = [
  { to: "/contacts", label: "Contacts", icon: BookUser },
  { to: "/groups", label: "Groups", icon: Users },
  { to: "/import", label: "Import", icon: Upload },
];

// Spec: the Admin section is shown to everyone; the screens themselves enforce permissions.
export const adminNavItems: NavItem[] = [{ to: "/admin/users", label: "User Management", icon: ShieldCheck }];

export const settingsNavItem: NavItem = { to: "/settings", label: "Settings", icon: Settings };

export const bottomNavItems: NavItem[] = [...primaryNavItems, settingsNavItem];
