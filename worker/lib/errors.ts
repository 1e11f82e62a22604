import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../types";
import { log } from "./log";
import { translator } from "./translate";
import { isServiceUnavailable, UNAVAILABLE_RETRY_SECONDS } from "./unavailable";

export { isServiceUnavailable, UNAVAILABLE_RETRY_SECONDS };
import type { Language } from "~/i18n/language";
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
  /** D1, KV or a Durable Object is failing for a while: nothing was changed, try again (0047). */
  service_unavailable: 503,
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

// A message without placeholders is the same text every time: translated once per language and key
// for the isolate (i18next's key resolution was a tenth of an API 404's CPU: docs/decisions/0053).
// Bounded by the catalogues' keys, two languages.
const plainMessages = new Map<string, string>();

function plainMessage(lang: Language, key: MessageKey): string {
  const cacheKey = `${lang}\u0000${key}`;
  let text = plainMessages.get(cacheKey);
  if (text === undefined) {
    text = translator(lang)(key);
    plainMessages.set(cacheKey, text);
  }
  return text;
}

export function errorBody(c: Context<AppEnv>, code: string, messageKey: MessageKey, fields?: Record<string, MessageKey>, vars?: Record<string, string>) {
  const lang = c.get("lang") ?? "pt";
  const t = translator(lang);
  const error: Record<string, unknown> = { code, message: vars ? t(messageKey, vars as never) : plainMessage(lang, messageKey) };
  if (fields) error.fields = Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, t(key)]));
  return { error };
}

export function errorResponse(c: Context<AppEnv>, err: ApiError) {
  const response = c.json(errorBody(c, err.code, err.messageKey, err.fields, err.vars), err.status);
  for (const [name, value] of Object.entries(err.headers ?? {})) response.headers.set(name, value);
  return response;
}

/**
 * The API's 404 for an unknown path, answered rather than thrown: it is the commonest error answer
 * (crawlers, old clients), and a throw rejects every middleware's promise on its way to onError.
 */
export function notFoundResponse(c: Context<AppEnv>) {
  return c.json(errorBody(c, "not_found", errorKey("not_found")), 404);
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

/** The 503 of a storage outage, with its Retry-After. */
export const unavailable = () => apiError("service_unavailable", { headers: { "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) } });

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A page request that failed before the React Router app ran (the session read, say): a small
 * self-contained HTML page, since the app's own error page needs the same storage.
 */
function unavailablePage(c: Context<AppEnv>) {
  const lang = c.get("lang") ?? "pt";
  const t = translator(lang);
  const title = escapeHtml(t("errors:unavailablePage.title"));
  const message = escapeHtml(t("errors:service_unavailable"));
  const retry = escapeHtml(t("errors:unavailablePage.retry"));
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;line-height:1.5;color:#1f2937"><h1 style="font-size:1.5rem">${title}</h1><p>${message}</p><p><a href="" style="color:#0f766e">${retry}</a></p></body></html>`;
  return c.html(html, 503, { "Retry-After": String(UNAVAILABLE_RETRY_SECONDS), "Cache-Control": "no-store" });
}

/** The root error handler: contract-shaped errors, and a bare 500 with a request id for bugs. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (isServiceUnavailable(err)) {
    log("warn", "service_unavailable", { requestId: c.get("requestId"), error: err.message, cause: err.cause instanceof Error ? err.cause.message : undefined });
    return new URL(c.req.url).pathname.startsWith("/api/") ? errorResponse(c, unavailable()) : unavailablePage(c);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = httpExceptionCodes[err.status] ?? "validation_failed";
    return errorResponse(c, new ApiError(code, err.status as ContentfulStatusCode));
  }
  const requestId = c.get("requestId");
  // A failed query's own message names the statement; its cause says why (a constraint, a lock).
  log("error", "unhandled_error", { requestId, error: err.message, cause: err.cause instanceof Error ? err.cause.message : undefined, stack: err.stack });
  const body = errorBody(c, "internal_error", "errors:internal_error");
  return c.json({ error: { ...body.error, requestId } }, 500);
}
