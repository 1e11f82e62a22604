import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z, type ZodType } from "zod";
import { ApiError } from "./errors";
import { isMessageKey } from "./translate";
import type { MessageKey } from "~/locales/types";

// Zod's default messages become catalogue keys, so every field error reaches the client
// translated. Schemas may name their own key (e.g. "auth:validation.passwordTooShort").
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        if (issue.input === undefined || issue.input === null) return "errors:field.required";
        return issue.expected === "string" ? "errors:field.notString" : "errors:field.invalid";
      case "too_big":
        return "errors:field.tooLong";
      case "too_small":
        return issue.origin === "string" && issue.minimum === 1 ? "errors:field.required" : "errors:field.tooShort";
      case "unrecognized_keys":
        return "errors:field.unknown";
      default:
        return "errors:field.invalid";
    }
  },
});

/** Field name → catalogue key of its first problem. */
export function fieldErrors(error: z.ZodError): Record<string, MessageKey> {
  const fields: Record<string, MessageKey> = {};
  for (const issue of error.issues) {
    const name = issue.path.length ? issue.path.join(".") : "body";
    if (fields[name]) continue;
    // Schemas name keys as plain strings; one that is not in the catalogues reads as "invalid".
    fields[name] = isMessageKey(issue.message) ? issue.message : "errors:field.invalid";
  }
  return fields;
}

/** zod validation at the API edge, answering 400 `validation_failed` with localised field messages. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields = fieldErrors(result.error as unknown as z.ZodError);
      // The headline is the first field's own message (the specification's screens show one line).
      throw new ApiError("validation_failed", 400, Object.values(fields)[0] ?? "errors:validation_failed", fields);
    }
  });
}
