import { type ContactCandidate, emptyCandidate } from "../cards/candidate.js";
import { type VCardProperty, parseStoredLine } from "./read.js";
import { readCard } from "./to-candidate.js";

// Before the rich contact (ADR 015) a CardDAV device's TEL, EMAIL, ADR, BDAY, URL... lines past the
// spec's few fields were kept as extra lines (contacts.vcard_extra). Read again as a piece of a card,
// those with a field now become fields; the others stay extra lines, as they were.

const VERSION: VCardProperty = { group: null, name: "VERSION", params: new Map(), value: "3.0", raw: "VERSION:3.0" };

/** The stored extra lines (joined by \n) as a candidate to merge into the contact, and the lines still without a field. */
export function promoteExtraLines(extra: string | null): { candidate: ContactCandidate; extraLines: string[] } {
  if (!extra) return { candidate: emptyCandidate(), extraLines: [] };
  const properties: VCardProperty[] = [VERSION];
  for (const line of extra.split("\n")) {
    const property = parseStoredLine(line);
    // A card's frame is not a property of it.
    if (property && property.name !== "BEGIN" && property.name !== "END") properties.push(property);
  }
  const { candidate, extras } = readCard({ number: 1, properties, lines: [] });
  return { candidate, extraLines: extras.extraLines };
}
