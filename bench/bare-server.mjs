// A bare Node server for the benchmarks' ratios: one tiny JSON answer, no framework, the floor any Node
// app pays per request. PORT; WORKERS processes (node:cluster) share it, as the app's workers do.
// Prints "ready" once every process listens.
import cluster from "node:cluster";
import { createServer } from "node:http";

const workers = Number(process.env.WORKERS ?? 1);
if (workers > 1 && cluster.isPrimary) {
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === workers) console.log("ready");
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  const body = JSON.stringify({ status: "ok" });
  createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  }).listen(Number(process.env.PORT), "127.0.0.1", () => {
    if (workers <= 1) console.log("ready");
  });
}
