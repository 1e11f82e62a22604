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
  return (method, path) => {
    // Compiled again if the registry grew after the guard was built (a test registers a route).
    if (compiled !== routes.length) {
      byShape = new Map();
      for (const route of routes) {
        const segments = segmentsOf(route.path);
        const shape = `${route.method.toUpperCase()} ${segments.length}`;
        byShape.set(shape, [...(byShape.get(shape) ?? []), { route, segments }]);
      }
      compiled = routes.length;
    }
    const parts = segmentsOf(path);
    const candidates = byShape.get(`${method.toUpperCase()} ${parts.length}`);
    return candidates?.find(({ segments }) => segments.every((segment, i) => segment.startsWith(":") || segment === parts[i]))?.route;
  };
}
