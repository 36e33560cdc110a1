import {
  REQUIRE_PHONE_DESCRIPTION,
  REQUIRE_PHONE_LABEL,
  REQUIRE_TWO_FACTOR_DESCRIPTION,
  REQUIRE_TWO_FACTOR_LABEL,
  STAFF_CARDDAV_DESCRIPTION,
  STAFF_CARDDAV_LABEL,
} from "@shared/organization-settings";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import type { MeOrganization } from "@/features/auth/api";
import { getErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { type OrganizationSettings, useOrganizationSettingsMutation } from "../api";

type SettingKey = "staffCardDav" | "requirePhone" | "requireTwoFactor";

interface SettingSwitchProps {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

function SettingSwitch({ id, label, description, checked, disabled, onChange }: SettingSwitchProps) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} aria-describedby={`${id}-description`} />
    </div>
  );
}

/** The organization's settings, for its owner and admins (User Management); a switch is saved at once. */
export function OrganizationSettingsCard({ organization }: { organization: MeOrganization }) {
  const update = useOrganizationSettingsMutation(organization.id);
  // While a change is saved its switch shows the new position.
  const shown = (key: SettingKey) => {
    const pending = update.isPending ? (update.variables as Partial<Record<SettingKey, boolean>>)[key] : undefined;
    return pending ?? organization[key];
  };
  const change = (settings: OrganizationSettings) => update.mutate(settings, { onError: (error) => toast.error(getErrorMessage(error)) });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Organization settings</CardTitle>
        <CardDescription>Apply to everyone in {organization.name}.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <SettingSwitch
          id="staff-carddav"
          label={STAFF_CARDDAV_LABEL}
          description={STAFF_CARDDAV_DESCRIPTION}
          checked={shown("staffCardDav")}
          disabled={update.isPending}
          onChange={(staffCardDav) => change({ staffCardDav })}
        />
        <SettingSwitch
          id="require-phone"
          label={REQUIRE_PHONE_LABEL}
          description={REQUIRE_PHONE_DESCRIPTION}
          checked={shown("requirePhone")}
          disabled={update.isPending}
          onChange={(requirePhone) => change({ requirePhone })}
        />
        <SettingSwitch
          id="require-two-factor"
          label={REQUIRE_TWO_FACTOR_LABEL}
          description={REQUIRE_TWO_FACTOR_DESCRIPTION}
          checked={shown("requireTwoFactor")}
          disabled={update.isPending}
          onChange={(requireTwoFactor) => change({ requireTwoFactor })}
        />
      </CardContent>
    </Card>
  );
}
