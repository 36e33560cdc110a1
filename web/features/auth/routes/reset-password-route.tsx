import { Navigate, useLocation } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { AuthLayout } from "../components/auth-layout";
import { ResetLinkInvalid } from "../components/reset-link-invalid";
import { ResetPasswordForm } from "../components/reset-password-form";
import { useResetLink } from "../hooks/use-reset-link";
import { parseAuthParams } from "../lib/auth-fragment";

/** /reset-password: validating -> set-new-password form, or the invalid-link view (spec section 4). */
export function ResetPasswordRoute() {
  // A new link opened in the same tab changes only the fragment: start over with it.
  const { hash } = useLocation();
  // Invitations mailed before /join existed pointed here: they open the invitation page.
  if (parseAuthParams(hash).type === "invite") return <Navigate to={{ pathname: "/join", hash }} replace />;
  return <ResetPasswordScreen key={hash} />;
}

function ResetPasswordScreen() {
  const link = useResetLink();

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild className="text-xl">
            <h1>Reset Password</h1>
          </CardTitle>
          {link.status === "valid" && <CardDescription>Enter your new password below.</CardDescription>}
        </CardHeader>
        <CardContent>
          {link.status === "validating" && (
            <div className="flex flex-col items-center gap-3 py-6 text-sm text-muted-foreground">
              <Spinner label="Validating reset link" className="size-8" />
              <p>Validating reset link...</p>
            </div>
          )}
          {link.status === "valid" && <ResetPasswordForm token={link.token} />}
          {link.status === "invalid" && <ResetLinkInvalid message={link.message} />}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
