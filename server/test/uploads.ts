import type { App } from "../app.js";
import { APP_URL } from "./harness.js";

/** Posts a multipart form as the browser's file input would; `file` is the bytes and the file's name. */
export async function upload(
  app: App,
  path: string,
  file: { bytes: Uint8Array | string; name: string },
  fields: Record<string, string> = {},
  cookie?: string,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  const bytes = typeof file.bytes === "string" ? new TextEncoder().encode(file.bytes) : file.bytes;
  form.set("file", new File([bytes], file.name));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const res = await app.request(path, {
    method: "POST",
    body: form,
    headers: { origin: APP_URL, ...headers, ...(cookie ? { cookie } : {}) },
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** A CSV file from a header row and records given as objects keyed by header (missing cells empty). */
export function csvOf(headers: string[], rows: Record<string, string>[], newline = "\r\n"): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [headers.map(quote).join(","), ...rows.map((r) => headers.map((h) => quote(r[h] ?? "")).join(","))].join(newline) + newline;
}

/**
 * Posts a file as a multipart form streamed a chunk at a time, as a browser's upload arrives; answers,
 * beside the answer, how long the server took to answer once it had read the whole upload (the time the
 * upload itself takes is the network's, not the server's).
 */
export async function timedUpload(app: App, path: string, file: { bytes: Uint8Array; name: string }, cookie: string) {
  const boundary = `contactbook-${Math.random().toString(16).slice(2)}`;
  const encoder = new TextEncoder();
  const parts = [
    encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n\r\n`),
    file.bytes,
    encoder.encode(`\r\n--${boundary}--\r\n`),
  ];
  const CHUNK = 64 * 1024;
  let part = 0;
  let at = 0;
  let receivedAt = Number.NaN;
  const body = new ReadableStream<Uint8Array>({
    // Each chunk in a turn of the event loop of its own, as a socket delivers them: an in-memory stream
    // would hand the whole upload over in one chain of promise callbacks, holding the thread throughout.
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      const current = parts[part];
      if (!current) {
        receivedAt = performance.now();
        controller.close();
        return;
      }
      controller.enqueue(current.subarray(at, at + CHUNK));
      at += CHUNK;
      if (at >= current.length) [part, at] = [part + 1, 0];
    },
  });
  const res = await app.request(path, {
    method: "POST",
    body,
    duplex: "half",
    // With its length declared, the body is read as the server parses it (not buffered by the limit first).
    headers: {
      origin: APP_URL,
      cookie,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(parts.reduce((sum, p) => sum + p.length, 0)),
    },
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text), text, afterUploadMs: performance.now() - receivedAt };
}
