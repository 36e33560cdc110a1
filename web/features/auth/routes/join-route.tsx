import { CircleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { ROLE_LABELS } from "@shared/permissions";
import { isApiError } from "@/api";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { isNetworkError } from "@/lib/error-message";
import { useInvitationLinkQuery } from "../api";
import { AuthLayout } from "../components/auth-layout";
import { JoinForm } from "../components/join-form";
import { parseAuthParams, removeFragmentFromAddressBar } from "../lib/auth-fragment";

const NO_TOKEN = "This invitation link is incomplete. Open the link from your invitation e-mail again.";

/** /join: an invitation's mailed link. Who invited whom to what, then the person's name and password. */
export function JoinRoute() {
  // A new link opened in the same tab changes only the fragment: start over with it.
  const { hash } = useLocation();
  return <JoinScreen key={hash} />;
}

function JoinScreen() {
  const location = useLocation();
  // Captured on the first render: the address bar loses the fragment right after.
  const [token] = useState(() => parseAuthParams(location.hash).accessToken);
  useEffect(removeFragmentFromAddressBar, []);
  const link = useInvitationLinkQuery(token);
  const facts = link.data;

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild className="text-xl">
            <h1>{facts ? `Join ${facts.organization.name}` : "Invitation"}</h1>
          </CardTitle>
          {facts && (
            <CardDescription>
              {facts.invitedBy ? `${facts.invitedBy} invited you` : "You were invited"} to {facts.organization.name} as{" "}
              {ROLE_LABELS[facts.role]}. Choose a password to join.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          {token && link.isPending && (
            <div className="flex flex-col items-center gap-3 py-6 text-sm text-muted-foreground">
              <Spinner label="Checking invitation" className="size-8" />
              <p>Checking invitation...</p>
            </div>
          )}
          {facts && token && <JoinForm token={token} email={facts.email} name={facts.name} organizationName={facts.organization.name} />}
          {(!token || link.isError) && <InvitationInvalid message={token ? invalidMessage(link.error) : NO_TOKEN} />}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

function InvitationInvalid({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>Invalid invitation link</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <Button asChild variant="outline" className="w-full">
        <Link to="/login">Back to Login</Link>
      </Button>
    </div>
  );
}

function invalidMessage(error: unknown): string {
  if (!isNetworkError(error) && isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return "Unable to check the invitation. Please try again.";
}
