#!/usr/bin/env node
// `npm run bench`: costs measured against the production build in workerd (wrangler dev), on this
// machine. Prints the median (and p95) of many runs:
//   - one password hash (scrypt, production parameters), as the latency of a dev-only endpoint
//     that hashes once, minus the latency of a trivial request;
//   - one authenticated API request (GET /api/v1/me with a session cookie).
import { setTimeout as sleep } from "node:timers/promises";
import { fmt as format, loginDemo, machine, startApp, time } from "./bench-lib.mjs";

const { base, stop } = await startApp({ stateDir: ".wrangler/bench-state" });
const fmt = (ms) => format(ms, 2);

try {
  const cookie = await loginDemo(base);
  const post = (path) => fetch(`${base}${path}`, { method: "POST", headers: { origin: base } }).then((r) => r.text());
  const params = await fetch(`${base}/api/dev/bench/hash`, { method: "POST", headers: { origin: base } }).then((r) => r.json());
  // Warm-up.
  for (let i = 0; i < 20; i++) await fetch(`${base}/api/v1/me`, { headers: { cookie } }).then((r) => r.text());

  const trivial = await time(() => post("/api/dev/cron?schedule=none"), 100);
  const hash = await time(() => post("/api/dev/bench/hash"), 40);
  const me = await time(() => fetch(`${base}/api/v1/me`, { headers: { cookie } }).then((r) => r.text()), 300);

  console.log(machine());
  console.log(`password hash: scrypt N=${params.params.N}, r=${params.params.r}, p=${params.params.p} (${(128 * params.params.N * params.params.r) / 2 ** 20} MiB)`);
  console.log(`  one hash (request median ${fmt(hash.median)} − trivial request median ${fmt(trivial.median)}): ${fmt(hash.median - trivial.median)}  [p95 request ${fmt(hash.p95)}]`);
  console.log(`authenticated request GET /api/v1/me: median ${fmt(me.median)}, p95 ${fmt(me.p95)} (300 sequential requests)`);
} finally {
  stop();
  await sleep(1500);
  process.exit(0);
}
