import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/env.js";
import { accountOps } from "./openapi-operations.js";
import { rateLimit } from "../http/rate-limit.js";
import { jsonBody } from "../http/validate.js";

const notFoundBody = z.object({ path: z.string().max(2000) });

/** Lets the SPA's 404 page record the miss in the server log, where an operator looks. */
export const clientLogRoutes = new Hono<AppEnv>()
  // Anonymous writes into the server log: a few a minute per address, each line capped.
  .post(
    "/not-found",
    accountOps.clientLog,
    rateLimit({ name: "client-log", max: 10, windowSeconds: 60 }),
    jsonBody(notFoundBody),
    async (c) => {
      const { path } = c.req.valid("json");
      // Control characters stripped so a crafted path cannot forge log lines.
      // eslint-disable-next-line no-control-regex -- matching control characters is the point here
      c.var.deps.log.warn("page not found", { path: path.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 300) });
      return c.body(null, 204);
    },
  );
