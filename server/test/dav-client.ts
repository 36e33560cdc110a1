import type { App } from "../app.js";
import { CARDDAV, DAV, type XmlNode, childOf, childrenOf, parseXml } from "../dav/xml.js";
import { send, signIn } from "./requests.js";

export { CARDDAV, DAV };

export interface DavCredentials {
  email: string;
  password: string;
}

export interface DavAnswer {
  status: number;
  headers: Headers;
  text: string;
  xml: XmlNode | null;
}

/** A request as a CardDAV client sends it: Basic auth, XML or vCard body, Depth when given. */
export async function dav(
  app: App,
  method: string,
  path: string,
  options: { auth?: DavCredentials | undefined; body?: string; depth?: string; headers?: Record<string, string> } = {},
): Promise<DavAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) headers.authorization = `Basic ${Buffer.from(`${options.auth.email}:${options.auth.password}`).toString("base64")}`;
  if (options.depth !== undefined) headers.depth = options.depth;
  if (options.body !== undefined && !headers["content-type"]) {
    headers["content-type"] = options.body.startsWith("BEGIN:VCARD") ? "text/vcard; charset=utf-8" : "application/xml; charset=utf-8";
  }
  const res = await app.request(path, { method, headers, ...(options.body !== undefined ? { body: options.body } : {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, xml: res.headers.get("content-type")?.includes("xml") ? parseXml(text) : null };
}

export interface DavResponse {
  href: string;
  /** The response's own status (a card gone), else undefined. */
  status: string | undefined;
  /** Properties found (200), by `namespace|name`. */
  found: Map<string, XmlNode>;
  /** Properties the resource lacks (404). */
  missing: string[];
}

/** The DAV:response elements of a multistatus, with their found and missing properties. */
export function responsesOf(answer: DavAnswer): DavResponse[] {
  if (!answer.xml) throw new Error(`not XML: ${answer.status} ${answer.text}`);
  return childrenOf(answer.xml, DAV, "response").map((response) => {
    const found = new Map<string, XmlNode>();
    const missing: string[] = [];
    for (const propstat of childrenOf(response, DAV, "propstat")) {
      const ok = childOf(propstat, DAV, "status")?.text.includes(" 200 ");
      for (const prop of childOf(propstat, DAV, "prop")?.children ?? []) {
        if (ok) found.set(`${prop.ns}|${prop.name}`, prop);
        else missing.push(`${prop.ns}|${prop.name}`);
      }
    }
    return { href: childOf(response, DAV, "href")!.text, status: childOf(response, DAV, "status")?.text, found, missing };
  });
}

export const hrefIn = (node: XmlNode | undefined) => childOf(node, DAV, "href")?.text;

/** Creates an app password through the API as the signed-in person would, and answers the secret. */
export async function createAppPassword(app: App, email: string, accountPassword: string, name = "Test phone") {
  const cookie = await signIn(app, email, accountPassword);
  const res = await send(app, "POST", "/api/me/app-passwords", { cookie, body: { name } });
  if (res.status !== 201) throw new Error(`app password: ${res.status} ${res.text}`);
  return { email, password: res.json.password as string, id: res.json.appPassword.id as string, cookie };
}

export const propfindBody = (props: [string, string][]) =>
  `<?xml version="1.0"?><A:propfind xmlns:A="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav" xmlns:CS="http://calendarserver.org/ns/"><A:prop>${props
    .map(([prefix, name]) => `<${prefix}:${name}/>`)
    .join("")}</A:prop></A:propfind>`;
