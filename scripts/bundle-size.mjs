#!/usr/bin/env node
/**
 * First-load JavaScript per route of the production build (`npm run bench:bundle`): the entry, the
 * matched routes' modules and every chunk they import, as the page's modulepreload links list
 * them (React Router derives those links from the same manifest). Raw and gzip bytes.
 *
 *   node scripts/bundle-size.mjs [--no-build] [--json] [path ...]
 *
 * Builds first unless --no-build; reads build/client only (no server needed).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes } from "react-router";

const args = process.argv.slice(2);
const paths = args.filter((arg) => !arg.startsWith("--"));
const routesToMeasure = paths.length ? paths : ["/", "/auth", "/app/dashboard"];
const client = join(process.cwd(), "build", "client");

if (!args.includes("--no-build")) {
  execFileSync("node_modules/.bin/react-router", ["build"], { stdio: "ignore", env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" } });
}

/** The route manifest React Router writes as `window.__reactRouterManifest={...}`. */
function readManifest() {
  const file = readdirSync(join(client, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no build/client/assets/manifest-*.js: build first");
  const text = readFileSync(join(client, "assets", file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** The manifest's flat routes as the nested tree matchRoutes expects. */
function routeTree(routes) {
  const byParent = new Map();
  for (const route of Object.values(routes)) {
    const list = byParent.get(route.parentId) ?? [];
    list.push(route);
    byParent.set(route.parentId, list);
  }
  const build = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) => ({ id: route.id, path: route.path, index: route.index, children: build(route.id) }));
  return build(undefined);
}

function firstLoadFiles(manifest, pathname) {
  const matches = matchRoutes(routeTree(manifest.routes), pathname) ?? [];
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const { route } of matches) {
    const entry = manifest.routes[route.id];
    for (const file of [entry.module, ...(entry.imports ?? []), entry.clientActionModule, entry.clientLoaderModule].filter(Boolean)) files.add(file);
  }
  return { routeIds: matches.map((m) => m.route.id), files: [...files] };
}

const manifest = readManifest();
const rows = routesToMeasure.map((pathname) => {
  const { routeIds, files } = firstLoadFiles(manifest, pathname);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(client, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { route: pathname, files: files.length, rawKiB: +(raw / 1024).toFixed(1), gzipKiB: +(gzip / 1024).toFixed(1), routeIds };
});

if (args.includes("--json")) console.log(JSON.stringify(rows, null, 2));
else {
  console.log("First-load JavaScript per route (build/client):");
  for (const row of rows) console.log(`  ${row.route.padEnd(18)} ${String(row.files).padStart(3)} files  ${String(row.rawKiB).padStart(7)} KiB  ${String(row.gzipKiB).padStart(6)} KiB gzip`);
}
