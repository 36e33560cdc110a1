import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * Starts one of the import's threads. Built, each is its own bundle beside main.js
 * (scripts/build-server.mjs). From the sources (tests, `npm run dev`) it is the TypeScript file, which a
 * worker can only load once tsx's loader is registered in that worker (Node 20 passes neither
 * `--import tsx` nor the parent's loader on to it).
 */
export function startWorker(names: { source: string; built: string }, workerData: unknown): Worker {
  const options = { workerData };
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL(`./${names.built}`, import.meta.url), options);
  const tsx = new URL("dist/esm/api/index.mjs", pathToFileURL(createRequire(import.meta.url).resolve("tsx/package.json")));
  const source = `const { register } = await import(${JSON.stringify(tsx.href)});
register();
await import(${JSON.stringify(new URL(`./${names.source}`, import.meta.url).href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), options);
}
