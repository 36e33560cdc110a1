import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type MeOrganization, useMeQuery } from "@/features/auth/api";
import { useCurrentOrganization } from "../hooks/use-current-organization";

/**
 * The current organization when it requires two-factor and the signed-in person has none (its routes
 * then answer 403 TWO_FACTOR_REQUIRED), else null. A passkey counts as two-factor.
 */
export function useTwoFactorRequired(): MeOrganization | null {
  const me = useMeQuery();
  const { current } = useCurrentOrganization();
  if (!me.data || !current?.requireTwoFactor || me.data.user.twoFactorEnabled || me.data.user.hasPasskey) return null;
  return current;
}

/** Shown instead of an organization's screens until its member turns two-factor on; the way there, step by step. */
export function TwoFactorRequiredScreen({ organization }: { organization: MeOrganization }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4" data-testid="two-factor-required">
      <Alert>
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>
          <h1>{organization.name} requires two-factor authentication</h1>
        </AlertTitle>
        <AlertDescription>
          Its owner or an admin asks everyone in it to sign in with a code from an authenticator app as well as a password. Your other
          organizations are not affected.
        </AlertDescription>
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>Turn on two-factor authentication</CardTitle>
          <CardDescription>It takes a minute. You will need an authenticator app on your phone.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            <li>Open Settings &gt; Security and choose to turn on two-factor authentication.</li>
            <li>Enter your password, then add the key shown to your authenticator app (or open its link on this device).</li>
            <li>Save the recovery codes somewhere safe, and enter the 6-digit code the app shows.</li>
            <li>Come back here: {organization.name} opens again.</li>
          </ol>
          <Button asChild className="self-start">
            <Link to="/settings#security">Go to Settings &gt; Security</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
