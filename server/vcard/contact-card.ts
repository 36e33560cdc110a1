import { type ContactRules, DEFAULT_CONTACT_RULES, type ValidContactData } from "../../shared/contact-model/data-schema.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import type { LeftOut } from "../cards/candidate.js";
import { pacedItems } from "../cards/pacing.js";
import { candidateToData } from "../cards/candidate-to-data.js";
import { extraLinesOf } from "./extras.js";
import type { CardPhoto } from "./photo.js";
import { type VCardCard, vcardSteps } from "./read.js";
import { readCard } from "./to-candidate.js";
import { writeVCard } from "./write.js";

export type CardVersion = "3.0" | "4.0";

/** What the app keeps of a card: its data, and beside it the UID, the lines without a field, the photo. */
export interface CardContent {
  data: ValidContactData;
  uid: string | null;
  extra: string | null;
  photo: CardPhoto | null;
  categories: string[];
  warnings: string[];
  leftOut: LeftOut[];
}

export type CardOutcome = ({ ok: true } & CardContent) | { ok: false; message: string };

/**
 * One card as a client sent it (UTF-8), read the way the importer reads a vCard file and validated by
 * the import rules (spec section 5): the same mapping for import, export and CardDAV. Read in steps with
 * turns of the event loop between them, as an import is (a card may be 2 MB of soft line breaks).
 */
export async function cardToContact(body: string, rules: ContactRules = DEFAULT_CONTACT_RULES): Promise<CardOutcome> {
  const cards: VCardCard[] = [];
  for await (const card of pacedItems(vcardSteps(Buffer.from(body, "utf8").toString("latin1"), "utf-8"))) cards.push(card);
  if (cards.length !== 1) return { ok: false, message: cards.length ? "Send one vCard per request." : "The request body is not a vCard." };
  const { candidate, extras } = readCard(cards[0]!);
  const outcome = candidateToData(candidate, rules);
  if (!outcome.ok) return outcome;
  return {
    ok: true,
    data: outcome.data,
    uid: extras.uid,
    extra: extras.extraLines.length ? extras.extraLines.join("\n") : null,
    photo: candidate.photo ?? null,
    categories: candidate.categories,
    warnings: outcome.warnings,
    leftOut: candidate.leftOut,
  };
}

/** A stored contact as the card writer needs it: its data, id, REV, the device's UID and kept lines, its photo. */
export type CardRow = ContactData & {
  id: string;
  updated_at?: string | Date | null;
  vcard_uid: string | null;
  vcard_extra: string | null;
  photo?: CardPhoto | null;
  categories?: readonly string[];
};

/** A stored contact as a card, with the properties it was given that the app has no field for (those still harmless). */
export function contactToCard(row: CardRow, version: CardVersion): string {
  return writeVCard({ ...row, uid: row.vcard_uid, extraLines: extraLinesOf(row.vcard_extra) }, { version });
}

/** A picture the server could not resize, as a 3.0 PHOTO line of its own bytes (kept with the card's other lines). */
export function unreadPhotoLine(photo: CardPhoto): string {
  const type = photo.mediaType.replace(/^image\//, "").toUpperCase();
  return `PHOTO;ENCODING=b;TYPE=${type}:${Buffer.from(photo.bytes).toString("base64")}`;
}
