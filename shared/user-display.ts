/** A person's name as shown (spec section 3): their name, else the part of the e-mail before @, else 'Unknown'. */
export function userDisplayName(name: string | null | undefined, email: string): string {
  return name || email.split("@")[0] || "Unknown";
}
