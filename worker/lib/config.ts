import { ApiError } from "./errors";
import { log } from "./log";

/**
 * 503 service_misconfigured for a request that needs a setting production lacks, with a log line
 * naming the setting so whoever deploys knows what to add. Never a fallback: a development key or
 * a D1 mailbox in production would leak secrets or e-mail (docs/decisions/0015).
 */
export function misconfigured(setting: string): ApiError {
  log("error", "service_misconfigured", { setting });
  return new ApiError("service_misconfigured", 503, "errors:service_misconfigured", undefined, { "Retry-After": "300" });
}

export const isMisconfigured = (error: unknown): error is ApiError => error instanceof ApiError && error.code === "service_misconfigured";
