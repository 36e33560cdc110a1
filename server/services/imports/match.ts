import { keysAgree } from "../../../shared/contact-model/same-person.js";
import type { MatchKey } from "../../db/repositories/contacts.js";

/** Contacts by the keys they hold (`phone:5551234567`, `email:ann@example.com`), in the order found. */
export type KeyIndex<T> = Map<string, T[]>;

export const keyOf = (k: MatchKey) => `${k.kind}:${k.key}`;

/** Files a contact under each of its keys (after those filed before it). */
export function fileUnderKeys<T>(index: KeyIndex<T>, keys: readonly MatchKey[], target: T) {
  for (const k of keys) {
    const list = index.get(keyOf(k));
    if (!list) index.set(keyOf(k), [target]);
    else if (!list.includes(target)) list.push(target);
  }
}

/**
 * The contact a row of an import is, if any: one that shares a phone or an e-mail with it AND whose name
 * agrees (shared/contact-model/same-person.ts), looked for by the row's keys in order (its first phone
 * first). A contact that shares a key but not the name is someone else (an office line, a shared
 * mailbox): the row becomes a new contact, and that contact is named so the summary can say so.
 */
export function matchRow<T extends { words: string }>(
  row: string,
  keys: readonly MatchKey[],
  index: KeyIndex<T>,
): { target: T; by: MatchKey } | { target: null; sharedWith: T | null } {
  let sharedWith: T | null = null;
  for (const k of keys) {
    for (const candidate of index.get(keyOf(k)) ?? []) {
      if (keysAgree(row, candidate.words)) return { target: candidate, by: k };
      sharedWith ??= candidate;
    }
  }
  return { target: null, sharedWith };
}
