import { ErrorFallback } from "./error-fallback";

/**
 * Router `errorElement`: replaces React Router's default "Unexpected Application Error!" page.
 * React Router already logs the error it caught, so nothing is logged here.
 */
export function RouteErrorBoundary() {
  return <ErrorFallback />;
}
