import { format } from "date-fns";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { MeUser } from "@/features/auth/api";

/** Read-only facts about the account (Settings > Profile). */
export function AccountInformationCard({ user }: { user: MeUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
        <CardDescription>Details about your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Fact term="Email">
            <span className="break-all">{user.email}</span>
          </Fact>
          <Fact term="Account created">{user.createdAt ? formatDate(user.createdAt, "MMM d, yyyy") : "Unknown"}</Fact>
          <Fact term="Last sign in">{user.lastSignInAt ? formatDate(user.lastSignInAt, "MMM d, yyyy HH:mm") : "Never"}</Fact>
          <Fact term="Email status">
            <Badge variant={user.emailVerified ? "default" : "secondary"}>{user.emailVerified ? "Verified" : "Not verified"}</Badge>
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function formatDate(iso: string, pattern: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "-" : format(date, pattern);
}
