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

/**
 * The same split for a React Router action or fetcher whose data is the API's error body
 * (`{ error: { code, message, fields } }`) on failure; anything else means no errors.
 *
 *   const fetcher = useFetcher<typeof action>();
 *   const errors = formErrorsOf(fetcher.data, ["title"], t("ui:…"));
 *   <Button type="submit" loading={fetcher.state !== "idle"}>
 */
export function formErrorsOf(data: unknown, knownFields: readonly string[], fallback: string): FormErrors {
  if (typeof data !== "object" || data === null || !("error" in data)) return noErrors;
  const error = (data as { error: unknown }).error;
  if (typeof error !== "object" || error === null) return noErrors;
  const { message, fields } = error as { message?: unknown; fields?: unknown };
  const cleanFields =
    typeof fields === "object" && fields !== null ? Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string")) : undefined;
  return splitApiError({ message: typeof message === "string" ? message : "", fields: cleanFields }, knownFields, fallback);
}
