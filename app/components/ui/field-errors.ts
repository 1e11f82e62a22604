/**
 * Where the API's error message goes on a form: each `fields` entry next to its own input when the
 * form has one, and everything else (the general message, fields the form does not show) in one
 * line above the submit button, so no message is ever lost.
 */
import type { ApiErrorBody } from "~/lib/api";

export type FormErrors = { fields: Record<string, string>; message: string | null };

export const noErrors: FormErrors = { fields: {}, message: null };

/**
 * Splits an API error for a form showing `knownFields`. `fallback` stands in for an empty message
 * (a network failure has none).
 */
export function splitApiError(error: Pick<ApiErrorBody, "message" | "fields">, knownFields: readonly string[], fallback: string): FormErrors {
  const fields: Record<string, string> = {};
  const orphans: string[] = [];
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    if (knownFields.includes(name)) fields[name] = message;
    else orphans.push(message);
  }
  const shownNextToFields = Object.keys(fields).length > 0;
  // With messages next to the inputs the general "check the fields" line adds nothing; without,
  // it is the only explanation the person gets.
  const general = shownNextToFields ? null : error.message || (orphans.length ? null : fallback);
  const lines = [general, ...orphans].filter((line): line is string => Boolean(line));
  return { fields, message: lines.length ? lines.join(" ") : null };
}
