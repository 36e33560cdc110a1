/* Contactbook service worker.
 * Keeps the app shell available offline. API responses are never cached: they are per user and per
 * organization, and serving a stale or another session's answer would be worse than failing. */

const VERSION = "v1";
const SHELL_CACHE = `contactbook-shell-${VERSION}`;
const ASSET_CACHE = `contactbook-assets-${VERSION}`;
const SHELL_URLS = ["/index.html", "/manifest.webmanifest", "/icon.svg"];
// Hashed build assets accumulate across deploys; keep the cache bounded.
const MAX_ASSETS = 60;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) =>
      // One missing file must not abort the whole install.
      Promise.allSettled(SHELL_URLS.map((url) => cache.add(new Request(url, { cache: "reload" })))),
    ),
  );
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("contactbook-") && key !== SHELL_CACHE && key !== ASSET_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) return;

  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirstAsset(request));
  }
});

async function networkFirstNavigation(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get("content-type") || "";
    // Every SPA route answers with the same index.html, so the latest one doubles as the offline shell.
    if (response.ok && type.includes("text/html")) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put("/index.html", response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match("/index.html", { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    const excess = keys.slice(0, Math.max(0, keys.length - MAX_ASSETS));
    await Promise.all(excess.map((key) => cache.delete(key)));
  }
  return response;
}
