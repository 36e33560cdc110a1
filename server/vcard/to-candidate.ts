import { type CardExtras, type ContactCandidate, emptyCandidate } from "../import/candidate.js";
import { phoneTypeFromLabels } from "../import/phone-types.js";
import { keptExtraLines } from "./extras.js";
import { type VCardCard, type VCardProperty, components, unescapeText } from "./read.js";

const isPreferred = (p: VCardProperty) => (p.params.get("TYPE") ?? []).some((t) => t.toUpperCase() === "PREF") || p.params.has("PREF");

/** Properties of one name, the preferred ones first (TYPE=pref, PREF=1), then in file order. */
function byPreference(card: VCardCard, name: string): VCardProperty[] {
  const all = card.properties.filter((p) => p.name === name && p.value.trim() !== "");
  return [...all.filter(isPreferred), ...all.filter((p) => !isPreferred(p))];
}

/** Apple writes the label of an `item1.TEL` in a sibling `item1.X-ABLabel` (`_$!<Mobile>!$_`). */
function appleLabel(card: VCardCard, property: VCardProperty): string[] {
  if (!property.group) return [];
  const label = card.properties.find((p) => p.group === property.group && p.name === "X-ABLABEL");
  return label ? [label.value.replace(/^_\$!<|>!\$_$/g, "")] : [];
}

const stripScheme = (value: string, scheme: string) => value.replace(new RegExp(`^${scheme}:`, "i"), "").trim();

/** A vCard 4.0 tel: URI's number, its extension as people write it ('tel:+1-212-555-0101;ext=12' -> '+1-212-555-0101 ext. 12'). */
function telValue(value: string): string {
  if (!/^tel:/i.test(value.trim())) return value.trim();
  const [number = "", ...params] = stripScheme(value, "tel").split(";");
  const ext = params.find((p) => /^ext=/i.test(p))?.slice(4);
  return ext ? `${number.trim()} ext. ${ext}` : number.trim();
}

/** Properties every card carries that the server writes itself (or that describe the file, not the person). */
const WRITTEN_BY_SERVER = new Set(["VERSION", "PRODID", "REV", "UID", "N", "FN"]);

/**
 * What a card says about one person: N (or FN split on the first space) for the name, ORG for the
 * company, every TEL in preference order with its type, the first EMAIL, ADR and NOTE (spec section 5).
 */
export const vcardToCandidate = (card: VCardCard): ContactCandidate => readCard(card).candidate;

/** A card's candidate and, beside it, its UID and the lines no field took (CardDAV, import, export). */
export function readCard(card: VCardCard): { candidate: ContactCandidate; extras: CardExtras } {
  const candidate = emptyCandidate();
  // The properties read into a field: the others are kept as they were written (3.0 and 4.0 cards;
  // a 2.1 line with its own transfer encoding would not be valid in the cards we write).
  const used = new Set<VCardProperty>();
  const use = <T extends VCardProperty | undefined>(p: T): T => {
    if (p) used.add(p);
    return p;
  };
  const n = byPreference(card, "N")[0];
  if (n) {
    const [family = "", given = ""] = components(n.value);
    if (given.trim()) candidate.singles.first_name = given.trim();
    if (family.trim()) candidate.singles.last_name = family.trim();
  }
  const fn = byPreference(card, "FN")[0];
  if (fn && !candidate.singles.first_name && !candidate.singles.last_name) candidate.full_name = unescapeText(fn.value).trim();
  const org = use(byPreference(card, "ORG")[0]);
  if (org) {
    const company = components(org.value).find((c) => c.trim());
    if (company) candidate.singles.company = company.trim();
  }
  for (const tel of byPreference(card, "TEL")) {
    const value = telValue(unescapeText(tel.value));
    if (!value) continue;
    // The first two numbers become phone and phone2; more are kept as written.
    if (candidate.lists.phones.length < 2) use(tel);
    candidate.lists.phones.push({ value, type: phoneTypeFromLabels([...(tel.params.get("TYPE") ?? []), ...appleLabel(card, tel)]), label: null });
  }
  const email = use(byPreference(card, "EMAIL")[0]);
  if (email) candidate.lists.emails.push({ value: stripScheme(unescapeText(email.value), "mailto"), type: "home", label: null });
  const adr = use(byPreference(card, "ADR")[0]);
  if (adr) {
    const [pobox = "", extended = "", street = "", locality = "", region = "", postal = "", country = ""] = components(adr.value).map((c) =>
      c.trim(),
    );
    const lines = [pobox, street].filter(Boolean);
    candidate.lists.addresses.push({
      street: lines.join(", ") || null,
      extended: extended || null,
      city: locality || null,
      region: region || null,
      postal_code: postal || null,
      country: country || null,
      type: "home",
      label: null,
    });
  }
  const note = use(byPreference(card, "NOTE")[0]);
  if (note) candidate.singles.notes = unescapeText(note.value).trim();
  const uid = card.properties.find((p) => p.name === "UID")?.value.trim() || null;
  const version = card.properties.find((p) => p.name === "VERSION")?.value.trim();
  // Only harmless lines, within their caps (extras.ts).
  const extraLines =
    version === "3.0" || version === "4.0"
      ? keptExtraLines(card.properties.filter((p) => !used.has(p) && !WRITTEN_BY_SERVER.has(p.name)).map((p) => p.raw))
      : [];
  return { candidate, extras: { uid, extraLines } };
}
