import { contactDisplayName } from "../../shared/contact-display.js";
import { formatPhone } from "../../shared/phone.js";
import type { AppDeps } from "../deps.js";
import { decodeKeyset, encodeKeyset } from "../db/paging.js";
import { type OrgActor, authorize } from "../policies/can.js";

const PAGE = 50;

/**
 * Groups of active contacts sharing a normalised phone number, a page of groups at a time (ordered
 * by the number, after the cursor's). Two queries instead of string aggregation, which the engines
 * spell differently.
 */
export async function findDuplicateContacts(deps: AppDeps, actor: OrgActor, cursor: string | undefined) {
  authorize(actor, "contacts.duplicates");
  const contacts = deps.repos.contacts(actor.organizationId);
  const after = cursor ? (decodeKeyset(cursor, ["string"])[0] as string) : undefined;
  const groups = await contacts.duplicatePhones(after, PAGE + 1);
  const page = groups.slice(0, PAGE);
  if (page.length === 0) return { items: [], nextCursor: null };
  const members = await contacts.withPhones(page.map((g) => g.phone_digits));
  const items = page.map((g) => {
    const shared = members.filter((m) => m.phone_digits === g.phone_digits);
    return {
      normalized_phone: formatPhone(g.phone_digits),
      contact_count: Number(g.n),
      contact_names: shared.map(contactDisplayName),
      contact_ids: shared.map((c) => c.id),
    };
  });
  return { items, nextCursor: groups.length > PAGE ? encodeKeyset([page.at(-1)!.phone_digits]) : null };
}
