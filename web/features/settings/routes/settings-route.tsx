import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

const settingsTabs = [
  { value: "profile", label: "Profile" },
  { value: "password", label: "Password" },
  { value: "security", label: "Security" },
  { value: "notifications", label: "Notifications" },
  { value: "app", label: "App" },
] as const;

/** Also mounted at /menu, /admin/export and /admin/analytics (spec route table). */
export function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" />
      <Tabs defaultValue="profile">
        {/* Five equal columns on phones so every tab stays on screen without sideways scrolling. */}
        <TabsList className="grid w-full grid-cols-5 sm:inline-flex sm:w-fit">
          {settingsTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="px-1 text-xs sm:px-3 sm:text-sm">
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Panels are filled by the settings issue. */}
        {settingsTabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="pt-4" />
        ))}
      </Tabs>
    </>
  );
}
