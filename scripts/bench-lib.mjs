// What every `npm run bench*` script shares: the production build served by scripts/start.mjs in
// workerd on a free port with its own fresh local state, the demo account's session, and timing
// (median and p95 of sequential runs). Each script keeps only its own data and figures.
import { spawn } from "node:child_process";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./free-port.mjs";

/**
 * Starts the app for a benchmark; `stateDir` keeps its local D1/KV apart from other runs, `stdout`
 * is where the server's own output goes (a file descriptor; by default nowhere).
 */
export async function startApp({ stateDir, fresh = true, skipBuild = false, port, stdout = "ignore" } = {}) {
  const chosen = port || process.env.BENCH_PORT || String(await freePort());
  const base = `http://127.0.0.1:${chosen}`;
  const server = spawn("node", ["scripts/start.mjs"], {
    env: {
      ...process.env,
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
      PORT: chosen,
      RUMO_STATE_DIR: stateDir,
      RUMO_FRESH_STATE: fresh ? "1" : "",
      RUMO_SKIP_BUILD: skipBuild ? "1" : (process.env.RUMO_SKIP_BUILD ?? ""),
      LOG_REQUESTS: "false",
    },
    stdio: ["ignore", stdout, "inherit"],
  });
  const stop = () => server.exitCode === null && server.kill("SIGTERM");
  process.on("exit", stop);
  return { base, port: chosen, server, stop };
}

/**
 * A server a benchmark stops and starts again on the same state: it creates the demo account, is
 * stopped while rows go straight into its local D1 file (never written by two processes at once),
 * then starts again to measure. `login(fresh)` signs the demo in, starting the server again if it
 * died while starting (another wrangler took the inspector port at the same moment).
 */
export async function restartableApp({ stateDir }) {
  const port = process.env.BENCH_PORT || String(await freePort());
  const base = `http://127.0.0.1:${port}`;
  let server = null;
  const start = (fresh) => {
    server = spawn("node", ["scripts/start.mjs"], {
      env: {
        ...process.env,
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_SEND_METRICS: "false",
        PORT: port,
        RUMO_STATE_DIR: stateDir,
        RUMO_FRESH_STATE: fresh ? "1" : "",
        LOG_REQUESTS: "false",
        RUMO_SKIP_BUILD: fresh ? (process.env.RUMO_SKIP_BUILD ?? "") : "1",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
  };
  const stop = async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    // start.mjs stops wrangler's process group and exits at once; give workerd time to let go of its ports.
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(`${base}/api/v1/health`);
      } catch {
        break;
      }
      await sleep(200);
    }
    await sleep(3000);
  };
  const login = (fresh) =>
    loginDemo(base, {
      // BENCH_START_ATTEMPTS: a loaded machine can take longer than 900 × 200 ms to migrate and start.
      attempts: Number(process.env.BENCH_START_ATTEMPTS ?? 900),
      onRetry: async () => {
        if (server.exitCode === null) return;
        await sleep(3000 + Math.random() * 3000);
        start(fresh);
      },
    });
  process.on("exit", () => server?.kill("SIGTERM"));
  return { base, port, start, stop, login };
}

/** Signs the demo account in (start.mjs seeds it once the server is healthy); its cookie. */
export async function loginDemo(base, { attempts = 1500, onRetry } = {}) {
  for (let i = 0; i < attempts; i++) {
    await onRetry?.();
    try {
      const response = await fetch(`${base}/api/v1/auth/login`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: JSON.stringify({ email: "demo@rumo.app", password: "rumo-demo-2026" }),
      });
      if (response.ok) return response.headers.get("set-cookie").split(";")[0];
    } catch {}
    await sleep(200);
  }
  throw new Error("server did not start");
}

/** Median and p95 of samples in ms. */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
}

/** Runs `fn` `runs` times one after another; median and p95 of the durations. */
export async function time(fn, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return stats(samples);
}

export const fmt = (ms, digits = 1) => `${ms.toFixed(digits)} ms`;

/** The line every benchmark prints first: what the figures were measured on. */
export const machine = () =>
  `machine: ${os.cpus().length} × ${os.cpus()[0].model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}, node ${process.version}`;

/**
 * The Worker's own socket behind `wrangler dev`'s proxy. wrangler answers on its port from a proxy
 * Worker in a second workerd process, which forwards each request to the workerd that runs the
 * Worker; that hop is development-only, and on this 2-core machine it tripled a bare route's
 * latency and made most of its tail (docs/quality.md). `--direct` benchmarks measure the Worker's
 * socket instead: a listening TCP socket of a process under `rootPid` (Linux /proc) on which
 * `probe(base)` answers true. `exclude` are the ports not to try (the proxy's).
 */
export async function workerSocket(rootPid, probe, { exclude = [] } = {}) {
  const { readdirSync, readFileSync, readlinkSync } = await import("node:fs");
  const parentOf = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {} // the process ended while we looked
  }
  const under = (pid) => {
    for (let p = pid; p > 1; p = parentOf.get(p) ?? 0) if (p === rootPid) return true;
    return false;
  };
  // Listening IPv4 sockets by inode (state 0A), then the inodes the processes under rootPid hold.
  const listening = new Map();
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols[3] === "0A") listening.set(cols[9], parseInt(cols[1].split(":")[1], 16));
  }
  const ports = new Set();
  for (const pid of parentOf.keys()) {
    if (!under(pid)) continue;
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {}
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && listening.has(inode)) ports.add(listening.get(inode));
      } catch {}
    }
  }
  for (const port of ports) {
    if (exclude.includes(port)) continue;
    const base = `http://127.0.0.1:${port}`;
    try {
      if (await probe(base)) return base;
    } catch {} // not an HTTP socket, or not this Worker's
  }
  throw new Error(`no socket of the Worker under process ${rootPid} (ports ${[...ports].join(", ") || "none"})`);
}
