import type { PackedContacts } from "../../db/repositories/contact-packing.js";
import type { NewContact } from "../../db/repositories/contacts.js";
import { DATA_COLUMNS, newContactRow } from "../contact-row.js";

/** A batch's new contact: its data columns as prepared (contact-row.ts' valuesOf), and what is its own beside them. */
export interface NewRow {
  id: string;
  values: string;
  vcard_uid: string | null;
  vcard_extra: string | null;
  photo_etag: string | null;
}

const OWN = ["id", "vcard_uid", "vcard_extra", "photo_etag"] as const;

/**
 * A batch's new contacts as their insert's one JSON parameter (contacts.insertPacked), made of their
 * prepared values without reading them: each row is its own columns, the upkeep columns every new contact
 * of the batch shares (newContactRow's), and its data columns.
 */
export function packNewRows(organizationId: string, rows: readonly NewRow[], meta: { now: string; importId: string }): PackedContacts {
  const upkeep = newContactRow(organizationId, {} as Parameters<typeof newContactRow>[1], meta) as NewContact;
  const apart = new Set<string>([...OWN, ...DATA_COLUMNS]);
  const shared = (Object.keys(upkeep) as (keyof NewContact)[]).filter((c) => !apart.has(c));
  const sharedValues = JSON.stringify(shared.map((c) => upkeep[c] ?? null)).slice(1, -1);
  const json = rows.map((r) => `[${JSON.stringify(OWN.map((c) => r[c])).slice(1, -1)},${sharedValues},${r.values.slice(1, -1)}]`);
  // The outer brackets go into the one join: `[${joined}]` is a string of parts that the writing thread's
  // postMessage made flat on the request thread, 27 ms a batch while the writing thread waited for it.
  if (json.length) {
    json[0] = `[${json[0]}`;
    json[json.length - 1] += "]";
  }
  return { count: rows.length, columns: [...OWN, ...shared, ...DATA_COLUMNS], json: json.length ? json.join(",") : "[]" };
}
