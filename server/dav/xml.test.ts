import { describe, expect, it } from "vitest";
import { CARDDAV, DAV, childOf, el, parseXml, xmlDocument } from "./xml.js";

describe("DAV XML", () => {
  it("resolves namespaces whatever prefix a client uses, the default one included", () => {
    for (const body of [
      `<D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><C:address-data version="4.0"/></D:prop></D:propfind>`,
      `<propfind xmlns="DAV:"><prop><x:address-data xmlns:x="urn:ietf:params:xml:ns:carddav" version="4.0"/></prop></propfind>`,
    ]) {
      const root = parseXml(body)!;
      expect([root.ns, root.name]).toEqual([DAV, "propfind"]);
      const data = childOf(childOf(root, DAV, "prop"), CARDDAV, "address-data")!;
      expect(data.attrs.version).toBe("4.0");
    }
  });

  it("does not expand a DOCTYPE's nested entities, and refuses external ones", () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">${Array.from(
      { length: 12 },
      (_, i) => `<!ENTITY e${i} "${`&${i ? `e${i - 1}` : "a"};`.repeat(10)}">`,
    ).join("")}]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&e11;</d:displayname></d:prop></d:propfind>`;
    const text = childOf(childOf(parseXml(laughs), DAV, "prop"), DAV, "displayname")!.text;
    expect(text.length).toBeLessThan(100);
    expect(text).not.toContain("aaaaaaaaaa");
    const external = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&x;</d:displayname></d:prop></d:propfind>`;
    expect(parseXml(external)).toBeNull();
  });

  it("escapes text it writes, and declares a foreign namespace on its element", () => {
    const doc = xmlDocument(el(DAV, "multistatus", [el(DAV, "href", "/a&b<c>"), el("http://example.com/ns", "thing")]));
    expect(doc).toContain("<d:href>/a&amp;b&lt;c&gt;</d:href>");
    expect(doc).toContain('<x:thing xmlns:x="http://example.com/ns"');
    expect(parseXml(doc)!.children[0]!.text).toBe("/a&b<c>");
  });
});
