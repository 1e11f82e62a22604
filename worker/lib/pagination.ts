import { z } from "zod";
import { ApiError } from "./errors";

/** The contract's list sizes (../shared/API.md "Lists"). */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/** A cursor's values: the sort keys of the last row of a page, then its id (driver values). */
export type CursorValues = (string | number)[];

/** Opaque to clients: base64url of the JSON array of the last row's sort values and id. */
export function encodeCursor(values: CursorValues): string {
  const bytes = new TextEncoder().encode(JSON.stringify(values));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The values of a cursor, or null for anything this server did not write (tampered, truncated). */
export function decodeCursor(cursor: string): CursorValues | null {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) return null;
  try {
    const binary = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    const values: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (!Array.isArray(values) || values.length < 1 || values.length > 8) return null;
    return values.every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v))) ? values : null;
  } catch {
    return null;
  }
}

/** The field error of a cursor the list cannot continue from (the same 400 wherever it is found). */
export const invalidCursor = () =>
  new ApiError("validation_failed", 400, "errors:field.cursor", { cursor: "errors:field.cursor" });

/**
 * The query fields of every list: spread into a list's query schema, e.g.
 * `validate("query", z.object({ ...pageQuery, filter }))`. `limit` is 1–200 (default 50); any other
 * value, and a cursor that does not decode, answer 400 `validation_failed` with a field message.
 */
export const pageQuery = {
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "errors:field.limit")
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_LIMIT, "errors:field.limit")
    .default(DEFAULT_LIMIT),
  cursor: z
    .string()
    .transform((cursor, ctx) => {
      const values = decodeCursor(cursor);
      if (!values) ctx.addIssue({ code: "custom", message: "errors:field.cursor" });
      return values ?? [];
    })
    .optional(),
};

/** A page request as the list helpers take it (the parsed `pageQuery`). */
export type PageRequest = { limit: number; cursor?: CursorValues };
