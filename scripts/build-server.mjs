// Bundles the server into one ES module; npm packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("built dist/server/main.js");
