import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMeQuery } from "@/features/auth/api";
import { AppPasswordsCard } from "./app-passwords-card";
import { CardDavSetupCard } from "./carddav-setup-card";
import { PasskeysCard } from "./passkeys-card";
import { EmailVerificationStatus } from "./email-verification-status";
import { RolePermissionsCard } from "./role-permissions-card";
import { SessionsCard } from "./sessions-card";
import { TwoFactorRow } from "./two-factor-row";

export function SecurityTab() {
  const me = useMeQuery();
  const verified = me.data?.user.emailVerified ?? false;

  return (
    <div className="flex flex-col gap-6">
      <RolePermissionsCard />
      <Card>
        <CardHeader>
          <CardTitle>Account Security</CardTitle>
          <CardDescription>Additional protection for your account.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col divide-y">
          <TwoFactorRow enabled={me.data?.user.twoFactorEnabled ?? false} />
          <SecurityRow
            title="Email Verification"
            description="Your email address is used to sign in and to reset your password."
            status={<EmailVerificationStatus verified={verified} />}
          />
        </CardContent>
      </Card>
      <PasskeysCard />
      <SessionsCard />
      <AppPasswordsCard />
      <CardDavSetupCard />
    </div>
  );
}

function SecurityRow({ title, description, status }: { title: string; description: string; status: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-0.5">
        <h3 className="text-sm font-medium">{title}</h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {status}
    </div>
  );
}
