/** Whether a route pattern ("/tasks/:id") matches a concrete path; `:param` segments match any value. */
export function matchesPattern(pattern: string, path: string): boolean {
  const a = pattern.split("/").filter(Boolean);
  const b = path.split("/").filter(Boolean);
  return a.length === b.length && a.every((segment, i) => segment.startsWith(":") || segment === b[i]);
}
