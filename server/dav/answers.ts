import type { Context } from "hono";
import { databaseFault } from "../db/constraint-errors.js";
import { AppError } from "../errors.js";
import { databaseFailureResponse } from "../http/database-errors.js";
import type { DavEnv } from "./auth.js";
import { DAV, el, type XmlOut, xmlDocument, xmlDocumentAround, xmlFragment } from "./xml.js";

/** Our own namespace, for the human-readable message beside a precondition. */
export const CONTACTBOOK_NS = "urn:contactbook:dav";

/** A WebDAV error answer: a status, and the precondition element (RFC 4918 16) with a message when given. */
export class DavError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 412 | 415 | 507,
    message: string,
    readonly precondition?: { ns: string; name: string },
  ) {
    super(message);
  }
}

export const multistatus = (c: Context, responses: XmlOut[], extra: XmlOut[] = []) =>
  c.body(xmlDocument(el(DAV, "multistatus", [...responses, ...extra])), 207, { "Content-Type": "application/xml; charset=utf-8" });

/**
 * A multistatus written as it is read, a batch of responses at a time, so a large book's listing or
 * multiget is never one string in memory. `next` answers null when there is nothing more.
 */
export function streamMultistatus(next: () => Promise<XmlOut[] | null>): Response {
  const [open, close] = xmlDocumentAround(el(DAV, "multistatus"));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(open));
    },
    async pull(controller) {
      const batch = await next();
      if (batch === null) {
        controller.enqueue(encoder.encode(close));
        controller.close();
      } else if (batch.length) controller.enqueue(encoder.encode(xmlFragment(batch)));
    },
  });
  return new Response(body, { status: 207, headers: { "Content-Type": "application/xml; charset=utf-8" } });
}

/** Every error of the CardDAV routes as a client of WebDAV expects it: text, or a DAV:error precondition. */
export function davError(err: Error, c: Context<DavEnv>) {
  if (err instanceof DavError) {
    if (!err.precondition) return c.text(err.message, err.status);
    const xml = xmlDocument(el(DAV, "error", [el(err.precondition.ns, err.precondition.name), el(CONTACTBOOK_NS, "message", err.message)]));
    return c.body(xml, err.status, { "Content-Type": "application/xml; charset=utf-8" });
  }
  if (err instanceof AppError) {
    // The app's edit conflict is a failed precondition here; its validation messages stay as they are.
    if (err.code === "VERSION_CONFLICT") return c.text("The card was changed by someone else. Sync again.", 412);
    if (err.status === 429) c.header("Retry-After", "60");
    return c.text(err.message, err.status);
  }
  const unavailable = databaseFailureResponse(err, c);
  if (unavailable) return unavailable;
  const fault = databaseFault(err);
  if (fault === "unique") return c.text("This card was written by another request at the same time. Please try again.", 409);
  if (fault) return c.text("Not found.", 404);
  c.var.deps.log.error("unhandled error", { method: c.req.method, path: c.req.path, error: String(err?.stack ?? err) });
  return c.text("Something went wrong. Please try again.", 500);
}
