#!/usr/bin/env node
// Fixes a bug of @cloudflare/vitest-pool-workers (still in 0.23.0, the newest release; ours is 0.15.1,
// pinned by ../shared/TOOLCHAIN.md): the wrapper class behind `SELF` wraps its prototype in one more
// Proxy on every construction, and workerd constructs one per `SELF.fetch`. After n requests every
// property read walks n proxies, so a file's requests get slower one by one: 17 ms at first, 550 ms
// after 1,000 in the bad-input sweep (280 s for that file alone). Upstream: cloudflare/workers-sdk
// #15092 (the cause), #15106 (the fix, merged: install the proxy once), #15446 (the symptom, open).
// Run after `npm install` (package.json "postinstall") and again by vitest.worker.config.ts, so an
// install with --ignore-scripts is covered too. Idempotent. docs/decisions/0065.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FILE = fileURLToPath(new URL("../node_modules/@cloudflare/vitest-pool-workers/dist/worker/lib/cloudflare/test-internal.mjs", import.meta.url));
const BUGGY = "\tfunction Class(...args) {\n\t\tClass.prototype = new Proxy(Class.prototype, {";
const FIXED = "\tlet proxied = false;\n\tfunction Class(...args) {\n\t\tif (!proxied && (proxied = true)) Class.prototype = new Proxy(Class.prototype, {";

/** "fixed", "buggy", "absent" (no pool installed) or "unknown" (the code changed); reads only. */
export function poolState(file = FILE) {
  if (!existsSync(file)) return "absent";
  const source = readFileSync(file, "utf8");
  return source.includes(FIXED) ? "fixed" : source.includes(BUGGY) ? "buggy" : "unknown";
}

/** "patched" (now), or the state it found: "fixed" (already), "absent" or "unknown". */
export function patchVitestPool(file = FILE) {
  const state = poolState(file);
  if (state !== "buggy") return state;
  writeFileSync(file, readFileSync(file, "utf8").replace(BUGGY, FIXED));
  return "patched";
}

/** Patches if needed and says so: what `npm install` and the worker layer's config both run. */
export function ensureVitestPoolPatched(log = console) {
  const result = patchVitestPool();
  if (result === "patched") log.log("patch-vitest-pool: SELF's wrapper now installs its prototype proxy once (docs/decisions/0065)");
  if (result === "unknown") log.warn("patch-vitest-pool: the pool's wrapper code changed; check whether upstream fixed the growing proxy chain (docs/decisions/0065)");
  return result;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureVitestPoolPatched();
