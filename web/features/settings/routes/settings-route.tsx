import type { ComponentType } from "react";
import { useLocation, useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LazyIntegrationsTab } from "@/features/integrations/api";
import { LazyOrganizationTab, useCurrentOrganization } from "@/features/organizations/api";
import { roleAllows } from "@shared/permissions";
import { matrixRole } from "@shared/policy/can";
import { AppTab } from "../components/app-tab";
import { ChangePasswordCard } from "../components/change-password-card";
import { NotificationsTab } from "../components/notifications-tab";
import { ProfileTab } from "../components/profile-tab";
import { SecurityTab } from "../components/security-tab";

const settingsTabs: { value: string; label: string; Panel: ComponentType }[] = [
  { value: "profile", label: "Profile", Panel: ProfileTab },
  { value: "password", label: "Password", Panel: ChangePasswordCard },
  { value: "security", label: "Security", Panel: SecurityTab },
  { value: "notifications", label: "Notifications", Panel: NotificationsTab },
  { value: "app", label: "App", Panel: AppTab },
];
// Owners and admins only: the current organization's name and rules, and how other systems reach its book.
const organizationTab = { value: "organization", label: "Organization", Panel: LazyOrganizationTab };
const integrationsTab = { value: "integrations", label: "Integrations", Panel: LazyIntegrationsTab };
const DEFAULT_TAB = "profile";

/**
 * Also mounted at /menu (spec route table; /admin/export and /admin/analytics have their own screens). The open tab lives in the
 * URL hash (/settings#password), so a tab can be linked to and survives a reload.
 */
export function SettingsRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const { current } = useCurrentOrganization();
  const role = current ? matrixRole(current) : null;
  const tabs = [
    ...settingsTabs,
    ...(role && roleAllows(role, "organization.settings") ? [organizationTab] : []),
    ...(role && roleAllows(role, "apiTokens.manage") ? [integrationsTab] : []),
  ];
  const requested = location.hash.slice(1);
  const active = tabs.some((tab) => tab.value === requested) ? requested : DEFAULT_TAB;

  function handleTabChange(value: string) {
    const hash = value === DEFAULT_TAB ? "" : `#${value}`;
    void navigate({ pathname: location.pathname, search: location.search, hash }, { replace: true });
  }

  return (
    <>
      <PageHeader title="Settings" description="Manage your account settings and preferences" />
      <Tabs value={active} onValueChange={handleTabChange}>
        {/* Content-sized columns on phones so every tab stays on screen without sideways scrolling; seven
            (with Organization and Integrations) take two rows of four. */}
        <TabsList
          className={
            tabs.length > settingsTabs.length
              ? "grid h-auto w-full grid-cols-4 sm:inline-flex sm:h-9 sm:w-fit"
              : "grid w-full grid-cols-[repeat(5,auto)] sm:inline-flex sm:w-fit"
          }
        >
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="h-8 px-1 text-xs sm:h-full sm:px-3 sm:text-sm">
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="max-w-4xl pt-4">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
