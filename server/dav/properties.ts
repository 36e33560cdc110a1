import { toIso } from "../db/ids.js";
import { type CardRow, type CardVersion, contactToCard } from "../vcard/contact-card.js";
import { homePath, principalPath, PRINCIPALS } from "./paths.js";
import { CALSERVER, CARDDAV, DAV, type XmlNode, type XmlOut, childOf, el } from "./xml.js";

/** What a PROPFIND (or a report's DAV:prop) asks for. */
export type PropRequest = { mode: "allprop" } | { mode: "propname" } | { mode: "prop"; props: XmlNode[] };

/** The request of a PROPFIND body; an empty body is allprop (RFC 4918 9.1). Null when it is not a propfind. */
export function readPropfind(body: XmlNode | null): PropRequest | null {
  if (!body) return { mode: "allprop" };
  if (body.ns !== DAV || body.name !== "propfind") return null;
  if (childOf(body, DAV, "propname")) return { mode: "propname" };
  const prop = childOf(body, DAV, "prop");
  if (prop) return { mode: "prop", props: prop.children };
  return { mode: "allprop" };
}

type Value = XmlOut[] | string | number;
/** A resource's properties by `namespace|name`; a value is computed only when asked for. */
export type Properties = Map<string, (attrs: Record<string, string>) => Value | undefined>;
const key = (ns: string, name: string) => `${ns}|${name}`;

const href = (path: string) => el(DAV, "href", path);
const STATUS = {
  200: "HTTP/1.1 200 OK",
  404: "HTTP/1.1 404 Not Found",
  403: "HTTP/1.1 403 Forbidden",
  507: "HTTP/1.1 507 Insufficient Storage",
};
export const statusLine = (status: keyof typeof STATUS) => el(DAV, "status", STATUS[status]);

/** Properties too costly or too odd to send unasked (RFC 4918 allprop may leave some out). */
const NOT_IN_ALLPROP = new Set([key(CARDDAV, "address-data")]);

/** One DAV:response with a propstat per status: the properties found, and those this resource lacks (404). */
export function propResponse(path: string, properties: Properties, request: PropRequest): XmlOut {
  const found: XmlOut[] = [];
  const missing: XmlOut[] = [];
  if (request.mode === "propname") {
    for (const k of properties.keys()) {
      const [ns, name] = splitKey(k);
      found.push(el(ns, name));
    }
  } else if (request.mode === "allprop") {
    for (const [k, compute] of properties) {
      if (NOT_IN_ALLPROP.has(k)) continue;
      const value = compute({});
      const [ns, name] = splitKey(k);
      if (value !== undefined) found.push(el(ns, name, value));
    }
  } else {
    for (const prop of request.props) {
      const value = properties.get(key(prop.ns, prop.name))?.(prop.attrs);
      if (value === undefined) missing.push(el(prop.ns, prop.name));
      else found.push(el(prop.ns, prop.name, value));
    }
  }
  const propstats: XmlOut[] = [];
  if (found.length) propstats.push(el(DAV, "propstat", [el(DAV, "prop", found), statusLine(200)]));
  if (missing.length) propstats.push(el(DAV, "propstat", [el(DAV, "prop", missing), statusLine(404)]));
  if (!propstats.length) propstats.push(el(DAV, "propstat", [el(DAV, "prop", []), statusLine(200)]));
  return el(DAV, "response", [href(path), ...propstats]);
}

/** A DAV:response that is only a status (a card gone since the client's sync token, an href not found). */
export const statusResponse = (path: string, status: 404 | 403 | 507) => el(DAV, "response", [href(path), statusLine(status)]);

function splitKey(k: string): [string, string] {
  const bar = k.lastIndexOf("|");
  return [k.slice(0, bar), k.slice(bar + 1)];
}

function properties(entries: [string, string, (attrs: Record<string, string>) => Value | undefined][]): Properties {
  return new Map(entries.map(([ns, name, compute]) => [key(ns, name), compute]));
}

const collection = () => [el(DAV, "collection")];
const READ_ONLY = () => [el(DAV, "privilege", [el(DAV, "read")]), el(DAV, "privilege", [el(DAV, "read-current-user-privilege-set")])];

/** The root (`/` and `/dav/`): where a client discovers who it is signed in as. */
export function rootProperties(userId: string): Properties {
  return properties([
    [DAV, "resourcetype", collection],
    [DAV, "displayname", () => "Contactbook"],
    [DAV, "current-user-principal", () => [href(principalPath(userId))]],
    [DAV, "principal-collection-set", () => [href(PRINCIPALS)]],
    [CARDDAV, "addressbook-home-set", () => [href(homePath(userId))]],
    [DAV, "current-user-privilege-set", READ_ONLY],
  ]);
}

/** The signed-in person's principal: their address-book home. */
export function principalProperties(userId: string, email: string): Properties {
  return properties([
    [DAV, "resourcetype", () => [el(DAV, "principal"), el(DAV, "collection")]],
    [DAV, "displayname", () => email],
    [DAV, "current-user-principal", () => [href(principalPath(userId))]],
    [DAV, "principal-URL", () => [href(principalPath(userId))]],
    [DAV, "principal-collection-set", () => [href(PRINCIPALS)]],
    [DAV, "alternate-URI-set", () => [href(`mailto:${email}`)]],
    [CARDDAV, "addressbook-home-set", () => [href(homePath(userId))]],
    [CALSERVER, "email-address-set", () => [el(CALSERVER, "email-address", email)]],
    [DAV, "current-user-privilege-set", READ_ONLY],
    [DAV, "supported-report-set", () => []],
  ]);
}

/** The home collection that holds one address book per organization. */
export function homeProperties(userId: string): Properties {
  return properties([
    [DAV, "resourcetype", collection],
    [DAV, "displayname", () => "Address books"],
    [DAV, "current-user-principal", () => [href(principalPath(userId))]],
    [DAV, "owner", () => [href(principalPath(userId))]],
    [CARDDAV, "addressbook-home-set", () => [href(homePath(userId))]],
    [DAV, "current-user-privilege-set", READ_ONLY],
  ]);
}

export const syncToken = (seq: number) => `urn:contactbook:sync:${seq}`;
/** The position a sync token stands for, or null when it is not one of ours. */
export function parseSyncToken(token: string): number | null {
  const match = /^urn:contactbook:sync:(\d{1,15})$/.exec(token.trim());
  return match ? Number(match[1]) : null;
}

/** An organization's address book. Every member may read and write its cards (spec: roles as in the app). */
export function bookProperties(userId: string, name: string, seq: number, maxResourceSize: number): Properties {
  const report = (ns: string, n: string) => el(DAV, "supported-report", [el(DAV, "report", [el(ns, n)])]);
  return properties([
    [DAV, "resourcetype", () => [el(DAV, "collection"), el(CARDDAV, "addressbook")]],
    [DAV, "displayname", () => name],
    [CARDDAV, "addressbook-description", () => `Contacts of ${name}`],
    [CALSERVER, "getctag", () => String(seq)],
    [DAV, "sync-token", () => syncToken(seq)],
    [
      DAV,
      "supported-report-set",
      () => [report(CARDDAV, "addressbook-multiget"), report(CARDDAV, "addressbook-query"), report(DAV, "sync-collection")],
    ],
    [
      CARDDAV,
      "supported-address-data",
      () => [
        el(CARDDAV, "address-data-type", undefined, { "content-type": "text/vcard", version: "3.0" }),
        el(CARDDAV, "address-data-type", undefined, { "content-type": "text/vcard", version: "4.0" }),
      ],
    ],
    [CARDDAV, "max-resource-size", () => maxResourceSize],
    [
      DAV,
      "current-user-privilege-set",
      () =>
        ["read", "write", "write-content", "bind", "unbind", "read-current-user-privilege-set"].map((p) =>
          el(DAV, "privilege", [el(DAV, p)]),
        ),
    ],
    [DAV, "owner", () => [href(principalPath(userId))]],
    [DAV, "current-user-principal", () => [href(principalPath(userId))]],
  ]);
}

/** ETag of a card: its version, with a piece of its id so a new card under an old name never matches. */
export const cardEtag = (row: { id: string; version: number }) => `"${row.version}-${row.id.slice(-8)}"`;

/** The version an If-Match ETag names for this card, or null when it names another card or none. */
export function versionOfEtag(etag: string, id: string): number | null {
  const match = /^(?:W\/)?"(\d+)-([0-9a-f]{8})"$/i.exec(etag.trim());
  return match && match[2]!.toLowerCase() === id.slice(-8).toLowerCase() ? Number(match[1]) : null;
}

export const CARD_CONTENT_TYPE = "text/vcard; charset=utf-8";

/** Whether a PROPFIND or REPORT asks for the cards themselves (their photos are then read too). */
export const wantsAddressData = (request: PropRequest) =>
  request.mode === "prop" && request.props.some((p) => p.ns === CARDDAV && p.name === "address-data");

/** The card version a client asks for: 4.0 when it says so (Accept, or address-data's version), else 3.0. */
export const requestedVersion = (version: string | undefined): CardVersion => (version?.trim() === "4.0" ? "4.0" : "3.0");

export type ListedCard = { id: string; dav_name: string | null; version: number; updated_at: Date | string };

/** A card's properties; address-data only when the whole row was read. */
export function cardProperties(card: ListedCard, row?: CardRow): Properties {
  return properties([
    [DAV, "resourcetype", () => []],
    [DAV, "getetag", () => cardEtag(card)],
    [DAV, "getcontenttype", () => CARD_CONTENT_TYPE],
    [DAV, "getlastmodified", () => new Date(toIso(card.updated_at)!).toUTCString()],
    [CARDDAV, "address-data", (attrs) => (row ? contactToCard(row, requestedVersion(attrs.version)) : undefined)],
  ]);
}
