import { actorOf } from "../../shared/policy/actor.js";
import { can } from "../../shared/policy/can.js";
import type { AppDeps } from "../deps.js";
import { type CardChange, type CardTextMatch, cardNameOf, NAMES_PER_QUERY } from "../db/repositories/dav-cards.js";
import type { ContactRow } from "../db/schema.js";
import { notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import type { CardRow } from "../vcard/contact-card.js";
import { cardRowsOf } from "./contact-cards.js";
import { type HistoryActor, viaDevice } from "./contact-history.js";
import { type DavDevice, recordDevice } from "./dav-devices.js";
import { hasSecondFactor, requireSecondFactorFor } from "./second-factor.js";

// One organization's contacts as a CardDAV address book (ADR 013): what server/dav reads, each read
// authorized as the app's own are (opening the book is syncing it; reading its cards is viewing
// contacts). Writes go through the contacts service.

export type { CardTextMatch };
export { NAMES_PER_QUERY };

/** A card of the book: its resource name, its stored row, and the card written from it when asked for. */
export interface BookCard<R = ContactRow> {
  name: string;
  row: R;
  card?: CardRow;
}

/** The columns a listing without the cards' data reads. */
export type ListedRow = Pick<ContactRow, "id" | "dav_name" | "version" | "updated_at">;

/**
 * A member's book, or 404 (not a member, or no longer one); 403 when the organization does not let
 * staff sync it, or requires two-factor of a member without it. Records the device's visit; the actor returned writes under the device's name.
 */
export async function openBook(
  deps: AppDeps,
  user: { userId: string } & DavDevice,
  organizationId: string,
  fullSync: boolean,
): Promise<{ actor: OrgActor & HistoryActor; name: string }> {
  const membership = await deps.repos.members(organizationId).membership(user.userId);
  if (!membership) throw notFound();
  requireSecondFactorFor(organizationId, membership);
  const actor = actorOf({ userId: user.userId, organizationId }, membership);
  authorize(actor, "contacts.sync", { staffCardDav: Boolean(membership.staff_carddav) });
  await recordDevice(deps, actor, user, fullSync);
  // Its writes are recorded in the contacts' history under the device's name (its app password's).
  return { actor: viaDevice(actor, user.appPasswordName), name: membership.organization_name };
}

/**
 * The books a person may sync, with each one's current change number. A book they may not open is
 * left out rather than refused (staff sync off, two-factor required and missing): a listed book that
 * answers 403 fails a whole sync in vdirsyncer.
 */
export async function syncableBooks(deps: AppDeps, userId: string): Promise<{ organizationId: string; name: string; seq: number }[]> {
  const secondFactor = hasSecondFactor((await deps.repos.users.facts(userId)) ?? { twoFactorEnabled: false, hasPasskey: false });
  const books = (await deps.repos.organizations.listOfUser(userId)).filter(
    (org) =>
      (secondFactor || !org.require_two_factor) &&
      can(actorOf({ userId, organizationId: org.id }, org), "contacts.sync", { staffCardDav: Boolean(org.staff_carddav) }).allowed,
  );
  const answer = [];
  for (const org of books) answer.push({ organizationId: org.id, name: org.name, seq: await deps.repos.davCards(org.id).currentSeq() });
  return answer;
}

/** The book's current change number: the position a fresh sync token stands for. */
export async function bookPosition(deps: AppDeps, actor: OrgActor): Promise<number> {
  authorize(actor, "contacts.view");
  return deps.repos.davCards(actor.organizationId).currentSeq();
}

/** The card a resource name stands for, unless it is in the trash. */
export async function findCard(deps: AppDeps, actor: OrgActor, name: string): Promise<ContactRow | undefined> {
  authorize(actor, "contacts.view");
  const row = await deps.repos.davCards(actor.organizationId).findByName(name);
  return row && !row.deleted_at ? row : undefined;
}

/** The card written from a stored contact (with its photo). */
export async function cardOf(deps: AppDeps, actor: OrgActor, row: ContactRow): Promise<CardRow> {
  authorize(actor, "contacts.view");
  const [card] = await cardRowsOf(deps.repos, actor.organizationId, [row]);
  return card!;
}

/** The cards of these rows when `withData`, their photos read in one query. */
async function withCards(deps: AppDeps, actor: OrgActor, rows: ContactRow[], withData: boolean): Promise<BookCard[]> {
  const cards = withData ? new Map((await cardRowsOf(deps.repos, actor.organizationId, rows)).map((card) => [card.id, card])) : undefined;
  return rows.map((row) => ({ name: cardNameOf(row), row, card: cards?.get(row.id) }));
}

/** One page of the book's active cards after `afterId`, by id; with their cards' data when `withData`. */
export async function listBook(
  deps: AppDeps,
  actor: OrgActor,
  afterId: string,
  limit: number,
  withData: boolean,
): Promise<BookCard<ListedRow>[]> {
  authorize(actor, "contacts.view");
  const cards = deps.repos.davCards(actor.organizationId);
  if (withData) return withCards(deps, actor, await cards.rows(afterId, limit), true);
  return (await cards.listing(afterId, limit)).map((row) => ({ name: cardNameOf(row), row }));
}

/** How many active cards the book holds. */
export async function bookSize(deps: AppDeps, actor: OrgActor): Promise<number> {
  authorize(actor, "contacts.view");
  return deps.repos.contacts(actor.organizationId).counter.read();
}

/** A device's full sync seen after the book was opened (a multiget of the whole book): recorded once. */
export async function recordFullSync(deps: AppDeps, actor: OrgActor, device: DavDevice): Promise<void> {
  authorize(actor, "contacts.view");
  await recordDevice(deps, actor, device, true);
}

/** The active cards of these resource names (NAMES_PER_QUERY per query), by name. */
export async function cardsByName(deps: AppDeps, actor: OrgActor, names: string[], withData: boolean): Promise<Map<string, BookCard>> {
  authorize(actor, "contacts.view");
  const rows = await deps.repos.davCards(actor.organizationId).findManyByNames(names);
  return new Map((await withCards(deps, actor, rows, withData)).map((card) => [card.name, card]));
}

/** The active cards matching every (or any) text-match, at most `limit`, and whether more matched. */
export async function queryBook(
  deps: AppDeps,
  actor: OrgActor,
  matches: CardTextMatch[],
  anyOf: boolean,
  limit: number,
  withData: boolean,
): Promise<{ cards: BookCard[]; more: boolean }> {
  authorize(actor, "contacts.view");
  const rows = await deps.repos.davCards(actor.organizationId).query(matches, anyOf, limit);
  return { cards: await withCards(deps, actor, rows.slice(0, limit), withData), more: rows.length > limit };
}

/** What changed after `since`, in order, at most `limit` + 1 entries (version null: it left the book). */
export async function bookChanges(deps: AppDeps, actor: OrgActor, since: number, limit: number): Promise<CardChange[]> {
  authorize(actor, "contacts.view");
  return deps.repos.davCards(actor.organizationId).changesSince(since, limit);
}
