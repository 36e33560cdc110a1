import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, createTestApp, engines, type TestApp } from "./test/harness.js";

/**
 * docs/api.md and docs/configuration.md are the reference an operator or a client's author reads, so
 * they must name what the server really has: a route or a variable added without its line here fails.
 */

const API_DOC = "docs/api.md";
const CONFIG_DOC = "docs/configuration.md";

/** "### `GET /api/orgs/:orgId/contacts`": the one heading form docs/api.md uses for a route. */
const ROUTE_HEADING = /^#{2,4} `([A-Z]+) (\/api\/[^`\s?]*)`\s*$/gm;

function documentedRoutes(): string[] {
  return [...readFileSync(API_DOC, "utf8").matchAll(ROUTE_HEADING)].map((m) => `${m[1]} ${m[2]}`);
}

/**
 * Our /api routes as the app registers them. Middleware is registered as method ALL (Hono makes no
 * other distinction), so an ALL entry counts only when it is not a prefix guard: a path ending in `*`,
 * or one other routes live under (`/api/orgs/:orgId`, the membership check).
 */
function registeredRoutes(app: TestApp["app"]): string[] {
  const api = app.routes.filter((r) => r.path.startsWith("/api/"));
  const guard = (path: string) => path.endsWith("*") || api.some((r) => r.path.startsWith(`${path}/`));
  const routes = api.filter((r) => r.method !== "ALL" || !guard(r.path)).map((r) => `${r.method} ${r.path}`);
  return [...new Set([...routes, ...betterAuthRoutes()])].sort();
}

/**
 * /api/auth/* is one gate in front of Better Auth; only the endpoints its ALLOWED list names pass
 * (server/routes/auth.ts). The list is not exported, so it is read from the source: each entry is a
 * method and an anchored literal path.
 */
function betterAuthRoutes(): string[] {
  const source = readFileSync("server/routes/auth.ts", "utf8");
  const entries = [...source.matchAll(/\{ method: "([A-Z]+)", path: \/\^((?:\\\/[a-z0-9-]+)+)\$\/ \}/g)];
  return entries.map((m) => `${m[1]} /api/auth${m[2]!.replace(/\\\//g, "/")}`);
}

describe.each(engines)("docs/api.md (%s)", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reads the route headings and the Better Auth gate", () => {
    expect(documentedRoutes().length).toBeGreaterThan(50);
    expect(betterAuthRoutes()).toContain("POST /api/auth/sign-in/password");
  });

  it("documents every /api route the server registers", () => {
    const documented = new Set(documentedRoutes());
    const missing = registeredRoutes(t.app).filter((route) => !documented.has(route));
    expect(missing, `routes with no "### \`METHOD /path\`" heading in ${API_DOC}`).toEqual([]);
  });

  it("documents no route the server lacks, and each once", () => {
    const registered = new Set(registeredRoutes(t.app));
    const documented = documentedRoutes();
    expect(
      documented.filter((route) => !registered.has(route)),
      `headings in ${API_DOC} for routes the server does not have`,
    ).toEqual([]);
    expect(documented.filter((route, i) => documented.indexOf(route) !== i)).toEqual([]);
  });

  it("lets the documented Better Auth endpoints through its gate", async () => {
    for (const route of betterAuthRoutes()) {
      const [method, path] = route.split(" ") as [string, string];
      const res = await t.app.request(path, {
        method,
        headers: { Origin: APP_URL, "Content-Type": "application/json" },
        // A GET may carry no body (the passkey ceremonies' option endpoints).
        ...(method === "GET" ? {} : { body: "{}" }),
      });
      const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
      expect(body?.error?.code, route).not.toBe("NOT_FOUND");
    }
  });
});

/** Names in the first cell of the tables of docs/configuration.md: "| `PORT` | ...". */
function documentedVariables(): string[] {
  return [...readFileSync(CONFIG_DOC, "utf8").matchAll(/^\| `([A-Z][A-Z0-9_]*)` *\|/gm)].map((m) => m[1]!);
}

/**
 * What the server reads: the keys of config.ts's schema and its other `env.X` reads, and any
 * `process.env.X` elsewhere in the server's own code. Tests and the fault suite (server/test,
 * server/reliability, *.test.ts) read variables of their own, documented in prose, not in the tables.
 */
function readVariables(): string[] {
  const config = readFileSync("server/config.ts", "utf8");
  const schema = /const schema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(config)?.[1] ?? "";
  const names = new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!));
  for (const m of config.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]!);
  for (const file of serverSources("server")) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[["']([A-Z][A-Z0-9_]*)["']\])/g)) names.add((m[1] ?? m[2])!);
  }
  return [...names].sort();
}

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === "server/test" || path === "server/reliability" ? [] : serverSources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("docs/configuration.md", () => {
  it("finds the variables of config.ts", () => {
    expect(readVariables()).toEqual(expect.arrayContaining(["PORT", "DATABASE_URL", "AUTH_SECRET", "DEFAULT_COUNTRY"]));
  });

  it("names every variable the server reads, and only those, once each", () => {
    const documented = documentedVariables();
    const read = readVariables();
    expect(
      read.filter((name) => !documented.includes(name)),
      `variables missing from ${CONFIG_DOC}`,
    ).toEqual([]);
    expect(
      documented.filter((name) => !read.includes(name)),
      `variables in ${CONFIG_DOC} the server does not read`,
    ).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });
});
