/** The one display-name rule for a contact: first and last name, or the company for a company-only contact. */
export function contactDisplayName(contact: { first_name: string | null; last_name: string | null; company: string | null }): string {
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(" ").trim();
  return name || contact.company || "Unnamed contact";
}
