/** Error thrown for every failed API call, so callers branch on `status`/`code` instead of parsing bodies. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
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

/** Fetches a same-origin JSON endpoint; resolves to the parsed body (undefined for 204) or throws ApiError. */
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

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: "POST", body }),
  put: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: "PUT", body }),
  patch: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: "PATCH", body }),
  delete: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: "DELETE", body }),
};

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
  return new ApiError(response.status, code, message);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value.length > 0 ? value : fallback;
}
