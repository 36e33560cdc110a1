import { randomInt } from "node:crypto";

// No look-alike characters: the admin reads this password out or types it into a message.
const LOWER = "abcdefghjkmnpqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const ALL = LOWER + UPPER + DIGITS;

const pick = (set: string) => set[randomInt(set.length)]!;

/** A 14-character random password that meets the Settings rules (upper, lower, digit). */
export function generateTemporaryPassword(length = 14): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}
