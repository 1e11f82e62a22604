import { MODULES } from "~/modules";

/** Module keys by the first path segment under /app of each of their screens. */
const MODULE_BY_SEGMENT = new Map<string, string>(MODULES.flatMap((m) => [m.path, ...m.screens.map((s) => s.path)].map((path) => [path.split("/")[0], m.key] as const)));

/**
 * The app path an activity came from (no origin, query or fragment, which may carry search text)
 * and the module it belongs to, or nulls for anything that is not a path under /app.
 */
export function routeOf(value: unknown): { route: string | null; module: string | null } {
  if (typeof value !== "string" || !value) return { route: null, module: null };
  let pathname: string;
  try {
    pathname = new URL(value, "https://rumo.invalid").pathname;
  } catch {
    return { route: null, module: null };
  }
  if (pathname !== "/app" && !pathname.startsWith("/app/")) return { route: null, module: null };
  const route = pathname.slice(0, 200);
  const segment = pathname.split("/")[2] ?? "";
  return { route, module: MODULE_BY_SEGMENT.get(segment) ?? null };
}

/** The same value with only the path kept, for storage. */
export const pathOnly = (value: unknown) => (typeof value === "string" ? (routeOf(value).route ?? undefined) : undefined);
