import { STAFF_CARDDAV_DESCRIPTION, STAFF_CARDDAV_LABEL } from "@shared/organization-settings";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import type { MeOrganization } from "@/features/auth/api";
import { getErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useOrganizationSettingsMutation } from "../api";

/** The organization's settings, for its owner and admins (User Management); a switch is saved at once. */
export function OrganizationSettingsCard({ organization }: { organization: MeOrganization }) {
  const update = useOrganizationSettingsMutation(organization.id);
  const checked = update.isPending ? update.variables.staffCardDav : organization.staffCardDav;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Organization settings</CardTitle>
        <CardDescription>Apply to everyone in {organization.name}.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor="staff-carddav">{STAFF_CARDDAV_LABEL}</Label>
            <p id="staff-carddav-description" className="text-sm text-muted-foreground">
              {STAFF_CARDDAV_DESCRIPTION}
            </p>
          </div>
          <Switch
            id="staff-carddav"
            checked={checked}
            disabled={update.isPending}
            onCheckedChange={(staffCardDav) => update.mutate({ staffCardDav }, { onError: (error) => toast.error(getErrorMessage(error)) })}
            aria-describedby="staff-carddav-description"
          />
        </div>
      </CardContent>
    </Card>
  );
}
