import { Info, Smartphone } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

const IN_APP = [
  { id: "notify-registrations", label: "New User Registrations", description: "When a new user joins your organization.", on: false },
  { id: "notify-imports", label: "Data Import Completion", description: "When a contact import finishes.", on: false },
  { id: "notify-updates", label: "System Updates", description: "Announcements about new features and maintenance.", on: false },
  { id: "notify-security", label: "Security Alerts", description: "Important notices about your account (always enabled).", on: true },
] as const;

/** Notification preferences are not configurable yet: every switch is shown disabled (spec section 2). */
export function NotificationsTab() {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>In-App Notifications</CardTitle>
          <CardDescription>Notifications shown inside the app.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {IN_APP.map((item) => (
            <div key={item.id} className="flex items-center justify-between gap-4">
              <div className="flex flex-col gap-1">
                <Label htmlFor={item.id}>{item.label}</Label>
                <p id={`${item.id}-description`} className="text-sm text-muted-foreground">
                  {item.description}
                </p>
              </div>
              <Switch id={item.id} checked={item.on} disabled aria-describedby={`${item.id}-description`} />
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Email Notifications</CardTitle>
        </CardHeader>
        <CardContent>
          <Alert role="status">
            <Info aria-hidden="true" />
            <AlertTitle>Email notifications are unavailable</AlertTitle>
            <AlertDescription>Sending notification emails needs to be configured by your system administrator.</AlertDescription>
          </Alert>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Mobile Push Notifications</CardTitle>
        </CardHeader>
        <CardContent className="flex items-start gap-3 text-sm text-muted-foreground">
          <Smartphone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>Push notifications will be available in a future mobile app.</p>
        </CardContent>
      </Card>
    </div>
  );
}
