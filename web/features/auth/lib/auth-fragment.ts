/** The parameters an e-mailed auth link (or an error redirect) carries in the URL fragment or query string. */
export interface AuthLinkParams {
  error: string | null;
  errorCode: string | null;
  errorDescription: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  type: string | null;
}

/** Reads "#a=1&b=2" or "?a=1&b=2"; empty values count as absent. */
export function parseAuthParams(raw: string): AuthLinkParams {
  const params = new URLSearchParams(raw.replace(/^[#?]/, ""));
  const read = (key: string) => params.get(key)?.trim() || null;
  return {
    error: read("error"),
    errorCode: read("error_code"),
    errorDescription: read("error_description"),
    accessToken: read("access_token"),
    refreshToken: read("refresh_token"),
    type: read("type"),
  };
}

/**
 * Drops the fragment from the address bar once it has been read, so a token does not linger in the
 * history, a screenshot or a shared URL. Keeps React Router's history state (key, index).
 */
export function removeFragmentFromAddressBar(): void {
  if (!window.location.hash) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, "", `${pathname}${search}`);
}
