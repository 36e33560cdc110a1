import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../test/harness.js";
import { send } from "../test/requests.js";

// Engine-independent HTTP behaviour, so SQLite alone.
describe("HTTP surface", () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(() => {
    webDir = mkdtempSync(join(tmpdir(), "contactbook-web-"));
    mkdirSync(join(webDir, "assets"));
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Contactbook</title><div id=root></div>");
    writeFileSync(join(webDir, "assets", "index-abc123.js"), "console.log(1)");
    writeFileSync(join(webDir, "sw.js"), "self.addEventListener('fetch', () => {})");
  });
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));
  afterEach(() => t?.close());

  it("reports health once migrations ran", async () => {
    t = await createTestApp("sqlite");
    const res = await send(t.app, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
  });

  it("sends strict security headers on pages and API answers", async () => {
    t = await createTestApp("sqlite", { WEB_DIR: webDir });
    for (const path of ["/login", "/api/health"]) {
      const res = await t.app.request(path);
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("sends the same headers when served by Node, where they go on Node's own response", async () => {
    t = await createTestApp("sqlite", { WEB_DIR: webDir });
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // What the transport adds, not the app.
    const transport = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
    const appHeaders = (res: Response) => [...res.headers].filter(([name]) => !transport.has(name)).sort();
    try {
      for (const path of ["/api/health/live", "/api/nothing-here", "/contacts", "/assets/index-abc123.js"]) {
        const served = await fetch(`${base}${path}`);
        await served.arrayBuffer();
        expect(appHeaders(served)).toEqual(appHeaders(await t.app.request(path)));
        expect(served.headers.get("x-frame-options")).toBe("DENY");
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("serves the SPA with history fallback, immutable hashed assets and a revalidated index and sw.js", async () => {
    t = await createTestApp("sqlite", { WEB_DIR: webDir });
    const deep = await t.app.request("/contacts/some/deep/link");
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain("<title>Contactbook</title>");
    expect(deep.headers.get("cache-control")).toBe("no-cache");
    const asset = await t.app.request("/assets/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const sw = await t.app.request("/sw.js");
    expect(sw.status).toBe(200);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers unknown API paths with a JSON 404, never the SPA", async () => {
    t = await createTestApp("sqlite", { WEB_DIR: webDir });
    const res = await send(t.app, "GET", "/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
  });

  it("refuses bodies over the limit with 413", async () => {
    t = await createTestApp("sqlite");
    const res = await t.app.request("/api/client-log/not-found", {
      method: "POST",
      headers: { origin: "http://localhost:3000", "content-type": "application/json" },
      body: JSON.stringify({ path: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("TOO_LARGE");
  });

  it("logs a client-side 404 with control characters stripped, and validates the body", async () => {
    t = await createTestApp("sqlite");
    const ok = await send(t.app, "POST", "/api/client-log/not-found", { body: { path: "/nope\n2026 INFO forged" } });
    expect(ok.status).toBe(204);
    expect(t.log.lines).toContainEqual({ level: "warn", message: "page not found", fields: { path: "/nope2026 INFO forged" } });
    const bad = await send(t.app, "POST", "/api/client-log/not-found", { body: { nope: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("VALIDATION");
  });
});
