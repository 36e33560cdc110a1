/** The organization routes a bearer token may be used on: /api/orgs/:orgId and below. */
const ORGANIZATION_ROUTE = /^\/api\/orgs\/[^/]+(\/|$)/;

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined when there is none. A request
 * that bears one is authenticated by it alone: its cookies are never read (ADR 024).
 */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(authorization);
  return match ? match[1]! : undefined;
}

/**
 * Whether a request is authenticated by a bearer token on an organization's route. It carries no ambient
 * credential (a browser never adds the header by itself, and a cross-site page cannot without a CORS
 * preflight, which is never granted), so it needs no Origin check.
 */
export const isBearerRequest = (path: string, authorization: string | undefined): boolean =>
  bearerTokenOf(authorization) !== undefined && ORGANIZATION_ROUTE.test(path);
