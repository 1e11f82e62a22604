/**
 * The route an error answer is counted under: the method and the path with its ids replaced by
 * ":id", so /api/v1/tasks/01JD… and /api/v1/tasks/01JE… add up. Pages count as one "page" route
 * (their paths are open-ended, and a crawler's 404s must not flood the table).
 */
/** Numbers, and long or digit-bearing tokens (ULIDs, UUIDs, hashes); short words such as "v1" stay. */
const isId = (segment: string) => /^\d+$/.test(segment) || segment.length >= 16 || (segment.length >= 8 && /\d/.test(segment));

export function errorRoute(method: string, path: string): string {
  if (!path.startsWith("/api/")) return `${method} page`;
  const segments = path
    .split("/")
    .filter(Boolean)
    .slice(0, 8)
    .map((segment) => (isId(segment) ? ":id" : segment.slice(0, 40)));
  return `${method} /${segments.join("/")}`;
}

/** Which answers are counted: every API error, and server errors of pages. */
export const countsAsError = (path: string, status: number) => status >= 500 || (status >= 400 && path.startsWith("/api/"));
