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
