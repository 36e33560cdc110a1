import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { Hono } from "hono";
import type { AppEnv } from "./env.js";
import { buildOpenApiDocument, fileOf, op } from "./openapi.js";

/** The API's version in the document: the wire contract's, not the app's release. */
const API_VERSION = "1.0.0";

/** Scalar's standalone viewer (ADR 023), served from node_modules: never from a CDN, never in the SPA's bundle. */
const VIEWER_FILE = fileURLToPath(import.meta.resolve("@scalar/api-reference/browser/standalone.js"));

interface Viewer {
  /** Names this file's content: the page asks for `viewer.js?v=<hash>`, cached for a year. */
  hash: string;
  raw: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * The bundle's copy of zod asks once whether the page may compile code (`new Function("")`, in a try);
 * our CSP says no (no 'unsafe-eval'), zod then validates without compiling, and the browser reports the
 * refused probe as a CSP violation. The probe is answered "no" in the served copy instead: the same
 * path, without the violation (ADR 023). server/openapi.test.ts checks the probe is still found.
 */
export const EVAL_PROBE = 'try{return new Function(""),!0}catch(e){return!1}';

let viewer: Viewer | undefined;
/** Read and compressed once, on the first visit (3.5 MB, about 1 MB gzipped). */
function loadViewer(): Viewer {
  if (viewer) return viewer;
  const source = readFileSync(VIEWER_FILE, "utf8");
  const raw = new TextEncoder().encode(source.replace(EVAL_PROBE, "return!1")) as Uint8Array<ArrayBuffer>;
  const hash = createHash("sha256").update(raw).digest("hex").slice(0, 16);
  viewer = { raw, hash, gzip: new Uint8Array(gzipSync(raw, { level: 9 })) };
  return viewer;
}

/** Scalar reads its configuration from this element (no inline script: the CSP allows none). */
const VIEWER_CONFIGURATION = {
  url: "/api/openapi.json",
  // Its default fonts come from fonts.scalar.com; the page uses the system's.
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: "json",
};

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const page = (hash: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Contactbook API reference</title>
    <link rel="icon" type="image/svg+xml" href="/icon.svg" />
  </head>
  <body>
    <div id="api-reference" data-configuration="${attribute(JSON.stringify(VIEWER_CONFIGURATION))}"></div>
    <script src="/api/docs/viewer.js?v=${hash}"></script>
  </body>
</html>
`;

/**
 * GET /api/openapi.json (the document, built once from the app's routes) and GET /api/docs (a page that
 * reads it with Scalar's viewer). Both answer without a session: the document describes the API, not data.
 */
export function apiReferenceRoutes(app: Hono<AppEnv>): Hono<AppEnv> {
  // Built and serialized once per process, on the first request (a few hundred milliseconds).
  let document: Promise<string> | undefined;
  const routes = new Hono<AppEnv>();
  routes.get(
    "/openapi.json",
    op({
      tag: "Reference",
      summary: "This OpenAPI document",
      public: true,
      answers: { 200: fileOf("application/json", "OpenAPI 3.1.", "text") },
    }),
    async (c) => {
      document ??= buildOpenApiDocument(app, API_VERSION).then(JSON.stringify, (error: unknown) => {
        document = undefined;
        throw error;
      });
      c.header("Content-Type", "application/json");
      return c.body(await document);
    },
  );
  routes.get(
    "/docs",
    op({ tag: "Reference", summary: "The API reference page", public: true, answers: { 200: fileOf("text/html", "A page.", "text") } }),
    (c) => {
      c.header("Cache-Control", "no-cache");
      return c.html(page(loadViewer().hash));
    },
  );
  routes.get("/docs/viewer.js", op({ tag: "Reference", summary: "The reference page's script", hide: true, answers: {} }), (c) => {
    const { hash, raw, gzip } = loadViewer();
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", c.req.query("v") === hash ? "public, max-age=31536000, immutable" : "no-cache");
    c.header("Vary", "Accept-Encoding");
    const gzipped = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    if (gzipped) c.header("Content-Encoding", "gzip");
    return c.body(gzipped ? gzip : raw);
  });
  return routes;
}
