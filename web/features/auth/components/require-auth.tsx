import { CircleAlert } from "lucide-react";
import { Suspense, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { LazyChangePasswordCard } from "@/features/settings/api";
import { getErrorMessage } from "@/lib/error-message";
import { useMeQuery } from "../api";
import { forgetTypedPassword, typedPassword } from "../lib/typed-password";
import { AuthLayout } from "./auth-layout";

/** Layout route guarding every signed-in screen; remembers where the visitor was headed. */
export function RequireAuth() {
  const location = useLocation();
  const me = useMeQuery();
  const mustChange = me.data?.user.mustChangePassword;
  // Kept only for the change screen: once it is not needed, it goes.
  useEffect(() => {
    if (mustChange === false) forgetTypedPassword();
  }, [mustChange]);

  if (me.data?.user.mustChangePassword) {
    // Signed in with a temporary password (an admin's reset): nothing else until it is replaced.
    return (
      <AuthLayout>
        <Suspense fallback={<PageSpinner label="Loading" />}>
          <LazyChangePasswordCard
            title="Choose a new password"
            description="You signed in with a temporary password. Choose your own password to continue."
            currentLabel="Temporary Password"
            knownCurrentPassword={typedPassword() ?? undefined}
          />
        </Suspense>
      </AuthLayout>
    );
  }
  if (me.data) return <Outlet />;
  if (me.isPending) return <PageSpinner label="Loading session" />;
  if (me.isError) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-md items-center px-4">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{getErrorMessage(me.error)}</AlertTitle>
          <AlertDescription>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void me.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  return <Navigate to="/login" state={{ from: location }} replace />;
}
