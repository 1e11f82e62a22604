#!/usr/bin/env node
// `npm run bench`: costs measured against the production build in workerd (wrangler dev), on this
// machine. Prints the median (and p95) of many runs:
//   - one password hash (scrypt, production parameters), as the latency of a dev-only endpoint
//     that hashes once, minus the latency of a trivial request;
//   - one authenticated API request (GET /api/v1/me with a session cookie).
import { spawn } from "node:child_process";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

const port = process.env.BENCH_PORT || "8793";
const base = `http://127.0.0.1:${port}`;
const server = spawn("node", ["scripts/start.mjs"], {
  env: { ...process.env, PORT: port, RUMO_STATE_DIR: ".wrangler/bench-state", RUMO_FRESH_STATE: "1", LOG_REQUESTS: "false" },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

async function waitHealthy() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) {
        // start.mjs seeds the demo account right after the server is healthy.
        for (let j = 0; j < 100; j++) {
          const login = await fetch(`${base}/api/v1/auth/login`, {
            method: "POST",
            headers: { origin: base, "content-type": "application/json" },
            body: JSON.stringify({ email: "demo@rumo.app", password: "rumo-demo-2026" }),
          });
          if (login.ok) return login.headers.get("set-cookie").split(";")[0];
          await sleep(200);
        }
      }
    } catch {}
    await sleep(200);
  }
  throw new Error("server did not start");
}

async function time(fn, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { median: at(0.5), p95: at(0.95) };
}

const fmt = (ms) => `${ms.toFixed(2)} ms`;

try {
  const cookie = await waitHealthy();
  const post = (path) => fetch(`${base}${path}`, { method: "POST", headers: { origin: base } }).then((r) => r.text());
  const params = await fetch(`${base}/api/dev/bench/hash`, { method: "POST", headers: { origin: base } }).then((r) => r.json());
  // Warm-up.
  for (let i = 0; i < 20; i++) await fetch(`${base}/api/v1/me`, { headers: { cookie } }).then((r) => r.text());

  const trivial = await time(() => post("/api/dev/cron?schedule=none"), 100);
  const hash = await time(() => post("/api/dev/bench/hash"), 40);
  const me = await time(() => fetch(`${base}/api/v1/me`, { headers: { cookie } }).then((r) => r.text()), 300);

  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0].model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
  console.log(`password hash: scrypt N=${params.params.N}, r=${params.params.r}, p=${params.params.p} (${(128 * params.params.N * params.params.r) / 2 ** 20} MiB)`);
  console.log(`  one hash (request median ${fmt(hash.median)} − trivial request median ${fmt(trivial.median)}): ${fmt(hash.median - trivial.median)}  [p95 request ${fmt(hash.p95)}]`);
  console.log(`authenticated request GET /api/v1/me: median ${fmt(me.median)}, p95 ${fmt(me.p95)} (300 sequential requests)`);
} finally {
  stop();
  await sleep(1500);
  process.exit(0);
}
