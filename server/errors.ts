import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error the client is meant to see: answered as `{ error: { code, message } }` with its status. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Extra facts the client acts on (the contact a duplicate matches), sent beside code and message. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The server cannot do it now, and says when to try again: answered 503 with `Retry-After`. */
export class RetryLaterError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, code, message);
  }
}

export const unauthorized = () => new AppError(401, "UNAUTHORIZED", "You must be signed in.");
export const forbidden = (message = "Access denied. Please check your permissions.") => new AppError(403, "FORBIDDEN", message);
/** Also the answer for another organization's record: existence is never confirmed. */
export const notFound = (message = "Not found.") => new AppError(404, "NOT_FOUND", message);
export const badRequest = (message: string) => new AppError(400, "VALIDATION", message);
export const conflict = (message: string, code = "CONFLICT") => new AppError(409, code, message);
export const rateLimited = (message = "Too many requests. Please wait a few minutes before trying again.") =>
  new AppError(429, "RATE_LIMITED", message);
