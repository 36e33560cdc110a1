import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { call, client } from "@/api";
import { Button } from "@/components/ui/button";

/** Catch-all route. Misses are reported so broken links in e-mails or bookmarks show up in the server log. */
export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.warn(`404: no route matches ${pathname}`);
    // Best effort: a failed report must not disturb the visitor.
    call(client["client-log"]["not-found"].$post({ json: { path: pathname } })).catch(() => undefined);
  }, [pathname]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-muted/30 px-4 text-center">
      <p className="text-6xl font-bold tracking-tight text-primary">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
