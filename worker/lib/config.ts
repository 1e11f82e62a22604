import { ApiError, apiError } from "./errors";
import { log } from "./log";

/**
 * 503 service_misconfigured for a request that needs a setting production lacks, with a log line
 * naming the setting so whoever deploys knows what to add. Never a fallback: a development key or
 * a D1 mailbox in production would leak secrets or e-mail (docs/decisions/0015).
 */
export function misconfigured(setting: string): ApiError {
  log("error", "service_misconfigured", { setting });
  return apiError("service_misconfigured", { headers: { "Retry-After": "300" } });
}
