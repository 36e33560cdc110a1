import { CircleAlert } from "lucide-react";
import { Suspense, lazy } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { getErrorMessage } from "@/lib/error-message";
import { useMeQuery } from "../api";
import { AuthLayout } from "./auth-layout";

// Only for someone signed in with a temporary password: its form (react-hook-form, zod) loads then.
const ChangePasswordCard = lazy(() =>
  import("@/features/settings/components/change-password-card").then((m) => ({ default: m.ChangePasswordCard })),
);

/** Layout route guarding every signed-in screen; remembers where the visitor was headed. */
export function RequireAuth() {
  const location = useLocation();
  const me = useMeQuery();

  if (me.data?.user.mustChangePassword) {
    // Signed in with a temporary password (an admin's reset): nothing else until it is replaced.
    return (
      <AuthLayout>
        <Suspense fallback={<PageSpinner label="Loading" />}>
          <ChangePasswordCard
            title="Choose a new password"
            description="You signed in with a temporary password. Choose your own password to continue."
            currentLabel="Temporary Password"
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
