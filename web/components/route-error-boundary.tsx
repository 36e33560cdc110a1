import { useEffect } from "react";
import { useRouteError } from "react-router";
import { ErrorFallback } from "./error-fallback";

/** Router `errorElement`: replaces React Router's default "Unexpected Application Error!" page. */
export function RouteErrorBoundary() {
  const error = useRouteError();

  useEffect(() => {
    console.error("Route error", error);
  }, [error]);

  return <ErrorFallback />;
}
