import { Navigate } from "react-router";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { TAB_LIST_CLASS, TAB_TRIGGER_CLASS } from "@/components/ui/tab-styles";
import { cn } from "@/lib/utils";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { SESSION_END_MESSAGES } from "@shared/session-types";
import { useMeQuery, useSessionEndQuery, useSignInMutation } from "../api";
import { usePasskeySignInMutation } from "../hooks/use-passkey-sign-in";
import { AuthLayout } from "../components/auth-layout";
import { LoginForm } from "../components/login-form";

export function LoginRoute() {
  const me = useMeQuery();
  const signIn = useSignInMutation();
  const passkeySignIn = usePasskeySignInMutation();
  // Signed out by someone else (an admin's password reset): this browser's own old session says why.
  const ended = useSessionEndQuery(me.data === null).data?.reason;

  // Only for visitors who arrive already signed in. Once the form has been used it navigates by
  // itself; a second redirect from here would race it.
  if (me.data && signIn.isIdle && passkeySignIn.isIdle) return <Navigate to="/contacts" replace />;
  if (me.isPending) return <PageSpinner />;

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild className="text-xl">
            <h1>Account Access</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {ended && (
            <Alert role="status" className="mb-4">
              <AlertTitle>You were signed out</AlertTitle>
              <AlertDescription>{SESSION_END_MESSAGES[ended]}</AlertDescription>
            </Alert>
          )}
          {/* The spec's one tab, as static markup: the Radix tabs (roving focus, presence) would be most of
              this page's own code for a single tab. */}
          <div className="flex flex-col gap-2">
            <div role="tablist" aria-orientation="horizontal" className={cn(TAB_LIST_CLASS, "w-full")}>
              <button
                type="button"
                role="tab"
                id="login-tab"
                aria-selected="true"
                aria-controls="login-panel"
                data-state="active"
                className={TAB_TRIGGER_CLASS}
              >
                Login
              </button>
            </div>
            <div role="tabpanel" id="login-panel" aria-labelledby="login-tab" className="flex-1 pt-4 outline-none">
              <LoginForm signIn={signIn} passkeySignIn={passkeySignIn} />
            </div>
          </div>
        </CardContent>
        <CardFooter className="flex-col gap-2 text-center">
          <CardDescription>Need an account? Contact your system administrator for access.</CardDescription>
          <CardDescription className="text-xs">This is a private system - accounts are created by invitation only.</CardDescription>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
