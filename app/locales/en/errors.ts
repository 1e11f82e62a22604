import type ptErrors from "../pt/errors";
import type { Catalog } from "../types";

export default {
  invalid_json: "The request body is not valid JSON.",
  validation_failed: "Some fields are not valid.",
  unauthenticated: "You need to sign in.",
  premium_required: "Premium feature - available to Premium users only",
  forbidden: "You are not allowed to do this.",
  csrf: "Request refused: origin not allowed.",
  email_not_confirmed: "Please confirm your email before signing in",
  not_found: "Not found.",
  conflict: "Conflicts with the current state.",
  payload_too_large: "The request is too large (1 MB at most).",
  unsupported_media_type: "Unsupported content type. Use application/json.",
  bodyLimit: {
    tooLarge: "The request is too large ({{max}} at most).",
    mediaType: "Unsupported content type. Use {{types}}.",
  },
  idempotency: {
    reused: "This idempotency key was already used with a different request. Generate a new key for each change.",
    inProgress: "A request with this idempotency key is still being processed. Try again in a moment.",
    invalidKey: "Invalid key: use 8 to 200 letters, digits, '-', '_', ':' or '.'.",
  },
  rate_limited: "Too many requests. Please try again later.",
  internal_error: "Internal system error. Please try again in a few minutes.",
  service_misconfigured: "Service temporarily unavailable: the server configuration is incomplete.",
  billing_unavailable: "The payment service could not be reached. Nothing was changed; please try again in a few minutes.",
  service_unavailable: "The service is temporarily unavailable. Nothing was changed; please try again in a moment.",
  unavailablePage: {
    title: "Service temporarily unavailable",
    retry: "Try again",
  },
  field: {
    required: "Required field.",
    invalid: "Invalid value.",
    tooLong: "Text too long.",
    tooShort: "Text too short.",
    notString: "Must be text.",
    unknown: "Unknown field.",
    limit: "Enter a whole number from 1 to 200.",
    cursor: "Invalid page cursor: start the list again from the top.",
  },
} satisfies Catalog<typeof ptErrors>;
