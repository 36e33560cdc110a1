import type { Hono } from "hono";
import { type DescribeRouteOptions, type GenerateSpecOptions, describeRoute, generateSpecs, resolver } from "hono-openapi";
import type { z } from "zod";
import { errorSchema } from "../../shared/api-response-schemas.js";
import type { AppEnv } from "./env.js";

/**
 * The OpenAPI 3.1 document of the API (ADR 023), built by hono-openapi from the routes themselves: each
 * validator (server/http/validate.ts) gives its request schema, and each route's `op(...)` its summary,
 * tag and answers. A route without either is missing from the document, which server/openapi.test.ts
 * fails on.
 */

/** The failures a route names beside the ones every route of its kind has (see `withCommonFailures`). */
type Failure = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

const FAILURES: Record<Failure, { name: string; description: string }> = {
  400: {
    name: "Invalid",
    description: "The input is not valid (`VALIDATION`, or a code named by the route); the message says what to fix.",
  },
  401: { name: "SignedOut", description: "No session, and no valid API token (`UNAUTHORIZED`)." },
  403: { name: "Forbidden", description: "The caller's role (or token's scopes) does not allow it (`FORBIDDEN`)." },
  404: { name: "NotFound", description: "No such record, or another organization's: existence is never confirmed (`NOT_FOUND`)." },
  409: { name: "Conflict", description: "Changed by someone else meanwhile, or a duplicate (`CONFLICT` or a code named by the route)." },
  413: { name: "TooLarge", description: "The request or file is over its limit (`TOO_LARGE`)." },
  429: { name: "RateLimited", description: "Too many requests; wait and try again (`RATE_LIMITED`)." },
  503: { name: "Unavailable", description: "The database is unavailable or busy; try again after `Retry-After` seconds." },
};

const errorRef = { $ref: "#/components/schemas/Error" };
const failureRef = (status: Failure) => ({ $ref: `#/components/responses/${FAILURES[status].name}` });

type Answer = NonNullable<DescribeRouteOptions["responses"]>[string];

/** A JSON answer described by one of the shared zod schemas (converted as the output the server sends). */
export function json(schema: z.ZodType, description: string, example?: unknown): Answer {
  const media = { schema: resolver(schema, { options: { io: "output" } }), ...(example === undefined ? {} : { example }) };
  return { description, content: { "application/json": media } };
}

/** A JSON answer whose shape the route's section of docs/api.md describes in prose. */
export const jsonOf = (description: string): Answer => ({ description, content: { "application/json": { schema: { type: "object" } } } });

/** Another media type: a file, CSV, an image, a stream, a page. */
export const fileOf = (media: string, description: string, format = "binary"): Answer => ({
  description,
  content: { [media]: { schema: { type: "string", format } } },
});

export const noContent: Answer = { description: "Done; no body." };

interface Operation {
  tag: string;
  summary: string;
  description?: string;
  answers: Record<number, Answer>;
  failures?: Failure[];
  /** Reachable without a session or token (sign-in flows around the app, health, this reference). */
  public?: true;
  /** An example request body, shown beside the schema the route's validator gives. */
  requestExample?: unknown;
  /** Not in the document (the reference page's own script). */
  hide?: true;
}

/** Describes a route in the OpenAPI document; placed first in the route's chain. */
export function op(o: Operation) {
  const responses: Record<string, Answer> = {};
  for (const [status, answer] of Object.entries(o.answers)) responses[status] = answer;
  for (const status of o.failures ?? []) responses[status] = failureRef(status);
  return describeRoute({
    tags: [o.tag],
    summary: o.summary,
    ...(o.description ? { description: o.description } : {}),
    ...(o.public ? { security: [] } : {}),
    ...(o.hide ? { hide: true } : {}),
    ...(o.requestExample === undefined ? {} : { [REQUEST_EXAMPLE]: o.requestExample }),
    responses,
  });
}

/** Carried from `op` to the document's post-processing, which moves it beside the validator's schema. */
const REQUEST_EXAMPLE = "x-request-example";

const TAGS = [
  { name: "Contacts", description: "The organization's address book." },
  { name: "Photos", description: "A contact's picture." },
  { name: "History", description: "A contact's versions, and restoring one." },
  { name: "Trash", description: "Deleted contacts, restorable until purged." },
  { name: "Duplicates", description: "Finding and merging duplicate contacts." },
  { name: "Groups", description: "Groups of contacts." },
  { name: "Imports", description: "CSV and vCard imports, followed while they run, and undone." },
  { name: "Export", description: "CSV and vCard exports, usage and the audit log." },
  { name: "Live updates", description: "The organization's changes as Server-Sent Events." },
  { name: "Organizations", description: "Organizations the caller belongs to." },
  { name: "Members", description: "An organization's users and invitations." },
  { name: "Me", description: "The signed-in person's own account, sessions, security and notifications." },
  { name: "Account", description: "Password reset, invitation links and e-mail confirmation (no session)." },
  { name: "Health", description: "Readiness and liveness probes." },
  { name: "Reference", description: "This document and its reader." },
];

function documentation(version: string): GenerateSpecOptions["documentation"] {
  return {
    info: {
      title: "Contactbook API",
      version,
      description:
        "The JSON API of a Contactbook install, as the app itself uses it. Errors are `{ error: { code, message } }`. " +
        "Paged lists answer `{ items, nextCursor }` and take `cursor` and `limit`. State-changing requests from a " +
        "browser must come from the app's own origin. The prose reference is docs/api.md.",
    },
    tags: TAGS,
    security: [{ sessionCookie: [] }, { apiToken: [] }],
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "contactbook.session_token",
          description: "The session a browser gets by signing in (`__Secure-` prefixed over HTTPS).",
        },
        apiToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "cbk_...",
          description: "An organization API token (Settings > Integrations), sent as `Authorization: Bearer cbk_...`.",
        },
      },
      responses: Object.fromEntries(
        Object.values(FAILURES).map(({ name, description }) => [
          name,
          { description, content: { "application/json": { schema: resolver(errorSchema) } } },
        ]),
      ),
    },
  };
}

/** An operation of the generated document, as far as the post-processing reads it. */
interface Operation3 {
  responses?: Record<string, unknown>;
  security?: unknown[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  [key: string]: unknown;
}

type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>;

/** Builds the document of `app`'s routes under /api (the Better Auth gate at /api/auth/* left out, ADR 023). */
export async function buildOpenApiDocument(app: Hono<AppEnv>, version: string): Promise<OpenApiDocument> {
  const document = await generateSpecs(app, {
    documentation: documentation(version),
    exclude: [/^\/api\/auth\//],
    // Paths ending in a dot and an extension are routes here too (/api/openapi.json).
    excludeStaticFile: false,
    defaultValidationErrorResponse: { description: FAILURES[400].description, content: { "application/json": { schema: errorRef } } },
  });
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item as Record<string, Operation3>)) {
      withCommonFailures(path, operation);
      moveRequestExample(operation);
    }
  }
  return document;
}

/**
 * Every route behind a sign-in can answer 401, every route 503; every organization's route 404, and 403
 * (an API token's scopes reach only some of them).
 */
function withCommonFailures(path: string, operation: Operation3) {
  const responses = (operation.responses ??= {});
  const signedIn = operation.security === undefined || operation.security.length > 0;
  if (signedIn) responses["401"] ??= failureRef(401);
  if (path.includes("{orgId}")) {
    responses["404"] ??= failureRef(404);
    responses["403"] ??= failureRef(403);
  }
  if (path !== "/api/health/live") responses["503"] ??= failureRef(503);
}

function moveRequestExample(operation: Operation3) {
  if (!(REQUEST_EXAMPLE in operation)) return;
  const media = operation.requestBody?.content?.["application/json"];
  if (media) media.example = operation[REQUEST_EXAMPLE];
  delete operation[REQUEST_EXAMPLE];
}
