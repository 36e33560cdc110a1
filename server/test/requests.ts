import type { App } from "../app.js";
import { APP_URL } from "./harness.js";

export interface RequestOptions {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

/** Sends a request as the browser app would: same-origin, JSON, with the session cookie if given. */
export async function send(app: App, method: string, path: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = { origin: APP_URL, ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const res = await app.request(path, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: the text is still there */
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Signs in through Better Auth and returns the cookie header to send with later requests. */
export async function signIn(app: App, email: string, password: string, headers: Record<string, string> = {}) {
  const res = await send(app, "POST", "/api/auth/sign-in/password", { body: { email, password }, headers });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  const setCookie = res.headers.get("set-cookie") ?? "";
  const cookie = setCookie
    .split(/,(?=\s*[\w.-]+=)/)
    .map((c) => c.split(";")[0]!.trim())
    .join("; ");
  return cookie;
}
