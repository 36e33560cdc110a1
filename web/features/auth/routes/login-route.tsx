import { Navigate } from "react-router";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useMeQuery } from "../api";
import { AuthLayout } from "../components/auth-layout";
import { LoginForm } from "../components/login-form";
import { useLoginRedirectTarget } from "../hooks/use-login-redirect-target";

export function LoginRoute() {
  const me = useMeQuery();
  const redirectTarget = useLoginRedirectTarget();

  // Same target as the form's own navigate after sign-in, so whichever runs first, both agree.
  if (me.data) return <Navigate to={redirectTarget} replace />;
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
          <Tabs defaultValue="login">
            <TabsList className="w-full">
              <TabsTrigger value="login">Login</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="pt-4">
              <LoginForm />
            </TabsContent>
          </Tabs>
        </CardContent>
        <CardFooter className="flex-col gap-2 text-center">
          <CardDescription>Need an account? Contact your system administrator for access.</CardDescription>
          <CardDescription className="text-xs">
            This is a private system - accounts are created by invitation only.
          </CardDescription>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
