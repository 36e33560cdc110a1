import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "./env.js";

/** A request for a file (under /assets/, or a path ending in an extension) rather than a page. */
const isFileRequest = (path: string) => path.startsWith("/assets/") || /\.[a-z0-9]{1,8}$/i.test(path);

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated. A missing file
 * is a 404; any other GET (a navigation) gets index.html so the client router decides, 404 page included.
 */
export function spaRoutes(webDir: string) {
  const app = new Hono<AppEnv>();
  const indexFile = join(webDir, "index.html");
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/*", async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.req.path.startsWith("/assets/")) c.header("Cache-Control", "no-cache");
  });
  let assets: ReturnType<typeof serveStatic<AppEnv>> | undefined;
  // Made on first use so a missing build is reported by the fallback below, not by a startup warning.
  app.use("/*", (c, next) => {
    if (!existsSync(webDir)) return next();
    assets ??= serveStatic<AppEnv>({ root: webDir });
    return assets(c, next);
  });
  app.get("/*", (c) => {
    if (isFileRequest(c.req.path)) return c.text("Not found.", 404);
    if (!existsSync(indexFile)) return c.text("The web app is not built. Run `npm run build`.", 503);
    // Read per request: a few KB, and a rebuild is picked up without a restart.
    return c.html(readFileSync(indexFile, "utf8"));
  });
  return app;
}
