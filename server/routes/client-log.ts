import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/env.js";
import { rateLimit } from "../http/rate-limit.js";
import { parseJson } from "../http/validate.js";

const notFoundBody = z.object({ path: z.string().max(2000) });

/** Lets the SPA's 404 page record the miss in the server log, where an operator looks. */
export function clientLogRoutes() {
  const app = new Hono<AppEnv>();
  // Anonymous writes into the server log: a few a minute per address, each line capped.
  app.post("/not-found", rateLimit({ name: "client-log", max: 10, windowSeconds: 60 }), async (c) => {
    const { path } = await parseJson(c, notFoundBody);
    // Control characters stripped so a crafted path cannot forge log lines.
    c.var.deps.log.warn("page not found", { path: path.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 300) });
    return c.body(null, 204);
  });
  return app;
}
