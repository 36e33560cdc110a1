import type { ContactRules, ValidContactData } from "../../shared/contact-model/data-schema.js";
import type { ContactRow } from "../db/schema.js";
import { candidateToData } from "../import/to-fields.js";
import { pacedItems } from "../import/pacing.js";
import { extraLinesOf } from "./extras.js";
import { type VCardCard, vcardSteps } from "./read.js";
import { readCard } from "./to-candidate.js";
import { type VCardContact, writeVCard } from "./write.js";

export type CardVersion = "3.0" | "4.0";

/** What the app keeps of a card: its fields, and beside them the UID and the lines without a field. */
export interface CardContent {
  fields: ValidContactData;
  uid: string | null;
  extra: string | null;
}

export type CardOutcome = ({ ok: true } & CardContent) | { ok: false; message: string };

/**
 * One card as a client sent it (UTF-8), read the way the importer reads a vCard file and validated by
 * the import rules (spec section 5): the same mapping for import, export and CardDAV. Read in steps with
 * turns of the event loop between them, as an import is (a card may be 2 MB of soft line breaks).
 */
export async function cardToContact(body: string, rules: ContactRules): Promise<CardOutcome> {
  const cards: VCardCard[] = [];
  for await (const card of pacedItems(vcardSteps(Buffer.from(body, "utf8").toString("latin1"), "utf-8"))) cards.push(card);
  if (cards.length !== 1) return { ok: false, message: cards.length ? "Send one vCard per request." : "The request body is not a vCard." };
  const { candidate, extras } = readCard(cards[0]!);
  const outcome = candidateToData(candidate, rules);
  if (!outcome.ok) return outcome;
  return { ok: true, fields: outcome.data, uid: extras.uid, extra: extras.extraLines.length ? extras.extraLines.join("\n") : null };
}

export type CardRow = VCardContact & Pick<ContactRow, "vcard_uid" | "vcard_extra">;

/** A stored contact as a card, with the properties it was given that the app has no field for (those still harmless). */
export function contactToCard(row: CardRow, version: CardVersion): string {
  return writeVCard({ ...row, uid: row.vcard_uid }, { version, extraLines: extraLinesOf(row.vcard_extra) });
}
