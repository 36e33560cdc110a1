// Where a contact's entries lead: a map search for an address, a web page for a website.

/** An address entry's parts (the field table's: street, extended, city, region, postal_code, country). */
type AddressParts = Record<string, string | null | undefined>;

/** An address on one line, as a map search or a copy wants it ('1 Main St, Apt 2, Nashville, TN, 37201'). */
export const addressLine = (a: AddressParts) =>
  [a.street?.replace(/\s*\n\s*/g, ", "), a.extended, a.city, a.region, a.postal_code, a.country].filter(Boolean).join(", ");

/** The address searched on OpenStreetMap (no account, no tracking script, works on every device). */
export const mapsUrl = (a: AddressParts) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(addressLine(a))}`;

/**
 * The page a website entry opens: http and https as written, a bare host ('example.com') over https;
 * anything else (mailto:, tel:, a typo'd scheme) is not a web page and gets no link.
 */
export function webUrl(value: string): string | null {
  const text = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  const candidate = scheme === undefined ? `https://${text}` : scheme === "http" || scheme === "https" ? text : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
