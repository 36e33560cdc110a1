import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The address a request came from: the socket's, or with TRUST_PROXY the last X-Forwarded-For hop
 * (the one our own proxy appended; earlier entries are whatever the client claimed).
 */
export function resolveClientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "unknown";
  }
}
