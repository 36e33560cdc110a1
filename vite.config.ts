import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const API_ORIGIN = "http://localhost:3000";
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot("./web"),
  // public/ lives inside web/, next to index.html, so the root-relative default already finds it.
  plugins: [
    react(),
    tailwindcss(),
    // The service worker is generated from the build (Workbox): every hashed asset precached under its
    // revision, so a deploy is a new worker without a hand-bumped version; the page asks before it
    // takes over ('New version available', web/lib/service-worker.ts). API answers are never cached.
    VitePWA({
      strategies: "generateSW",
      registerType: "prompt",
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    alias: {
      "@": fromRoot("./web"),
      "@shared": fromRoot("./shared"),
    },
  },
  build: {
    outDir: fromRoot("./dist/web"),
    // Read by scripts/web-sizes.ts to add up what each route downloads.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: React (needed by every route) is a chunk of its
        // own that stays cached across deploys; the other libraries go with the routes that use them
        // (shared ones into shared chunks), so /login does not download the contacts screen's.
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 }],
        },
      },
    },
  },
  server: {
    // The API server runs separately in development (npm run dev); same-origin cookies need the proxy.
    proxy: {
      "/api": {
        target: API_ORIGIN,
        ws: true,
        rewriteWsOrigin: true,
        configure: (proxy) => {
          // The server refuses writes whose Origin is not its own; in development the page's origin is
          // Vite's, so present the API's origin instead.
          proxy.on("proxyReq", (proxyReq) => {
            if (proxyReq.getHeader("origin")) proxyReq.setHeader("origin", API_ORIGIN);
          });
        },
      },
    },
  },
});
