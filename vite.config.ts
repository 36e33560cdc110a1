import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const API_ORIGIN = "http://localhost:3000";
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot("./web"),
  // public/ lives inside web/, next to index.html, so the root-relative default already finds it.
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@": fromRoot("./web"),
      "@shared": fromRoot("./shared"),
    },
  },
  build: {
    outDir: fromRoot("./dist/web"),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: "vendor", test: /node_modules[\\/]/, priority: 1 },
          ],
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
