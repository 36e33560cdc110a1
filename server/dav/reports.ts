import type { Context } from "hono";
import type { OrgActor } from "../../shared/policy/types.js";
import {
  type BookCard,
  bookChanges,
  bookPosition,
  bookSize,
  type CardTextMatch,
  cardsByName,
  NAMES_PER_QUERY,
  queryBook,
  recordFullSync,
} from "../services/dav-book.js";
import type { DavEnv } from "./auth.js";
import { bookPath, cardPath, parseDavPath } from "./paths.js";
import {
  cardProperties,
  parseSyncToken,
  type PropRequest,
  propResponse,
  statusResponse,
  syncToken,
  wantsAddressData,
} from "./properties.js";
import { DavError, multistatus, streamMultistatus } from "./answers.js";
import { CARDDAV, childOf, childrenOf, DAV, el, type XmlNode } from "./xml.js";

/** Most cards one query answers; a sync-collection answers in pages of this size (RFC 6578 3.6). */
export const REPORT_PAGE = 5000;
/** Most hrefs in one multiget: vdirsyncer asks for a whole book (up to 100,000 cards) at once. */
export const MULTIGET_MAX = 100_000;
/** Most text-matches in one addressbook-query: clients send a few; each is a condition of one SQL query. */
export const QUERY_MAX_MATCHES = 50;
/** Longest text one text-match may hold. */
export const QUERY_MAX_TEXT = 1000;

const propsOf = (body: XmlNode): PropRequest => {
  const prop = childOf(body, DAV, "prop");
  if (prop) return { mode: "prop", props: prop.children };
  return childOf(body, DAV, "propname") ? { mode: "propname" } : { mode: "allprop" };
};

function limitOf(body: XmlNode): number {
  const text =
    childOf(childOf(body, CARDDAV, "limit") ?? childOf(body, DAV, "limit"), CARDDAV, "nresults")?.text ??
    childOf(childOf(body, DAV, "limit"), DAV, "nresults")?.text;
  const n = text ? Number(text) : NaN;
  return Number.isInteger(n) && n > 0 ? Math.min(n, REPORT_PAGE) : REPORT_PAGE;
}

/** A sync-collection from an empty token: the whole book, a device's full sync. */
export const isInitialSync = (body: XmlNode | null) =>
  body?.ns === DAV && body.name === "sync-collection" && (childOf(body, DAV, "sync-token")?.text.trim() ?? "") === "";

/** REPORT on an address book: addressbook-multiget, addressbook-query, sync-collection. */
export async function runReport(c: Context<DavEnv>, actor: OrgActor, body: XmlNode | null) {
  if (body?.ns === CARDDAV && body.name === "addressbook-multiget") return multiget(c, actor, body);
  if (body?.ns === CARDDAV && body.name === "addressbook-query") return query(c, actor, body);
  if (body?.ns === DAV && body.name === "sync-collection") return syncCollection(c, actor, body);
  throw new DavError(403, "This report is not supported.", { ns: DAV, name: "supported-report" });
}

const cardResponse = (actor: OrgActor, { name, row, card }: BookCard, request: PropRequest) =>
  propResponse(cardPath(actor.userId, actor.organizationId, name), cardProperties(row, card), request);

/**
 * The cards at the hrefs given, in their order; an href that is no card of this book answers 404.
 * Looked up and written NAMES_PER_QUERY at a time, so a whole book is neither one query nor one string.
 */
async function multiget(c: Context<DavEnv>, actor: OrgActor, body: XmlNode) {
  const request = propsOf(body);
  const hrefs = childrenOf(body, DAV, "href").map((h) => h.text);
  if (hrefs.length > MULTIGET_MAX) {
    throw new DavError(400, `A multiget may name at most ${MULTIGET_MAX.toLocaleString("en-US")} cards. Ask for them in parts.`);
  }
  const { deps } = c.var;
  // Naming as many cards as the book holds is taking the whole book: a full sync.
  if (hrefs.length > 0 && hrefs.length >= (await bookSize(deps, actor))) {
    await recordFullSync(deps, actor, c.var.davUser);
  }
  const withData = wantsAddressData(request);
  const nameIn = (href: string) => {
    const target = parseDavPath(href);
    return target.kind === "card" && target.userId === actor.userId && target.organizationId === actor.organizationId ? target.name : null;
  };
  let at = 0;
  return streamMultistatus(async () => {
    if (at >= hrefs.length) return null;
    const part = hrefs.slice(at, at + NAMES_PER_QUERY);
    at += part.length;
    const names = part.map(nameIn);
    const byName = await cardsByName(
      deps,
      actor,
      names.filter((n): n is string => n !== null),
      withData,
    );
    return part.map((href, i) => {
      const card = names[i] ? byName.get(names[i]) : undefined;
      return card ? cardResponse(actor, card, request) : statusResponse(href, 404);
    });
  });
}

const QUERY_PROPERTIES = new Set(["FN", "EMAIL", "TEL"]);
const MATCH_TYPES = new Set(["equals", "contains", "starts-with", "ends-with"]);

/** Text-match filters on FN, EMAIL and TEL (RFC 6352 10.5), case-insensitive. */
async function query(c: Context<DavEnv>, actor: OrgActor, body: XmlNode) {
  const request = propsOf(body);
  const filter = childOf(body, CARDDAV, "filter");
  const propFilters = childrenOf(filter, CARDDAV, "prop-filter");
  const unsupported = () =>
    new DavError(403, "Filters are supported on FN, EMAIL and TEL text only.", { ns: CARDDAV, name: "supported-filter" });
  const tooMany = () => new DavError(400, `An addressbook-query may hold at most ${QUERY_MAX_MATCHES} filters.`);
  if (propFilters.length > QUERY_MAX_MATCHES) throw tooMany();
  const matches: CardTextMatch[] = [];
  let anyOf = (filter?.attrs.test ?? "anyof") === "anyof";
  for (const propFilter of propFilters) {
    const property = (propFilter.attrs.name ?? "").toUpperCase();
    if (!QUERY_PROPERTIES.has(property) || childOf(propFilter, CARDDAV, "is-not-defined") || childOf(propFilter, CARDDAV, "param-filter")) {
      throw unsupported();
    }
    const textMatches = childrenOf(propFilter, CARDDAV, "text-match");
    // Several text-matches in one prop-filter combine by its own test; with one prop-filter that is the whole filter.
    if (textMatches.length > 1) {
      if (propFilters.length > 1) throw unsupported();
      anyOf = (propFilter.attrs.test ?? "anyof") === "anyof";
    }
    for (const textMatch of textMatches.length ? textMatches : [undefined]) {
      const match = textMatch?.attrs["match-type"] ?? "contains";
      if (!MATCH_TYPES.has(match)) throw unsupported();
      if (matches.length >= QUERY_MAX_MATCHES) throw tooMany();
      if ((textMatch?.text.length ?? 0) > QUERY_MAX_TEXT) {
        throw new DavError(400, `A text-match may hold at most ${QUERY_MAX_TEXT} characters.`);
      }
      matches.push({
        property: property as CardTextMatch["property"],
        text: (textMatch?.text ?? "").toLowerCase(),
        match: match as CardTextMatch["match"],
        negate: textMatch?.attrs["negate-condition"] === "yes",
      });
    }
  }
  const limit = limitOf(body);
  const { cards, more } = await queryBook(c.var.deps, actor, matches, anyOf, limit, wantsAddressData(request));
  const responses = cards.map((card) => cardResponse(actor, card, request));
  // More matches than answered: say so on the book itself (RFC 6352 8.6.1).
  if (more) responses.push(statusResponse(bookPath(actor.userId, actor.organizationId), 507));
  return multistatus(c, responses);
}

/**
 * RFC 6578: what changed since the client's token (every card, for an empty token), each card's latest
 * state or 404 when it left the book (trash, purge); in pages, the last one carrying the
 * book's current token.
 */
async function syncCollection(c: Context<DavEnv>, actor: OrgActor, body: XmlNode) {
  const request = propsOf(body);
  const tokenText = childOf(body, DAV, "sync-token")?.text.trim() ?? "";
  const { deps } = c.var;
  const current = await bookPosition(deps, actor);
  const since = tokenText === "" ? 0 : parseSyncToken(tokenText);
  if (since === null || since > current) {
    throw new DavError(403, "The sync token is not valid here. Sync again from the start.", { ns: DAV, name: "valid-sync-token" });
  }
  const initial = tokenText === "";
  const limit = limitOf(body);
  const changes = await bookChanges(deps, actor, since, limit);
  const truncated = changes.length > limit;
  const page = changes.slice(0, limit);
  const wanted = initial ? page.filter((change) => change.version !== null) : page;
  const byName = await cardsByName(
    deps,
    actor,
    wanted.filter((change) => change.version !== null).map((change) => change.name),
    wantsAddressData(request),
  );
  const responses = wanted.map((change) => {
    const card = byName.get(change.name);
    return card ? cardResponse(actor, card, request) : statusResponse(cardPath(actor.userId, actor.organizationId, change.name), 404);
  });
  const position = truncated ? page.at(-1)!.seq : Math.max(current, page.at(-1)?.seq ?? 0);
  if (truncated) responses.push(statusResponse(bookPath(actor.userId, actor.organizationId), 507));
  return multistatus(c, responses, [el(DAV, "sync-token", syncToken(position))]);
}
