#!/usr/bin/env node
// Builds build/client/sw.js after `react-router build` (npm run build, npm start, e2e and CI run it):
// bundles sw/service-worker.ts with Vite, then Serwist injects the precache list of build/client,
// so the worker knows this build's hashed asset names. docs/decisions/0040-offline-app.md
//
// RUMO_SW_VERSION (optional) is written into the worker: a different value makes a byte-different
// worker, which is how the e2e test publishes "the next version" without rebuilding the app.
import { injectManifest } from "@serwist/build";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { build } from "vite";

const client = "build/client";
if (!existsSync(client)) {
  console.error("✗ build/client is missing: run `react-router build` first");
  process.exit(1);
}
const bundleDir = "build/.sw";
await build({
  configFile: false,
  logLevel: "warn",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: bundleDir,
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    lib: { entry: "sw/service-worker.ts", formats: ["es"], fileName: () => "sw.js" },
  },
});

const version = process.env.RUMO_SW_VERSION ?? "";
const source = `${bundleDir}/sw.src.js`;
writeFileSync(source, `${version ? `/* version ${version} */\n` : ""}${readFileSync(`${bundleDir}/sw.js`, "utf8")}`);
const { count, size, warnings } = await injectManifest({
  swSrc: source,
  swDest: `${client}/sw.js`,
  globDirectory: client,
  globPatterns: ["assets/**/*.{js,css,woff2}", "icons/*.{png,svg}", "manifest.webmanifest", "manifest.en.webmanifest", "favicon.svg", "offline.html"],
  // Vite's file names carry a content hash: no revision needed for them.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
});
rmSync(bundleDir, { recursive: true, force: true });
for (const warning of warnings) console.warn(`! ${warning}`);
console.log(`✓ build/client/sw.js: ${count} precached files, ${(size / 1024).toFixed(0)} KiB`);
