import { Info } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/lib/toast";
import { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from "@/features/notifications/api";
import { getErrorMessage } from "@/lib/error-message";

const IN_APP = [
  {
    id: "notify-registrations",
    key: "new_users",
    label: "New User Registrations",
    description: "When a new user joins your organization.",
  },
  { id: "notify-imports", key: "import_completion", label: "Data Import Completion", description: "When a contact import finishes." },
] as const;
// Not offered until they exist (issue 28: no item advertises a missing feature): 'System Updates' (nothing
// sends one; the setting stays in the API) and mobile push (there is no mobile app).

/** Settings > Notifications: the in-app toggles are saved at once; Security Alerts cannot be turned off. */
export function NotificationsTab() {
  const settings = useNotificationSettingsQuery();
  const update = useUpdateNotificationSettingsMutation();
  const emailAvailable = settings.data?.email_available ?? false;
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
              <Switch
                id={item.id}
                checked={settings.data?.[item.key] ?? false}
                disabled={!settings.data}
                onCheckedChange={(checked) =>
                  update.mutate({ [item.key]: checked }, { onError: (error) => toast.error(getErrorMessage(error)) })
                }
                aria-describedby={`${item.id}-description`}
              />
            </div>
          ))}
          <div className="flex items-center justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Label htmlFor="notify-security">Security Alerts</Label>
              <p id="notify-security-description" className="text-sm text-muted-foreground">
                Important notices about your account (always enabled).
              </p>
            </div>
            <Switch id="notify-security" checked disabled aria-describedby="notify-security-description" />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Email Notifications</CardTitle>
        </CardHeader>
        <CardContent>
          {emailAvailable ? (
            <div className="flex flex-col gap-4">
              <p className="text-sm text-muted-foreground">Security Alerts are also sent to your e-mail address.</p>
              <div className="flex items-center justify-between gap-4">
                <div className="flex flex-col gap-1">
                  <Label htmlFor="notify-new-device">Sign-in from a new device</Label>
                  <p id="notify-new-device-description" className="text-sm text-muted-foreground">
                    An e-mail when your account is signed in to from a browser or device it has not been used on before.
                  </p>
                </div>
                <Switch
                  id="notify-new-device"
                  checked={settings.data?.new_device_sign_in ?? false}
                  disabled={!settings.data}
                  onCheckedChange={(checked) =>
                    update.mutate({ new_device_sign_in: checked }, { onError: (error) => toast.error(getErrorMessage(error)) })
                  }
                  aria-describedby="notify-new-device-description"
                />
              </div>
            </div>
          ) : (
            <Alert role="status">
              <Info aria-hidden="true" />
              <AlertTitle>Email notifications are unavailable</AlertTitle>
              <AlertDescription>Sending notification emails needs to be configured by your system administrator.</AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
