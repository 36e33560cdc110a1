// The URL layout of the CardDAV server (ADR 013): one principal and one address-book home per account,
// one address book per organization the account belongs to, one resource per contact.

export const DAV_ROOT = "/dav/";
export const PRINCIPALS = "/dav/principals/";

const seg = (value: string) => encodeURIComponent(value);

export const principalPath = (userId: string) => `${PRINCIPALS}${seg(userId)}/`;
export const homePath = (userId: string) => `/dav/addressbooks/${seg(userId)}/`;
export const bookPath = (userId: string, organizationId: string) => `${homePath(userId)}${seg(organizationId)}/`;
export const cardPath = (userId: string, organizationId: string, name: string) => `${bookPath(userId, organizationId)}${seg(name)}`;

export type DavTarget =
  | { kind: "root" }
  | { kind: "principals" }
  | { kind: "principal"; userId: string }
  | { kind: "home"; userId: string }
  | { kind: "book"; userId: string; organizationId: string }
  | { kind: "card"; userId: string; organizationId: string; name: string }
  | { kind: "unknown" };

/** What a request path (or an href from a request body, absolute or not) names. */
export function parseDavPath(pathOrUrl: string): DavTarget {
  let path = pathOrUrl.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return { kind: "unknown" };
    }
  }
  if (path === "/" || path === "") return { kind: "root" };
  let parts: string[];
  try {
    parts = path
      .split("/")
      .filter((p) => p !== "")
      .map((p) => decodeURIComponent(p));
  } catch {
    return { kind: "unknown" };
  }
  if (parts[0] !== "dav") return { kind: "unknown" };
  const [, area, userId, organizationId, name, ...rest] = parts;
  if (rest.length) return { kind: "unknown" };
  if (area === undefined) return { kind: "root" };
  if (area === "principals") {
    if (userId === undefined) return { kind: "principals" };
    return organizationId === undefined ? { kind: "principal", userId } : { kind: "unknown" };
  }
  if (area !== "addressbooks" || userId === undefined) return { kind: "unknown" };
  if (organizationId === undefined) return { kind: "home", userId };
  if (name === undefined) return { kind: "book", userId, organizationId };
  return { kind: "card", userId, organizationId, name };
}
