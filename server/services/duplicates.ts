import { contactDisplayName } from "../../shared/contact-display.js";
import { formatPhone } from "../../shared/phone.js";
import type { AppDeps } from "../deps.js";
import { decodeKeyset, encodeKeyset } from "../db/paging.js";
import { type OrgActor, authorize } from "../policies/can.js";

const PAGE = 50;

/**
 * Groups of active contacts sharing a phone number (any of their phones, normalised) or an e-mail
 * address (any of theirs), a page of groups at a time: e-mails first, then phones, each in key order
 * after the cursor's. Two queries instead of string aggregation, which the engines spell differently.
 */
export async function findDuplicateContacts(deps: AppDeps, actor: OrgActor, cursor: string | undefined) {
  authorize(actor, "contacts.duplicates");
  const contacts = deps.repos.contacts(actor.organizationId);
  const after = cursor ? (decodeKeyset(cursor, ["string", "string"]) as [string, string]) : undefined;
  const groups = await contacts.duplicateKeys(after, PAGE + 1);
  const page = groups.slice(0, PAGE);
  if (page.length === 0) return { items: [], nextCursor: null };
  const members = await contacts.withKeys(page.map((g) => ({ kind: g.kind, key: g.key })));
  const items = page.map((g) => {
    const shared = members.filter((m) => m.matched.some((k) => k.kind === g.kind && k.key === g.key));
    return {
      kind: g.kind,
      /** The shared number as the screens show numbers, or the shared e-mail address. */
      normalized_phone: g.kind === "phone" ? formatPhone(g.key) : g.key,
      contact_count: Number(g.n),
      contact_names: shared.map(contactDisplayName),
      contact_ids: shared.map((c) => c.id),
    };
  });
  const last = page.at(-1)!;
  return { items, nextCursor: groups.length > PAGE ? encodeKeyset([last.kind, last.key]) : null };
}
