import { CircleAlert, CircleCheck } from "lucide-react";
import { Link, Navigate, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { AuthLayout } from "../components/auth-layout";
import { useAuthCallback } from "../hooks/use-auth-callback";

const TITLES = { loading: "Processing...", success: "Success!", error: "Authentication Error" } as const;

/** /auth/callback: the e-mail confirmation link lands here (Processing... -> Success! or Authentication Error). */
export function AuthCallbackRoute() {
  // A new link opened in the same tab may change only the fragment: start over with it.
  const { search, hash } = useLocation();
  return <AuthCallbackScreen key={`${search}${hash}`} />;
}

function AuthCallbackScreen() {
  const state = useAuthCallback();
  if (state.status === "redirect") return <Navigate to={state.to} replace />;

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="items-center text-center">
          {state.status === "loading" && <Spinner label="Processing" className="size-8 text-muted-foreground" />}
          {state.status === "success" && <CircleCheck aria-hidden="true" className="size-8 text-green-600" />}
          {state.status === "error" && <CircleAlert aria-hidden="true" className="size-8 text-destructive" />}
          <CardTitle asChild className="text-xl">
            <h1>{TITLES[state.status]}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-4 text-center">
          {state.status === "loading" && <p className="text-sm text-muted-foreground">Please wait while we confirm your email.</p>}
          {state.status === "success" && (
            <p role="status" className="text-sm text-muted-foreground">
              {state.message}
            </p>
          )}
          {state.status === "error" && (
            <>
              <p role="alert" className="text-sm text-destructive">
                {state.message}
              </p>
              <Button asChild variant="outline">
                <Link to="/login">Back to Login</Link>
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
