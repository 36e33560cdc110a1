import type { ComponentType } from "react";
import { useLocation, useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
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
const DEFAULT_TAB = "profile";

/**
 * Also mounted at /menu (spec route table; /admin/export and /admin/analytics have their own screens). The open tab lives in the
 * URL hash (/settings#password), so a tab can be linked to and survives a reload.
 */
export function SettingsRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = location.hash.slice(1);
  const active = settingsTabs.some((tab) => tab.value === requested) ? requested : DEFAULT_TAB;

  function handleTabChange(value: string) {
    const hash = value === DEFAULT_TAB ? "" : `#${value}`;
    void navigate({ pathname: location.pathname, search: location.search, hash }, { replace: true });
  }

  return (
    <>
      <PageHeader title="Settings" description="Manage your account settings and preferences" />
      <Tabs value={active} onValueChange={handleTabChange}>
        {/* Five content-sized columns on phones so every tab stays on screen without sideways scrolling. */}
        <TabsList className="grid w-full grid-cols-[repeat(5,auto)] sm:inline-flex sm:w-fit">
          {settingsTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="px-1 text-xs sm:px-3 sm:text-sm">
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {settingsTabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="max-w-4xl pt-4">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
