/**
 * First-load JavaScript per page route of the production build (`npm run bench:bundle`), measured
 * exactly as the budget test measures it (tests/quality/bundle.ts: the entry, the matched routes'
 * modules and their imports, 0 for a static page), with the budget beside each route and, for a
 * route over it, its biggest chunks.
 *
 *   npm run bench:bundle -- [--no-build] [--json] [url ...]      (e.g. /auth /app/financas)
 */
import { execFileSync } from "node:child_process";
import { BUDGET_KIB, buildExists, describeLoad, pageLoads, readChunkSources } from "../tests/quality/bundle";

const args = process.argv.slice(2);
const urls = args.filter((arg) => !arg.startsWith("--"));

if (!args.includes("--no-build") || !buildExists()) execFileSync("npm", ["run", "build"], { stdio: "ignore", env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" } });

const sources = readChunkSources();
const loads = pageLoads(undefined, sources).filter((load) => urls.length === 0 || urls.includes(load.url));
if (args.includes("--json")) {
  console.log(JSON.stringify(loads.map(({ url, routeId, hydrated, gzipKiB, files }) => ({ url, routeId, hydrated, gzipKiB: +gzipKiB.toFixed(1), files: files.length })), null, 2));
} else {
  console.log("First-load JavaScript per page route (build/client, gzip KiB):");
  for (const load of loads) {
    const budget = BUDGET_KIB[load.kind];
    const verdict = !load.hydrated ? "static, no scripts" : load.gzipKiB <= budget ? `≤ ${budget}` : `over ${budget}`;
    console.log(`  ${load.url.padEnd(28)} ${load.gzipKiB.toFixed(1).padStart(6)}  ${verdict}`);
    if (load.gzipKiB > budget) for (const line of describeLoad(load, sources, 4)) console.log(`      ${line}`);
  }
}
