import { XMLBuilder, XMLParser } from "fast-xml-parser";

// XML in and out with fast-xml-parser (ADR 013). The parser keeps prefixes as written, so namespaces
// are resolved here from the xmlns attributes in scope: clients spell DAV: as D:, d:, A: or the default.

export const DAV = "DAV:";
export const CARDDAV = "urn:ietf:params:xml:ns:carddav";
export const CALSERVER = "http://calendarserver.org/ns/";

/** An element read from a request, its name resolved to a namespace. */
export interface XmlNode {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // The five XML entities; a DOCTYPE's own entities are bounded tightly (no client sends them), and a
  // document with an external entity fails to parse (a 400): no entity expansion or XXE through DAV.
  processEntities: { enabled: true, maxEntityCount: 10, maxTotalExpansions: 100, maxExpandedLength: 10_000 },
  htmlEntities: false,
});

type Ordered = Record<string, unknown> & { ":@"?: Record<string, string> };

/** The root element of a request body, or null when there is none or it is not XML. */
export function parseXml(text: string): XmlNode | null {
  if (!text.trim()) return null;
  let parsed: Ordered[];
  try {
    parsed = parser.parse(text) as Ordered[];
  } catch {
    return null;
  }
  const root = parsed.find((entry) => !Object.keys(entry).some((k) => k.startsWith("?") || k === "#text" || k === "#comment"));
  return root ? toNode(root, new Map()) : null;
}

function toNode(entry: Ordered, scope: Map<string, string>): XmlNode {
  const qname = Object.keys(entry).find((k) => k !== ":@")!;
  const rawAttrs = entry[":@"] ?? {};
  const inScope = new Map(scope);
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(rawAttrs)) {
    if (key === "xmlns") inScope.set("", value);
    else if (key.startsWith("xmlns:")) inScope.set(key.slice(6), value);
    else attrs[key.includes(":") ? key.slice(key.indexOf(":") + 1) : key] = String(value);
  }
  const colon = qname.indexOf(":");
  const prefix = colon < 0 ? "" : qname.slice(0, colon);
  const name = colon < 0 ? qname : qname.slice(colon + 1);
  const children: XmlNode[] = [];
  let text = "";
  for (const child of (entry[qname] as Ordered[]) ?? []) {
    if ("#text" in child) text += String(child["#text"]);
    else if (!Object.keys(child).some((k) => k.startsWith("?") || k === "#comment")) children.push(toNode(child, inScope));
  }
  return { ns: inScope.get(prefix) ?? "", name, attrs, children, text };
}

export const is = (node: XmlNode | null | undefined, ns: string, name: string): node is XmlNode =>
  Boolean(node && node.ns === ns && node.name === name);
export const childOf = (node: XmlNode | null | undefined, ns: string, name: string) => node?.children.find((c) => is(c, ns, name));
export const childrenOf = (node: XmlNode | null | undefined, ns: string, name: string) =>
  node?.children.filter((c) => is(c, ns, name)) ?? [];

// Output: fast-xml-parser's ordered form, with fixed prefixes for the namespaces we speak.
const PREFIXES: Record<string, string> = { [DAV]: "d", [CARDDAV]: "card", [CALSERVER]: "cs" };

export type XmlOut = Record<string, unknown>;

/** An element in one of our namespaces (or any other, declared on the element itself). */
export function el(ns: string, name: string, content?: XmlOut[] | string | number, attrs?: Record<string, string>): XmlOut {
  const prefix = PREFIXES[ns];
  const qname = prefix ? `${prefix}:${name}` : `x:${name}`;
  const children = content === undefined ? [] : typeof content === "object" ? content : [{ "#text": String(content) }];
  const allAttrs = { ...(prefix ? {} : { "xmlns:x": ns }), ...attrs };
  return Object.keys(allAttrs).length ? { [qname]: children, ":@": allAttrs } : { [qname]: children };
}

const builder = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "", suppressEmptyNode: true });

/** A document with `root` declaring our namespaces. */
export function xmlDocument(root: XmlOut): string {
  const qname = Object.keys(root).find((k) => k !== ":@")!;
  const attrs = { "xmlns:d": DAV, "xmlns:card": CARDDAV, "xmlns:cs": CALSERVER, ...(root[":@"] as Record<string, string> | undefined) };
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build([{ [qname]: root[qname], ":@": attrs }])}`;
}

/** Serialises elements without a document around them (pieces of a streamed multistatus). */
export const xmlFragment = (nodes: XmlOut[]): string => builder.build(nodes);

const CHILDREN = "@@children@@";

/** The text before and after the children of a document with `root`, for children written as they come. */
export function xmlDocumentAround(root: XmlOut): [open: string, close: string] {
  const qname = Object.keys(root).find((k) => k !== ":@")!;
  const [open = "", close = ""] = xmlDocument({ ...root, [qname]: [{ "#text": CHILDREN }] }).split(CHILDREN);
  return [open, close];
}
