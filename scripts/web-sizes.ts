// Prints, for each route of the built web app, the JavaScript a first visit downloads (gzip): the entry
// chunk and the lazy chunks the route loads, with every chunk they import statically. Run after
// `npm run build` (`npm run bench:web`). Figures go in bench/RESULTS.md.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const DIST = join(import.meta.dirname, "..", "dist", "web");
const manifest = JSON.parse(readFileSync(join(DIST, ".vite", "manifest.json"), "utf8")) as Record<string, Chunk>;

const SIGNED_IN = ["features/auth/components/require-auth.tsx", "app/app-shell.tsx"];
const ROUTES: Record<string, string[]> = {
  "/login": ["features/auth/routes/login-route.tsx"],
  "/reset-password": ["features/auth/routes/reset-password-route.tsx"],
  "/contacts": [...SIGNED_IN, "features/contacts/routes/contacts-route.tsx"],
  "/groups": [...SIGNED_IN, "features/groups/routes/groups-route.tsx"],
  "/import": [...SIGNED_IN, "features/import-export/routes/import-export-route.tsx"],
  "/settings": [...SIGNED_IN, "features/settings/routes/settings-route.tsx"],
  "/admin/users": [...SIGNED_IN, "features/members/routes/user-management-route.tsx"],
  "/invitations": [...SIGNED_IN, "features/invitations/routes/invitations-route.tsx"],
};

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const gzipped = new Map<string, number>();
const sizeOf = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return gzipped.get(file)!;
};

function collect(key: string, files: Set<string>) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest (was it renamed?)`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

console.log("route               chunks   JS gzip");
for (const [route, modules] of Object.entries(ROUTES)) {
  const files = new Set<string>();
  for (const key of [entry, ...modules]) collect(key, files);
  const total = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
  console.log(`${route.padEnd(18)} ${String(files.size).padStart(7)} ${(total / 1024).toFixed(1).padStart(7)} KB`);
}
