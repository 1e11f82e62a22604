import type { PremiumRoute } from "./premium-routes";

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

/**
 * The premium route (if any) that a request under the API prefix hits. The patterns are split once
 * and grouped by method and length: this runs on every API request, and splitting every pattern each
 * time showed in a 404's profile (docs/decisions/0053).
 */
export function premiumRouteMatcher(routes: readonly PremiumRoute[]): (method: string, path: string) => PremiumRoute | undefined {
  let byShape = new Map<string, { route: PremiumRoute; segments: string[] }[]>();
  let compiled = -1;
  // Answers by method and path (hot paths repeat); emptied when full, so odd paths cannot grow it.
  const answers = new Map<string, PremiumRoute | null>();
  return (method, path) => {
    // Compiled again if the registry grew after the guard was built (a test registers a route).
    if (compiled !== routes.length) {
      answers.clear();
      byShape = new Map();
      for (const route of routes) {
        const segments = segmentsOf(route.path);
        const shape = `${route.method.toUpperCase()} ${segments.length}`;
        byShape.set(shape, [...(byShape.get(shape) ?? []), { route, segments }]);
      }
      compiled = routes.length;
    }
    const key = `${method} ${path}`;
    const known = answers.get(key);
    if (known !== undefined) return known ?? undefined;
    const parts = segmentsOf(path);
    const candidates = byShape.get(`${method.toUpperCase()} ${parts.length}`);
    const route = candidates?.find(({ segments }) => segments.every((segment, i) => segment.startsWith(":") || segment === parts[i]))?.route;
    if (answers.size >= 1000) answers.clear();
    answers.set(key, route ?? null);
    return route;
  };
}
