import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../types";
import { log } from "./log";
import { translator } from "./translate";
import type { MessageKey } from "~/locales/types";

/** Error codes of the API contract (../shared/API.md), with their HTTP status. */
export const errorStatus = {
  invalid_json: 400,
  validation_failed: 400,
  unauthenticated: 401,
  premium_required: 402,
  forbidden: 403,
  email_not_confirmed: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  /** Stripe could not confirm a change that must happen first (account deletion): nothing was done. */
  billing_unavailable: 503,
  /** Production lacks a setting this request needs (docs/decisions/0015). */
  service_misconfigured: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

/** The catalogue key of an error code's own message (codes outside the contract's list: the generic one). */
const errorKey = (code: string): MessageKey => (code in errorStatus ? (`errors:${code as ErrorCode}` as const) : "errors:validation_failed");

/**
 * A failure to report to the client in the contract's shape. `message` is a catalogue key
 * (namespace:key) so the text is chosen in the request's language at the edge.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: ContentfulStatusCode,
    readonly messageKey: MessageKey = errorKey(code),
    readonly fields?: Record<string, MessageKey>,
    readonly headers?: Record<string, string>,
    /** Values for the message's {{placeholders}} (e.g. a route's body limit). */
    readonly vars?: Record<string, string>,
  ) {
    // An ApiError is an answer (404, 401, 400 …), not a bug: capturing a stack trace through the
    // whole middleware chain was a visible share of every API 404's CPU (docs/decisions/0041).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(code);
    Error.stackTraceLimit = limit;
  }
}

/** Shorthand for the common case: the code's own status and message. */
export function apiError(
  code: ErrorCode,
  options: { messageKey?: MessageKey; fields?: Record<string, MessageKey>; headers?: Record<string, string>; vars?: Record<string, string> } = {},
) {
  return new ApiError(code, errorStatus[code], options.messageKey, options.fields, options.headers, options.vars);
}

export function errorBody(c: Context<AppEnv>, code: string, messageKey: MessageKey, fields?: Record<string, MessageKey>, vars?: Record<string, string>) {
  const t = translator(c.get("lang") ?? "pt");
  const error: Record<string, unknown> = { code, message: vars ? t(messageKey, vars as never) : t(messageKey) };
  if (fields) error.fields = Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, t(key)]));
  return { error };
}

export function errorResponse(c: Context<AppEnv>, err: ApiError) {
  const response = c.json(errorBody(c, err.code, err.messageKey, err.fields, err.vars), err.status);
  for (const [name, value] of Object.entries(err.headers ?? {})) response.headers.set(name, value);
  return response;
}

const httpExceptionCodes: Partial<Record<number, ErrorCode>> = {
  400: "validation_failed",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/** The root error handler: contract-shaped errors, and a bare 500 with a request id for bugs. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException && err.status < 500) {
    const code = httpExceptionCodes[err.status] ?? "validation_failed";
    return errorResponse(c, new ApiError(code, err.status as ContentfulStatusCode));
  }
  const requestId = c.get("requestId");
  log("error", "unhandled_error", { requestId, error: err.message, stack: err.stack });
  const body = errorBody(c, "internal_error", "errors:internal_error");
  return c.json({ error: { ...body.error, requestId } }, 500);
}
