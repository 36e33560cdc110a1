import { RefreshCw, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** What any crash looks like to the user: an apology and a way out that reloads the app. */
export function ErrorFallback() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center p-4">
      <Card role="alert" className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <TriangleAlert aria-hidden="true" className="mx-auto mb-2 size-10 text-destructive" />
          <CardTitle asChild className="text-xl">
            <h1>Something went wrong</h1>
          </CardTitle>
          <CardDescription>An unexpected error occurred. Refreshing the page usually helps.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Refresh Page
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
