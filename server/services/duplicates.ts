import { DUPLICATE_REASONS, type DuplicateKind } from "../../shared/contact-merge-schemas.js";
import { contactDisplayName } from "../../shared/contact-display.js";
import { formatPhone } from "../../shared/phone.js";
import { foldText } from "../../shared/search.js";
import type { AppDeps } from "../deps.js";
import { decodeKeyset, encodeKeyset } from "../db/paging.js";
import { type OrgActor, authorize } from "../policies/authorize.js";

const PAGE = 50;
/** Name rounds per page: names shared only across different companies make no group, so a page reads on. */
const NAME_ROUNDS = 4;

interface Member {
  id: string;
  first_name: string;
  last_name: string | null;
  company: string | null;
  phone: string | null;
  email: string | null;
}

export interface DuplicateGroup {
  kind: DuplicateKind;
  /** Why they are listed together: 'Same phone', 'Same e-mail', 'Same name'. */
  reason: string;
  /** What they share as the screens show it: the number, the address, the name. */
  shared: string;
  /** The shared number as the screens show numbers, or the shared e-mail address or name (older clients read this). */
  normalized_phone: string;
  contact_count: number;
  contact_names: string[];
  contact_ids: string[];
  contacts: { id: string; name: string; company: string | null; phone: string | null; email: string | null }[];
}

function groupOf(kind: DuplicateKind, shared: string, members: Member[]): DuplicateGroup {
  return {
    kind,
    reason: DUPLICATE_REASONS[kind],
    shared,
    normalized_phone: shared,
    contact_count: members.length,
    contact_names: members.map(contactDisplayName),
    contact_ids: members.map((m) => m.id),
    contacts: members.map((m) => ({ id: m.id, name: contactDisplayName(m), company: m.company, phone: m.phone, email: m.email })),
  };
}

/**
 * Likely duplicates among the active contacts, a page of groups at a time: those sharing an e-mail
 * address (any of theirs), then a phone number (any, normalised), then a name (folded: accents and
 * case aside) with the same company or none. Every step walks an index in key order after the
 * cursor's, so page 1 and page 1,000 cost the same.
 */
export async function findDuplicateContacts(deps: AppDeps, actor: OrgActor, cursor: string | undefined) {
  authorize(actor, "contacts.duplicates");
  const after = cursor ? (decodeKeyset(cursor, ["string", "string"]) as [string, string]) : undefined;
  const items: DuplicateGroup[] = [];
  if (after?.[0] !== "name") {
    const keys = await keyGroups(deps, actor, after);
    items.push(...keys.items);
    if (keys.next) return { items, nextCursor: encodeKeyset(keys.next) };
  }
  const names = await nameGroups(deps, actor, after?.[0] === "name" ? after[1] : undefined, PAGE - items.length);
  items.push(...names.items);
  return { items, nextCursor: names.next ? encodeKeyset(["name", names.next]) : null };
}

/**
 * Groups sharing an e-mail or phone key, in (kind, key) order; `next` when more keys follow. A key
 * whose other holders are in the trash makes no group.
 */
async function keyGroups(deps: AppDeps, actor: OrgActor, after: [string, string] | undefined) {
  const keys = await deps.repos.contactMerges(actor.organizationId).sharedKeys(after, PAGE + 1);
  const page = keys.slice(0, PAGE);
  if (page.length === 0) return { items: [], next: null };
  const members = await deps.repos.contacts(actor.organizationId).withKeys(page);
  const items = page.flatMap((g) => {
    const shared = members.filter((m) => m.matched.some((k) => k.kind === g.kind && k.key === g.key));
    return shared.length > 1 ? [groupOf(g.kind, g.kind === "phone" ? formatPhone(g.key) : g.key, shared)] : [];
  });
  const last = page.at(-1)!;
  return { items, next: keys.length > PAGE ? ([last.kind, last.key] as [string, string]) : null };
}

/**
 * Groups of one folded name: per company, those with it and those with none; without companies, all of
 * them. The same name at two different companies is two people. `next` is the last name read when
 * more may follow.
 */
async function nameGroups(deps: AppDeps, actor: OrgActor, after: string | undefined, room: number) {
  const merges = deps.repos.contactMerges(actor.organizationId);
  const items: DuplicateGroup[] = [];
  let last = after;
  for (let round = 0; round < NAME_ROUNDS; round++) {
    const names = await merges.sharedNames(last, Math.max(room, 1));
    if (names.length === 0) return { items, next: null };
    const rows = await merges.byNames(names);
    for (const name of names) {
      const bearers = rows.filter((r) => r.sort_name === name);
      const company = (m: Member) => foldText(m.company ?? "").trim();
      const without = bearers.filter((m) => !company(m));
      const companies = [...new Set(bearers.map(company).filter(Boolean))];
      const shown = contactDisplayName(bearers[0]!);
      if (companies.length === 0) items.push(groupOf("name", shown, without));
      for (const c of companies) {
        const members = bearers.filter((m) => company(m) === c || !company(m));
        if (members.length > 1) items.push(groupOf("name", shown, members));
      }
      last = name;
    }
    if (names.length < Math.max(room, 1)) return { items, next: null };
    if (items.length >= room) return { items, next: last ?? null };
  }
  return { items, next: last ?? null };
}
