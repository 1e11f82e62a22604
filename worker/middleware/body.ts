import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { apiError } from "../lib/errors";
import type { AppEnv } from "../types";

export const MAX_BODY_BYTES = 1024 * 1024;

/** 413 in the contract's shape for any body over 1 MB, whether or not Content-Length says so. */
export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw apiError("payload_too_large");
  },
});

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.body !== null;
}

/**
 * API bodies are JSON: another content type answers 415 and malformed JSON 400 `invalid_json`,
 * before any handler runs. The parsed body is cached by Hono for the validators. Routes that take
 * other media types (CSV, iCalendar, signed webhooks) are listed in `except`.
 */
export function jsonBodies(options: { except: string[] }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!["POST", "PUT", "PATCH", "DELETE"].includes(c.req.method) || !hasBody(c.req.raw)) return next();
    const path = new URL(c.req.url).pathname;
    if (options.except.includes(path)) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/json") throw apiError("unsupported_media_type");
    try {
      await c.req.json();
    } catch {
      throw apiError("invalid_json");
    }
    return next();
  });
}
