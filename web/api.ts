import { type ClientResponse, hc } from "hono/client";
import type { ApiRoutes } from "../server/app";

/** Error thrown for every failed API call, so callers branch on `status`/`code` instead of parsing bodies. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The rest of the server's error record (e.g. the contact a DUPLICATE_PHONE matches). */
  readonly details: Record<string, unknown>;

  constructor(status: number, code: string, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = options?.details ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequestOptions {
  method?: Method;
  /** Serialized as JSON; `undefined` sends no body. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Fetches a same-origin JSON endpoint outside the typed API (Better Auth's sign-in and sign-out);
 * resolves to the parsed body (undefined for 204) or throws ApiError.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = "GET", body, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    // Cancellation is not a failure: TanStack Query and callers recognise the AbortError themselves.
    if (signal?.aborted) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, "NETWORK", detail || "Failed to fetch", { cause: error });
  }

  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response, payload);
  return payload as T;
}

/** fetch, with a network failure turned into ApiError NETWORK (a cancelled request stays an AbortError). */
const sameOriginFetch: typeof fetch = async (input, init) => {
  try {
    const headers = new Headers(init?.headers);
    headers.set("Accept", "application/json");
    return await fetch(input, { ...init, credentials: "same-origin", headers });
  } catch (error) {
    if (init?.signal?.aborted) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, "NETWORK", detail || "Failed to fetch", { cause: error });
  }
};

/**
 * The typed client of our API, built from the server's route types: paths, parameters, bodies and
 * answers are checked against the server at compile time, so no wire type is written twice.
 */
export const client = hc<ApiRoutes>("/api", { fetch: sameOriginFetch });

type JsonOf<R> = R extends ClientResponse<infer T, number, string> ? T : never;

/** Awaits a typed call: its JSON (undefined for 204), or an ApiError carrying the server's message. */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<JsonOf<R>> {
  const response = await request;
  const payload = await readJson(response as unknown as Response);
  if (!response.ok) throw toApiError(response as unknown as Response, payload);
  return payload as JsonOf<R>;
}

/** The answer type of a client endpoint, e.g. `Answer<typeof client.me.$get>`. */
export type Answer<F extends (...args: never[]) => Promise<ClientResponse<unknown, number, string>>> = JsonOf<Awaited<ReturnType<F>>>;

/** `{ init: { signal } }`: the per-request options that let TanStack Query cancel a call. */
export const withSignal = (signal?: AbortSignal) => ({ init: { signal: signal ?? null } });

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy or crashed server can answer with HTML; the status still tells the story.
    return undefined;
  }
}

function toApiError(response: Response, payload: unknown): ApiError {
  // Our API answers { error: { code, message } }; Better Auth answers { code?, message }.
  const record = asRecord(payload);
  const nested = asRecord(record?.error);
  const code = stringOr(nested?.code, stringOr(record?.code, `HTTP_${response.status}`));
  const message = stringOr(
    nested?.message,
    stringOr(record?.message, response.statusText || `Request failed with status ${response.status}`),
  );
  return new ApiError(response.status, code, message, nested ? { details: nested } : undefined);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value.length > 0 ? value : fallback;
}
