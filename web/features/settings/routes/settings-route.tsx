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
        <TabsList className="w-full justify-start sm:w-fit">
          {settingsTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
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
