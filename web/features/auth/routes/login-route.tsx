import { Navigate } from "react-router";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
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
          <Tabs defaultValue="login">
            <TabsList className="w-full">
              <TabsTrigger value="login">Login</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="pt-4">
              <LoginForm signIn={signIn} />
            </TabsContent>
          </Tabs>
        </CardContent>
        <CardFooter className="flex-col gap-2 text-center">
          <CardDescription>Need an account? Contact your system administrator for access.</CardDescription>
          <CardDescription className="text-xs">This is a private system - accounts are created by invitation only.</CardDescription>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
