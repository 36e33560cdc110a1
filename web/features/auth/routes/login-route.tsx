import { Navigate } from "react-router";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { TAB_LIST_CLASS, TAB_TRIGGER_CLASS } from "@/components/ui/tab-styles";
import { cn } from "@/lib/utils";
import { useMeQuery, useSignInMutation } from "../api";
import { AuthLayout } from "../components/auth-layout";
import { LoginForm } from "../components/login-form";

export function LoginRoute() {
  const me = useMeQuery();
  const signIn = useSignInMutation();

  // Only for visitors who arrive already signed in. Once the form has been used it navigates by
  // itself; a second redirect from here would race it.
  if (me.data && signIn.isIdle) return <Navigate to="/contacts" replace />;
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
              <LoginForm signIn={signIn} />
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
