import { type NameParts, keysAgree, mayAgree, nameKey, personBits } from "../../../shared/contact-model/same-person.js";
import type { MatchKey } from "../../db/repositories/contacts.js";

/** Contacts by the keys they hold (`phone:5551234567`, `email:ann@example.com`), in the order found. */
export type KeyIndex<T> = Map<string, T[]>;

export const keyOf = (k: MatchKey) => `${k.kind}:${k.key}`;

/** Names as rows and contacts are compared: a nameKey, and its personBits to rule most pairs out at once. */
export interface Named {
  words: string;
  bits: number;
}

/** A nameKey with its bits. */
export const nameOf = (words: string): Named => ({ words, bits: personBits(words) });

/** A contact's names as compared. */
export const nameOfContact = (parts: NameParts): Named => nameOf(nameKey(parts));

/** keysAgree of two names, most different pairs ruled out by their bits first. */
export const agree = (a: Named, b: Named): boolean => mayAgree(a.bits, b.bits) && keysAgree(a.words, b.words);

/** Files a contact under each of its keys (after those filed before it); `ids`: the keys' keyOf, if made already. */
export function fileUnderKeys<T>(index: KeyIndex<T>, keys: readonly MatchKey[], target: T, ids = keys.map(keyOf)) {
  for (const id of ids) {
    const list = index.get(id);
    if (!list) index.set(id, [target]);
    else if (!list.includes(target)) list.push(target);
  }
}

/**
 * The contact a row of an import is, if any: one that shares a phone or an e-mail with it AND whose name
 * agrees (shared/contact-model/same-person.ts), looked for by the row's keys in order (its first phone
 * first). A contact that shares a key but not the name is someone else (an office line, a shared
 * mailbox): the row becomes a new contact, and that contact is named so the summary can say so.
 */
export function matchRow<T extends Named>(
  row: Named,
  keys: readonly MatchKey[],
  index: KeyIndex<T>,
  ids = keys.map(keyOf),
): { target: T; by: MatchKey } | { target: null; sharedWith: T | null } {
  let sharedWith: T | null = null;
  for (let i = 0; i < keys.length; i++) {
    const candidates = index.get(ids[i]!);
    if (!candidates) continue;
    for (const candidate of candidates) {
      if (agree(row, candidate)) return { target: candidate, by: keys[i]! };
      sharedWith ??= candidate;
    }
  }
  return { target: null, sharedWith };
}
