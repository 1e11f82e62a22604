/**
 * First-load JavaScript per page route of the client build, read from React Router's route manifest
 * (build/client/assets/manifest-*.js: the same data its modulepreload links come from) and the map of
 * chunks to source modules written by scripts/chunk-sources.ts (build/client-chunks.json).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const CLIENT = join(process.cwd(), "build", "client");
export const CHUNKS_FILE = join(process.cwd(), "build", "client-chunks.json");

/** Budgets in KiB of gzip (issue 20). */
export const BUDGET_KIB = { public: 130, app: 165 } as const;

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasDefaultExport?: boolean; module: string; imports?: string[]; clientActionModule?: string; clientLoaderModule?: string };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };
type ChunkSources = Record<string, { modules: Record<string, number>; dynamicImports: string[] }>;

export const buildExists = () => existsSync(CHUNKS_FILE) && existsSync(join(CLIENT, "assets")) && readdirSync(join(CLIENT, "assets")).some((n) => /^manifest-.*\.js$/.test(n));

export function readManifest(): Manifest {
  const file = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no build/client/assets/manifest-*.js: run `npm run build` first");
  const text = readFileSync(join(CLIENT, "assets", file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

export const readChunkSources = (): ChunkSources => JSON.parse(readFileSync(CHUNKS_FILE, "utf8"));

const gzipCache = new Map<string, number>();
export function gzipBytes(file: string) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * Whether a route's module declares `hydrate: false` in its handle (app/lib/hydration.ts): its
 * pages are sent without scripts or modulepreloads. Read from the route's source file, found
 * through the chunk that holds it (build/client-chunks.json), so a custom route id works too.
 */
export function isStaticRoute(route: Pick<ManifestRoute, "id" | "module">, sources: ChunkSources = readChunkSources()): boolean {
  const inChunk = Object.keys(sources[route.module.replace(/^\//, "")]?.modules ?? {});
  const file = [`app/${route.id}.tsx`, `app/${route.id}.ts`].find((f) => inChunk.includes(f)) ?? inChunk.find((id) => id.startsWith("app/routes/"));
  if (!file) return false;
  const source = readFileSync(join(process.cwd(), file), "utf8");
  return /export const handle\b[^;]*\bhydrate:\s*false\b/s.test(source);
}

export type PageLoad = {
  /** A URL of the route (parameters filled in), e.g. /app/financas or /blog/x. */
  url: string;
  routeId: string;
  kind: keyof typeof BUDGET_KIB;
  files: string[];
  gzipKiB: number;
  /** False for a static page (a route of its chain has `hydrate: false`): it loads no JavaScript. */
  hydrated: boolean;
};

/** Every page route (with a component) and what its first view downloads. Dev-only screens are left out. */
export function pageLoads(manifest = readManifest(), sources = readChunkSources()): PageLoad[] {
  const routes = manifest.routes;
  const chain = (id: string): ManifestRoute[] => {
    const route = routes[id];
    return route.parentId ? [...chain(route.parentId), route] : [route];
  };
  const hasChildren = new Set(Object.values(routes).map((r) => r.parentId));
  const loads: PageLoad[] = [];
  for (const route of Object.values(routes)) {
    // Layouts are measured through their pages; resource routes (no component) send no JavaScript.
    if (hasChildren.has(route.id) || !route.hasDefaultExport) continue;
    const ancestors = chain(route.id);
    const url =
      "/" +
      ancestors
        .map((r) => r.path ?? "")
        .filter(Boolean)
        .join("/")
        .replace(/:[^/]+/g, "x")
        .replace(/\/\*$|\*$/, "x");
    if (url.startsWith("/dev/")) continue;
    const hydrated = !ancestors.some((r) => isStaticRoute(r, sources));
    const files = new Set<string>();
    if (hydrated) {
      for (const file of [manifest.entry.module, ...manifest.entry.imports]) files.add(file);
      for (const r of ancestors) for (const file of [r.module, ...(r.imports ?? []), r.clientActionModule, r.clientLoaderModule]) if (file) files.add(file);
    }
    const gzip = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
    loads.push({ url, routeId: route.id, kind: url === "/app" || url.startsWith("/app/") ? "app" : "public", files: [...files], gzipKiB: gzip / 1024, hydrated });
  }
  return loads.sort((a, b) => a.url.localeCompare(b.url));
}

/** A chunk's name without its content hash (stable across builds): assets/finances-wytmSqrH.js → finances. */
export const chunkName = (file: string) => file.replace(/^\/?assets\//, "").replace(/-[A-Za-z0-9_-]{8}\.js$/, "");

/** The biggest chunks of a load with their biggest source modules: what to look at when a route is over. */
export function describeLoad(load: PageLoad, sources: ChunkSources, top = 6) {
  return load.files
    .map((file) => ({ file, kib: gzipBytes(file) / 1024 }))
    .sort((a, b) => b.kib - a.kib)
    .slice(0, top)
    .map(({ file, kib }) => {
      const modules = Object.entries(sources[file.replace(/^\//, "")]?.modules ?? {})
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([id]) => id.replace(/^node_modules\//, ""));
      return `${file} ${kib.toFixed(1)} KiB [${modules.join(", ")}]`;
    });
}

/** The source modules of a load, for rules such as "no charts on a first view". */
export function modulesOf(load: PageLoad, sources: ChunkSources) {
  return load.files.flatMap((file) => Object.keys(sources[file.replace(/^\//, "")]?.modules ?? {}).map((id) => ({ file, id })));
}
