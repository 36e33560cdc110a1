import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { notFound } from "../errors.js";
import { preparePhoto } from "../services/contact-photos.js";
import { contactRules } from "../services/contact-rules.js";
import { createContact, softDeleteContact, updateContact } from "../services/contacts.js";
import { bookPosition, cardOf, findCard, listBook, openBook, syncableBooks } from "../services/dav-book.js";
import { cardToContact, contactToCard, unreadPhotoLine } from "../vcard/contact-card.js";
import { DavError, davError, multistatus, streamMultistatus } from "./answers.js";
import { type DavEnv, requireAppPassword } from "./auth.js";
import { bookPath, cardPath, DAV_ROOT, homePath, parseDavPath, principalPath, PRINCIPALS } from "./paths.js";
import {
  bookProperties,
  CARD_CONTENT_TYPE,
  cardEtag,
  cardProperties,
  wantsAddressData,
  homeProperties,
  principalProperties,
  type PropRequest,
  propResponse,
  readPropfind,
  requestedVersion,
  rootProperties,
  versionOfEtag,
} from "./properties.js";
import { isInitialSync, runReport } from "./reports.js";
import { CARDDAV, DAV, el, parseXml, type XmlOut } from "./xml.js";
import type { OrgActor } from "../../shared/policy/types.js";

/** The largest card accepted: room for a photo. */
export const MAX_CARD_BYTES = 2 * 1024 * 1024;
/** The largest REPORT body: a multiget naming a whole book of 100,000 cards. */
const MAX_REPORT_BYTES = 16 * 1024 * 1024;
/** Cards read per query while a PROPFIND lists a book. */
const LIST_PAGE = 2000;
const ALLOW = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT";
/**
 * The member's view of one organization's book, or 404 (not theirs, not a member, or no longer one);
 * 403 when the organization does not let staff sync it. Records the device's visit (ADR 013).
 */
export async function bookActor(c: Context<DavEnv>, target: { userId: string; organizationId: string }, fullSync = false) {
  const user = c.var.davUser;
  if (target.userId !== user.userId) throw notFound();
  return openBook(c.var.deps, user, target.organizationId, fullSync);
}

async function readBody(c: Context<DavEnv>) {
  const text = await c.req.text();
  const body = parseXml(text);
  if (text.trim() && !body) throw new DavError(400, "The request body is not well-formed XML.");
  return body;
}

/** PROPFIND: discovery (root, principal, home) and listings (a book's cards, with their ETags). */
export async function propfind(c: Context<DavEnv>) {
  const request = readPropfind(await readBody(c));
  if (!request) throw new DavError(400, "Expected a DAV:propfind body.");
  const depthHeader = (c.req.header("depth") ?? "infinity").trim().toLowerCase();
  const depth = depthHeader === "0" ? 0 : depthHeader === "1" ? 1 : Infinity;
  const user = c.var.davUser;
  const target = parseDavPath(c.req.path);
  const { deps } = c.var;
  switch (target.kind) {
    case "root":
      return multistatus(c, [propResponse(c.req.path.endsWith("/") ? c.req.path : `${c.req.path}/`, rootProperties(user.userId), request)]);
    case "principals": {
      const collection = new Map([[`${DAV}|resourcetype`, () => [el(DAV, "collection")]]]);
      const own = depth > 0 ? [propResponse(principalPath(user.userId), principalProperties(user.userId, user.email), request)] : [];
      return multistatus(c, [propResponse(PRINCIPALS, collection, request), ...own]);
    }
    case "principal":
      if (target.userId !== user.userId) throw notFound();
      return multistatus(c, [propResponse(principalPath(user.userId), principalProperties(user.userId, user.email), request)]);
    case "home": {
      if (target.userId !== user.userId) throw notFound();
      const responses = [propResponse(homePath(user.userId), homeProperties(user.userId), request)];
      if (depth > 0) {
        // Only the books this person may open: a book that is not listed is simply not offered.
        for (const book of await syncableBooks(deps, user.userId)) {
          responses.push(
            propResponse(
              bookPath(user.userId, book.organizationId),
              bookProperties(user.userId, book.name, book.seq, MAX_CARD_BYTES),
              request,
            ),
          );
        }
      }
      return multistatus(c, responses);
    }
    case "book": {
      const { actor, name } = await bookActor(c, target, depth === 1 && wantsAddressData(request));
      if (depth === Infinity)
        throw new DavError(403, "Depth: infinity is not supported here; use Depth: 1.", { ns: DAV, name: "propfind-finite-depth" });
      const seq = await bookPosition(deps, actor);
      const self = propResponse(
        bookPath(user.userId, actor.organizationId),
        bookProperties(user.userId, name, seq, MAX_CARD_BYTES),
        request,
      );
      if (depth === 0) return multistatus(c, [self]);
      return streamBook(c, actor, self, request);
    }
    case "card": {
      const { actor } = await bookActor(c, target);
      const row = await findCard(deps, actor, target.name);
      if (!row) throw notFound();
      const card = await cardOf(deps, actor, row);
      return multistatus(c, [propResponse(cardPath(user.userId, actor.organizationId, target.name), cardProperties(row, card), request)]);
    }
    default:
      throw notFound();
  }
}

/** A book's listing as it is read, page by page: a large book is never one string in memory. */
function streamBook(c: Context<DavEnv>, actor: OrgActor, self: XmlOut, request: PropRequest) {
  const { organizationId } = actor;
  const userId = c.var.davUser.userId;
  const wantsData = wantsAddressData(request);
  let after = "";
  let done = false;
  let first = [self];
  return streamMultistatus(async () => {
    if (done) return null;
    const page = await listBook(c.var.deps, actor, after, LIST_PAGE, wantsData);
    const responses = page.map(({ name, row, card }) =>
      propResponse(cardPath(userId, organizationId, name), cardProperties(row, card), request),
    );
    if (page.length < LIST_PAGE) done = true;
    else after = page.at(-1)!.row.id;
    const batch = [...first, ...responses];
    first = [];
    return batch;
  });
}

async function cardTarget(c: Context<DavEnv>) {
  const target = parseDavPath(c.req.path);
  if (target.kind !== "card") return { target, actor: undefined };
  const { actor } = await bookActor(c, target);
  return { target, actor };
}

/** The version an If-Match names (undefined without one); 412 when it names another state of the card. */
function ifMatchVersion(c: Context<DavEnv>, row: { id: string; version: number } | undefined): number | undefined {
  const header = c.req.header("if-match");
  if (header === undefined) return undefined;
  if (header.trim() === "*") {
    if (!row) throw new DavError(412, "The card does not exist.");
    return row.version;
  }
  const version = row
    ? header
        .split(",")
        .map((e) => versionOfEtag(e, row.id))
        .find((v) => v !== null)
    : undefined;
  if (version === undefined || version === null) throw new DavError(412, "The card was changed by someone else. Sync again.");
  return version;
}

async function getCard(c: Context<DavEnv>) {
  const { target, actor } = await cardTarget(c);
  if (!actor || target.kind !== "card") {
    if (target.kind === "unknown") throw notFound();
    return c.text("Contactbook CardDAV. Add this server's address to your phone's or computer's address book.", 200);
  }
  const row = await findCard(c.var.deps, actor, target.name);
  if (!row) throw notFound();
  const etag = cardEtag(row);
  if (
    c.req
      .header("if-none-match")
      ?.split(",")
      .some((e) => e.trim() === etag || e.trim() === "*")
  )
    return c.body(null, 304, { ETag: etag });
  const version = requestedVersion(/version\s*=\s*"?([\d.]+)/i.exec(c.req.header("accept") ?? "")?.[1]);
  const card = await cardOf(c.var.deps, actor, row);
  return c.body(contactToCard(card, version), 200, {
    "Content-Type": version === "4.0" ? `${CARD_CONTENT_TYPE}; version=4.0` : CARD_CONTENT_TYPE,
    ETag: etag,
    "Last-Modified": new Date(row.updated_at).toUTCString(),
  });
}

const CARD_TYPES = /^(text\/vcard|text\/x-vcard|text\/directory)\b/i;
const NAME_RULE = /^[^/\\\0]{1,200}$/;

/**
 * PUT creates or replaces its own resource: a new name is always a new contact (even with another
 * contact's phone: the duplicate screens show the pair), a known one is replaced at its ETag when given.
 */
async function putCard(c: Context<DavEnv>) {
  const { target, actor } = await cardTarget(c);
  if (!actor || target.kind !== "card") throw new DavError(403, "Cards are written inside an address book.");
  if (!NAME_RULE.test(target.name)) throw new DavError(400, "This resource name is not allowed.");
  const type = c.req.header("content-type");
  if (type && !CARD_TYPES.test(type.trim()))
    throw new DavError(415, "Send a vCard (text/vcard).", { ns: CARDDAV, name: "supported-address-data" });
  const { deps } = c.var;
  const existing = await findCard(deps, actor, target.name);
  if (existing && c.req.header("if-none-match")?.trim() === "*") throw new DavError(412, "A card with this name already exists.");
  const expected = ifMatchVersion(c, existing);
  const rules = await contactRules(deps, actor.organizationId);
  const card = await cardToContact(await c.req.text(), rules);
  if (!card.ok) throw new DavError(403, card.message, { ns: CARDDAV, name: "valid-address-data" });
  // The card's photo is resized before anything is written. One this server cannot read (a format sharp
  // lacks, a cut file) is kept as the device sent it, first among the lines without a field (within their cap).
  const photo = card.photo ? await preparePhoto(card.photo.bytes).catch(() => null) : null;
  if (card.photo && !photo) card.extra = [unreadPhotoLine(card.photo), card.extra].filter(Boolean).join("\n");
  if (existing) {
    const { is_favorite: _kept, ...fields } = card.data;
    await updateContact(
      deps,
      actor,
      existing.id,
      expected ?? existing.version,
      fields,
      { vcard_uid: card.uid, vcard_extra: card.extra },
      rules,
      photo,
    );
    // No ETag: the stored card is our rendering of the one sent (RFC 7231 4.3.4), so the client reads it back.
    return c.body(null, 204);
  }
  await createContact(deps, actor, card.data, "new", { vcard_uid: card.uid, dav_name: target.name, vcard_extra: card.extra }, rules, photo);
  return c.body(null, 201);
}

/** DELETE moves the card to the trash, as in the app; a restore there brings it back to every device. */
async function deleteCard(c: Context<DavEnv>) {
  const { target, actor } = await cardTarget(c);
  if (!actor || target.kind !== "card") throw new DavError(403, "Address books are deleted in the app, not from a device.");
  const row = await findCard(c.var.deps, actor, target.name);
  if (!row) throw notFound();
  await softDeleteContact(c.var.deps, actor, row.id, ifMatchVersion(c, row));
  return c.body(null, 204);
}

/** PROPPATCH: nothing is writable from a device (the book's name is the organization's); 403 per property. */
async function proppatch(c: Context<DavEnv>) {
  const body = await readBody(c);
  const target = parseDavPath(c.req.path);
  if (target.kind === "book" || target.kind === "card") await bookActor(c, target);
  else if (target.kind === "unknown") throw notFound();
  const props = (body?.children ?? []).flatMap((action) => action.children.flatMap((prop) => prop.children));
  return multistatus(c, [
    el(DAV, "response", [
      el(DAV, "href", c.req.path),
      el(DAV, "propstat", [
        el(
          DAV,
          "prop",
          props.map((p) => el(p.ns, p.name)),
        ),
        el(DAV, "status", "HTTP/1.1 403 Forbidden"),
      ]),
    ]),
  ]);
}

async function report(c: Context<DavEnv>) {
  const body = await readBody(c);
  const target = parseDavPath(c.req.path);
  if (target.kind !== "book") {
    if (target.kind === "unknown") throw notFound();
    throw new DavError(403, "This report is not supported here.", { ns: DAV, name: "supported-report" });
  }
  const { actor } = await bookActor(c, target, isInitialSync(body));
  return runReport(c, actor, body);
}

function options(c: Context) {
  return c.body(null, 200, { DAV: "1, 3, addressbook, extended-mkcol", Allow: ALLOW, "Content-Length": "0" });
}

/** The CardDAV server under /dav (ADR 013). */
export function davRoutes() {
  const dav = new Hono<DavEnv>();
  dav.onError(davError);
  // Some clients probe capabilities before they authenticate.
  dav.options("*", options);
  dav.use(
    "*",
    (c, next) =>
      bodyLimit({
        maxSize: c.req.method === "REPORT" ? MAX_REPORT_BYTES : MAX_CARD_BYTES,
        onError: (c) => c.text("The request is too large.", 413),
      })(c, next),
    requireAppPassword,
    async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
      c.header("DAV", "1, 3, addressbook");
    },
  );
  dav.on("PROPFIND", "*", propfind);
  dav.on("REPORT", "*", report);
  dav.on("PROPPATCH", "*", proppatch);
  dav.get("*", getCard);
  dav.put("*", putCard);
  dav.delete("*", deleteCard);
  dav.on(["MKCOL", "MOVE", "COPY", "LOCK", "UNLOCK", "POST", "PATCH"], "*", (c) => c.text("Not supported.", 405, { Allow: ALLOW }));
  return dav;
}

/** `/` answers a PROPFIND the way /dav/ does (iOS and DAVx5 start there), and `/.well-known/carddav` points to /dav/. */
export function davDiscoveryRoutes() {
  const app = new Hono<DavEnv>();
  app.onError(davError);
  app.all("/.well-known/carddav", (c) => c.redirect(DAV_ROOT, 301));
  app.options("/", options);
  app.on("PROPFIND", "/", requireAppPassword, propfind);
  return app;
}
