const PHONE_LIKE = /^[\d\s()+.-]+$/;

/** What a search box entry looks for: digits for phone-like input, else lower-cased text. */
export function searchTerm(q: string): string {
  const trimmed = q.trim();
  if (PHONE_LIKE.test(trimmed) && /\d/.test(trimmed)) return trimmed.replace(/\D/g, "");
  return trimmed.toLocaleLowerCase("en");
}
