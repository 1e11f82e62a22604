#!/usr/bin/env node
/**
 * `npm run bench`: the request pipeline, side by side in ONE run on the same workerd build.
 *
 *   floor            a bare Hono route in its own Worker (bench/floor), same wrangler
 *   floor + I/O      the floor with one D1 read, and with a KV read and 1 or 3 sequential D1 reads
 *                    (local KV/D1's own cost)
 *   floor + [assets] the same floor Worker with static assets configured as Rumo's are: what the
 *                    runtime's asset router costs a request with none of Rumo's code (decision 0058)
 *   404              Rumo GET /api/v1/unknown (the whole middleware stack, no session)
 *   me               Rumo GET /api/v1/me, signed in
 *   tasks            Rumo GET /api/v1/tasks, signed in, a page of 50 tasks
 *   dashboard        Rumo SSR GET /app/dashboard, signed in
 *
 * Requests/s and p50/p95/p99 at 1, 10 and 50 connections (autocannon). Each Rumo row runs right
 * after a floor run of its own, so both see the same machine load; the targets are ratios
 * for that reason (issue 20): the 404 path ≥ 70 % of the floor's requests/s, authenticated API reads
 * ≥ 50 %, and p99 ≤ 4 × p50 on every Rumo route. Exits non-zero on a missed target.
 *
 *   node bench/pipeline.mjs [--no-build] [--duration=8] [--connections=1,10,50] [--only=404,me] [--json=file] [--direct]
 *
 * `--direct` sends the requests to each Worker's own workerd socket instead of wrangler dev's port,
 * leaving out wrangler's development proxy (a second workerd process in front of the Worker, which
 * production does not have; see workerSocket in scripts/bench-lib.mjs). Linux only.
 *
 * The load average is printed before and after: on a shared machine, rerun when it is low.
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { loginDemo, machine, startApp, workerSocket } from "../scripts/bench-lib.mjs";
import { freePort } from "../scripts/free-port.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? true];
  }),
);
const duration = Number(args.duration ?? process.env.BENCH_DURATION ?? 8);
const levels = String(args.connections ?? "1,10,50").split(",").map(Number);

/** Targets (issue 20); `ratio` is against the floor's requests/s at the same connection count. */
export const TARGETS = { notFoundRatio: 0.7, authReadRatio: 0.5, tailFactor: 4 };

/** A floor Worker (`config`) under the same wrangler as the app; stopped with its process group. */
async function startFloor(config) {
  const port = String(await freePort());
  const child = spawn(
    "node_modules/.bin/wrangler",
    ["dev", "-c", config, "--port", port, "--ip", "127.0.0.1", "--persist-to", `.wrangler/bench-floor-state/${config.replace(/\W+/g, "-")}`, "--show-interactive-dev-session=false"],
    { stdio: ["ignore", "ignore", "inherit"], detached: true, env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" } },
  );
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  process.on("exit", stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${base}/items`)).ok) return { base, port: Number(port), pid: child.pid, stop };
    } catch {}
    await sleep(250);
  }
  throw new Error("the floor worker did not start");
}

/** Enough tasks that GET /tasks answers a full page of 50. */
async function ensureTasks(base, cookie, count = 50) {
  const headers = { cookie, origin: base, "content-type": "application/json" };
  const page = await fetch(`${base}/api/v1/tasks?limit=50`, { headers: { cookie } }).then((r) => r.json());
  for (let i = page.items.length; i < count; i++) {
    const response = await fetch(`${base}/api/v1/tasks`, { method: "POST", headers, body: JSON.stringify({ title: `Tarefa de referência ${i + 1}` }) });
    if (!response.ok) throw new Error(`creating a task: ${response.status} ${await response.text()}`);
  }
  const check = await fetch(`${base}/api/v1/tasks`, { headers: { cookie } }).then((r) => r.json());
  if (check.items.length < count) throw new Error(`GET /api/v1/tasks answers ${check.items.length} tasks, expected ${count}`);
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** One autocannon run; latencies are collected per response so p95 is exact (autocannon has no p95). */
async function measure({ url, headers = {}, expectStatus }, connections) {
  const latencies = [];
  let unexpected = 0;
  const instance = autocannon({ url, headers, connections, duration, pipelining: 1 });
  instance.on("response", (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status !== expectStatus) unexpected++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: result.errors + result.timeouts + unexpected,
  };
}

const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");

const app = await startApp({ stateDir: ".wrangler/bench-pipeline-state", skipBuild: Boolean(args["no-build"]) });
let floor;
let floorAssets;
let failed = false;
try {
  const cookie = await loginDemo(app.base);
  floor = await startFloor("bench/floor/wrangler.toml");
  floorAssets = await startFloor("bench/floor/wrangler.assets.toml");
  await ensureTasks(app.base, cookie);
  // The bases measured: wrangler's ports, or with --direct the Workers' own sockets behind them.
  const isFloor = async (base) => (await fetch(`${base}/items`, { signal: AbortSignal.timeout(1000) }).then((r) => r.text())) === '{"items":[]}';
  const isApp = async (base) => {
    const response = await fetch(`${base}/api/v1/unknown`, { signal: AbortSignal.timeout(1000) });
    return response.status === 404 && (await response.text()).includes('"not_found"');
  };
  const base = args.direct
    ? {
        app: await workerSocket(app.server.pid, isApp, { exclude: [Number(app.port)] }),
        floor: await workerSocket(floor.pid, isFloor, { exclude: [floor.port] }),
        floorAssets: await workerSocket(floorAssets.pid, isFloor, { exclude: [floorAssets.port] }),
      }
    : { app: app.base, floor: floor.base, floorAssets: floorAssets.base };

  const targets = [
    { name: "floor (bare Hono)", url: `${base.floor}/items`, expectStatus: 200, floor: true },
    // The floor with local KV/D1 reads (no target): what the same I/O costs without Rumo's code.
    // The floor giving the 404's answer (its headers and body), with none of Rumo's code.
    { name: "floor, 404's answer", url: `${base.floor}/answer-shape`, expectStatus: 404 },
    // The same answer from a floor Worker with Rumo's [assets] settings: the asset router's hop.
    { name: "floor + [assets], 404's", url: `${base.floorAssets}/answer-shape`, expectStatus: 404 },
    // A signed-in read within 10 s of the last one makes no KV read (decision 0056): its floor.
    { name: "floor + D1", url: `${base.floor}/io?d1=1`, expectStatus: 200 },
    { name: "floor + KV + D1", url: `${base.floor}/io?kv=1&d1=1`, expectStatus: 200 },
    { name: "floor + KV + 3 D1", url: `${base.floor}/io?kv=1&d1=3`, expectStatus: 200 },
    { name: "404 /api/v1/unknown", url: `${base.app}/api/v1/unknown`, expectStatus: 404, ratio: TARGETS.notFoundRatio, rumo: true },
    { name: "GET /api/v1/me", url: `${base.app}/api/v1/me`, headers: { cookie }, expectStatus: 200, ratio: TARGETS.authReadRatio, rumo: true },
    { name: "GET /api/v1/tasks (50)", url: `${base.app}/api/v1/tasks`, headers: { cookie }, expectStatus: 200, ratio: TARGETS.authReadRatio, rumo: true },
    { name: "SSR /app/dashboard", url: `${base.app}/app/dashboard`, headers: { cookie }, expectStatus: 200, rumo: true },
  ];

  // `--only=404,me`: the floor rows and the Rumo rows whose name contains one of these.
  if (args.only) {
    const only = String(args.only).split(",");
    targets.splice(0, targets.length, ...targets.filter((t) => t.name.startsWith("floor") || only.some((o) => t.name.includes(o))));
  }

  // Warm-up: every isolate compiled, caches filled, the session's KV copy written.
  for (const target of targets) for (let i = 0; i < 30; i++) await fetch(target.url, { headers: target.headers }).then((r) => r.arrayBuffer());

  console.log(machine());
  console.log(`load average before: ${loadavg()}; ${duration} s per run; autocannon in this process`);
  console.log(args.direct ? "direct: each Worker's own workerd socket (no wrangler dev proxy)\n" : "through wrangler dev's port (its development proxy included; --direct leaves it out)\n");
  const rows = [];
  for (const connections of levels) {
    let floorRps = NaN;
    const floorTarget = targets.find((t) => t.floor);
    for (const target of targets) {
      // Each Rumo row is compared with a floor run just before it, not with the level's first one:
      // on a shared 2-core machine the floor itself moved 280–440 req/s within one bench.
      if (target.rumo && floorTarget) floorRps = (await measure(floorTarget, connections)).rps;
      const figures = await measure(target, connections);
      if (target.floor) floorRps = figures.rps;
      const ratio = figures.rps / floorRps;
      const misses = [];
      if (figures.requests === 0) misses.push("no answer in time");
      if (figures.errors) misses.push(`${figures.errors} errors`);
      if (target.ratio && ratio < target.ratio) misses.push(`< ${target.ratio * 100} % of floor`);
      if (target.rumo && figures.p99 > TARGETS.tailFactor * figures.p50) misses.push(`p99 > ${TARGETS.tailFactor}×p50`);
      if (misses.length) failed = true;
      const row = { route: target.name, connections, ...figures, ratio, floorRps, misses };
      rows.push(row);
      console.log(
        [
          target.name.padEnd(24),
          `c=${String(connections).padStart(2)}`,
          `${figures.rps.toFixed(0).padStart(5)} req/s`,
          `p50 ${figures.p50.toFixed(1).padStart(6)} ms`,
          `p95 ${figures.p95.toFixed(1).padStart(6)} ms`,
          `p99 ${figures.p99.toFixed(1).padStart(6)} ms`,
          target.floor ? "  floor" : `${(ratio * 100).toFixed(0).padStart(4)} % of ${floorRps.toFixed(0)}`,
          misses.length ? `✗ ${misses.join(", ")}` : "✓",
        ].join("  "),
      );
    }
    console.log("");
  }
  console.log(`load average after: ${loadavg()}`);
  if (args.json) writeFileSync(String(args.json), JSON.stringify({ machine: machine(), duration, direct: Boolean(args.direct), rows }, null, 2));
  console.log(failed ? "✗ a target was missed" : "✓ every target met");
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  floor?.stop();
  floorAssets?.stop();
  app.stop();
  await sleep(1500);
  process.exit(failed ? 1 : 0);
}
