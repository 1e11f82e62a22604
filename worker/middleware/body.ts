import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { apiError } from "../lib/errors";
import { matchesPattern } from "../lib/route-pattern";
import type { BodyRule } from "../modules/types";
import type { AppEnv } from "../types";

/** Every body without a rule of its own: JSON, 1 MB at most (pages' form posts included). */
export const MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MEDIA_TYPES = ["application/json"] as const;

/** The rule of a request (full path, e.g. /api/v1/finances/import), or undefined for the default. */
export const bodyRuleFor = (rules: readonly BodyRule[], method: string, path: string) =>
  rules.find((rule) => rule.method === method.toUpperCase() && matchesPattern(rule.path, path));

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

function tooLarge(maxBytes: number) {
  return apiError("payload_too_large", { messageKey: "errors:bodyLimit.tooLarge", vars: { max: megabytes(maxBytes) } });
}

const limiters = new Map<number, ReturnType<typeof bodyLimit>>();
/** Hono's limiter for one size (it also counts streamed bodies without Content-Length). */
function limiterOf(maxBytes: number) {
  let limiter = limiters.get(maxBytes);
  if (!limiter) {
    limiter = bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw tooLarge(maxBytes);
      },
    });
    limiters.set(maxBytes, limiter);
  }
  return limiter;
}

/**
 * 413 payload_too_large in the contract's shape for a body over its route's limit (1 MB unless a
 * rule says otherwise), whether or not Content-Length says so. Runs at the root, before anything
 * reads a body; `prefix` is where the rules' paths are mounted.
 */
export function limitBodies(rules: readonly BodyRule[], prefix = "/api/v1") {
  return createMiddleware<AppEnv>((c, next) => {
    // Most requests are reads without a body: nothing to limit (a GET with a body still is).
    if (c.req.method === "GET" && !hasBody(c.req.raw)) return next();
    const path = c.req.path;
    const rule = path.startsWith(`${prefix}/`) ? bodyRuleFor(rules, c.req.method, path.slice(prefix.length)) : undefined;
    return limiterOf(rule?.maxBytes ?? MAX_BODY_BYTES)(c, next);
  });
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.body !== null;
}

/**
 * API bodies are JSON unless their route's rule names other media types: another content type
 * answers 415 and malformed JSON 400 `invalid_json`, before any handler runs. The parsed JSON is
 * cached by Hono for the validators. Rules with `mediaTypes: "any"` (signed webhooks) check their
 * own body. `prefix` is where the rules' paths are mounted.
 */
export function checkBodies(rules: readonly BodyRule[], prefix = "/api/v1") {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!["POST", "PUT", "PATCH", "DELETE"].includes(c.req.method) || !hasBody(c.req.raw)) return next();
    const rule = bodyRuleFor(rules, c.req.method, c.req.path.slice(prefix.length));
    if (rule?.mediaTypes === "any") return next();
    const accepted = rule?.mediaTypes ?? DEFAULT_MEDIA_TYPES;
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!accepted.includes(type)) {
      if (accepted.length === 1 && accepted[0] === "application/json") throw apiError("unsupported_media_type");
      throw apiError("unsupported_media_type", { messageKey: "errors:bodyLimit.mediaType", vars: { types: accepted.join(", ") } });
    }
    if (type !== "application/json") return next();
    try {
      await c.req.json();
    } catch {
      throw apiError("invalid_json");
    }
    return next();
  });
}
