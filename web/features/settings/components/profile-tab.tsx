import { useMeQuery } from "@/features/auth/api";
import { AccountInformationCard } from "./account-information-card";
import { ProfileSettingsCard } from "./profile-settings-card";

export function ProfileTab() {
  const me = useMeQuery();
  // RequireAuth renders settings only once /api/me has answered with a user.
  const user = me.data?.user;
  if (!user) return null;

  return (
    <div className="flex flex-col gap-6">
      <AccountInformationCard user={user} />
      {/* Keyed by user so a different account (or a fresh load) starts from its own name. */}
      <ProfileSettingsCard key={user.id} user={user} />
    </div>
  );
}
