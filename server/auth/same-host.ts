/**
 * True when `origin` names the host the request was sent to (the request URL's, which Node builds from
 * the Host header). A cross-site page cannot choose the Host its visitor's browser sends, so an Origin
 * naming that same host is the app's own page reached by another address (http://192.168.1.20:3000
 * while APP_URL says localhost). The scheme is not compared: behind a TLS proxy the page is https and
 * the request reaching us http.
 */
export function originMatchesHost(origin: string | null | undefined, requestUrl: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).host === new URL(requestUrl).host;
  } catch {
    return false;
  }
}
