import { useLocation } from "react-router";

interface LoginLocationState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/** Where to go after login: the protected page that sent the visitor here (RequireAuth's `from`), else /contacts. */
export function useLoginRedirectTarget(): string {
  const location = useLocation();
  const from = (location.state as LoginLocationState | null)?.from;
  const pathname = from?.pathname;
  // "/" only redirects to /contacts; going there directly saves a visible extra hop.
  if (!pathname || !pathname.startsWith("/") || pathname === "/" || pathname === "/login") return "/contacts";
  return `${pathname}${from.search ?? ""}${from.hash ?? ""}`;
}
