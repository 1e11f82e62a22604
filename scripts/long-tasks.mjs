#!/usr/bin/env node
// `npm run bench:long-tasks`: the main thread's long tasks on the /app pages of issue 20, signed in,
// at Lighthouse's 4× CPU slowdown (decision 0054).
//
// Starts `node scripts/start.mjs` on a free port with fresh state (run `npm run build` first: this
// script never builds), signs the seeded demo account in through the API, and loads each page in a
// new headless Chromium context (system Chromium, CDP `Emulation.setCPUThrottlingRate` 4) RUNS times.
// A buffered PerformanceObserver('longtask') registered before any page script records every task
// over 50 ms until 5 s after `load`. Prints per page and run: the number of long tasks, the longest,
// total blocking time (Σ task − 50 ms), the main thread's busy and script time until then (CDP
// Performance.getMetrics: TaskDuration, ScriptDuration) and when each task started; then the
// medians and the load average.
//
// With LT_PROFILE=1 the first run of each page is also sampled (CDP Profiler) and the longest
// stretch of main-thread work in it is broken down by function (self and total time, bundled names).
//
// Environment: LT_PORT (default: a free port), LT_PATHS (comma-separated), LT_RUNS (default 3),
// LT_CPU (slowdown, default 4), LT_VIEWPORT (WIDTHxHEIGHT, default 1280x800; Lighthouse's phone is
// 412x823: a viewport narrower than the shell's mobile breakpoint is a phone, with Lighthouse's mobile
// user agent and touch, so the server renders the mobile shell as it does for Lighthouse and real
// phones, instead of the desktop shell that hydration then swaps), LT_NETWORK (slow4g: Lighthouse's
// devtools throttling, 562.5 ms per request, 1.47 Mbit/s down; default: the local network),
// LT_PROFILE, LT_PROFILE_OUT (a directory for the whole .cpuprofile of each profiled page),
// LT_TRACE_OUT (with LT_PROFILE: a directory for a Chromium trace with JS samples of each profiled
// page; `node scripts/trace-tasks.mjs <trace>` lists its tasks by cause), CHROME_PATH (default
// /usr/bin/chromium).
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "playwright";
import { freePort } from "./free-port.mjs";
import { addSample, frameLabel, PHONE_USER_AGENT, SEEN_GUIDES as GUIDES, waitUntilHealthy } from "./browser-bench.mjs";

const PAGES = ["/app/dashboard", "/app/tarefas", "/app/financas"];
const AFTER_LOAD_MS = 5000;

const port = process.env.LT_PORT || String(await freePort());
const paths = process.env.LT_PATHS ? process.env.LT_PATHS.split(",") : PAGES;
const runs = Number(process.env.LT_RUNS || 3);
const cpu = Number(process.env.LT_CPU || 4);
const base = `http://localhost:${port}`;
const [width, height] = (process.env.LT_VIEWPORT || "1280x800").split("x").map(Number);
// The shell's MOBILE_BREAKPOINT (app/components/shell/rules.ts) and Lighthouse's mobile user agent.
const phone = width < 900;
const slowNetwork = process.env.LT_NETWORK === "slow4g";
if (process.env.LT_NETWORK && !slowNetwork) {
  console.error(`LT_NETWORK must be slow4g (or unset for the local network), not ${process.env.LT_NETWORK}`);
  process.exit(2);
}

const server = spawn("node", ["scripts/start.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, PORT: port, RUMO_STATE_DIR: `.wrangler/lt-state-${port}`, RUMO_FRESH_STATE: "1" },
});
let browser;
async function stop() {
  await browser?.close().catch(() => undefined);
  // start.mjs stops wrangler and its workerd child on SIGTERM.
  if (server.exitCode === null) server.kill("SIGTERM");
  rmSync(`.wrangler/lt-state-${port}`, { recursive: true, force: true });
}
process.on("SIGINT", () => void stop().then(() => process.exit(130)));

/** The demo account's session cookies, through the API, with every tour marked as seen. */
async function signIn() {
  const headers = { origin: base, "content-type": "application/json" };
  const { email, password } = await (await fetch(`${base}/api/dev/seed`, { method: "POST", headers })).json();
  const login = await fetch(`${base}/api/v1/auth/login`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(";")[0]);
  const me = await fetch(`${base}/api/v1/me`, { method: "PATCH", headers: { ...headers, cookie: cookies.join("; ") }, body: JSON.stringify({ preferences: { completedGuides: GUIDES } }) });
  if (!me.ok) throw new Error(`marking the tours as seen failed: ${me.status}`);
  return cookies.map((c) => {
    const at = c.indexOf("=");
    return { name: c.slice(0, at), value: c.slice(at + 1), url: base };
  });
}

// Runs before any page script: collects long tasks (buffered) and the load time.
const observe = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
  }).observe({ type: "longtask", buffered: true });
};

/**
 * The longest stretch of samples without an idle one (≈ the longest task) in a CPU profile, with
 * the functions that took its time: self time, and total time (the function or what it called).
 */
function biggestTask(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // "(program)" is the browser's own work (style, layout, parsing): part of a task, not idle.
  const idle = (id) => nodes.get(id).callFrame.functionName === "(idle)";
  let best = { from: 0, to: 0, ms: 0 };
  let from = -1;
  let elapsed = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    if (idle(profile.samples[i])) {
      if (from >= 0 && elapsed > best.ms) best = { from, to: i, ms: elapsed };
      from = -1;
      elapsed = 0;
    } else {
      if (from < 0) from = i;
      elapsed += delta;
    }
  }
  const label = (id) => frameLabel(nodes.get(id).callFrame);
  const times = { self: new Map(), total: new Map() };
  for (let i = best.from; i < best.to; i++) addSample(times, profile.samples[i], (profile.timeDeltas[i + 1] ?? 0) / 1000, label, parent);
  const { self, total } = times;
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => `  ${ms.toFixed(0).padStart(5)} ms  ${name}`).join("\n");
  return `longest busy stretch ≈ ${best.ms.toFixed(0)} ms\n self:\n${top(self, 15)}\n total:\n${top(total, 40)}`;
}

async function measure(cookies, path, { profile = false } = {}) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height }, ...(phone ? { userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true } : {}) });
  try {
    await context.addCookies(cookies);
    await context.addInitScript(observe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    // The main thread's whole busy time, long tasks or not: less jumpy than TBT, whose 50 ms
    // threshold turns a task of 49 ms into nothing and one of 60 ms into 10.
    await cdp.send("Performance.enable");
    if (slowNetwork) {
      // Lighthouse's devtools throttling of its mobile preset: modules arrive long after the HTML.
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
    }
    if (profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    const file = path.replaceAll("/", "_");
    // LT_TRACE_OUT=dir keeps a Chromium trace of the first run with JS samples, for tasks by cause.
    if (profile && process.env.LT_TRACE_OUT) await browser.startTracing(page, { path: `${process.env.LT_TRACE_OUT}/${file}.trace.json`, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "disabled-by-default-v8.cpu_profiler", "toplevel"] });
    const response = await page.goto(path, { waitUntil: "load" });
    if (!response?.ok() || !page.url().endsWith(path)) throw new Error(`${path}: ${response?.status()} at ${page.url()}`);
    await sleep(AFTER_LOAD_MS);
    if (profile && process.env.LT_TRACE_OUT) await browser.stopTracing();
    if (profile) {
      const cpuProfile = (await cdp.send("Profiler.stop")).profile;
      console.log(`${path}: ${biggestTask(cpuProfile)}`);
      // LT_PROFILE_OUT=dir keeps the whole profile (open it in DevTools' Performance panel).
      if (process.env.LT_PROFILE_OUT) writeFileSync(`${process.env.LT_PROFILE_OUT}/${file}.cpuprofile`, JSON.stringify(cpuProfile));
    }
    const metrics = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    const { tasks, load } = await page.evaluate(() => ({ tasks: window.__longTasks, load: Math.round(performance.getEntriesByType("navigation")[0].loadEventEnd) }));
    return {
      count: tasks.length,
      longest: Math.max(0, ...tasks.map((t) => t.duration)),
      tbt: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      load,
      busy: Math.round(metrics.TaskDuration * 1000),
      script: Math.round(metrics.ScriptDuration * 1000),
      tasks: tasks.map((t) => `${t.duration}@${t.start}`).join(" "),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

try {
  await waitUntilHealthy(base, server);
  const cookies = await signIn();
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-quic"] });
  // One warm-up load each (the worker's first requests compile modules), not counted.
  for (const path of paths) await measure(cookies, path);
  const results = Object.fromEntries(paths.map((path) => [path, []]));
  const loads = [];
  // Pages interleaved, so a burst of load on the machine touches every page alike.
  for (let run = 0; run < runs; run++) {
    for (const path of paths) {
      const result = await measure(cookies, path, { profile: run === 0 && Boolean(process.env.LT_PROFILE) });
      results[path].push(result);
      loads.push(loadavg()[0]);
      console.log(`${path} run ${run + 1}: ${result.count} long tasks, longest ${result.longest} ms, TBT ${result.tbt} ms, busy ${result.busy} ms (scripts ${result.script} ms), load event ${result.load} ms; tasks (ms@start): ${result.tasks}`);
    }
  }
  console.log(`\nCPU ${cpu}×, ${width}×${height}${phone ? " (phone: mobile user agent, touch)" : ""}, ${slowNetwork ? "slow 4G, " : ""}${runs} runs, load average during runs (1 min): median ${(median(loads.map((l) => l * 10)) / 10).toFixed(1)}, ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
  console.table(
    Object.fromEntries(
      paths.map((path) => {
        const r = results[path];
        return [path, { "long tasks": median(r.map((x) => x.count)), "longest ms": median(r.map((x) => x.longest)), "TBT ms": median(r.map((x) => x.tbt)), "busy ms": median(r.map((x) => x.busy)), "scripts ms": median(r.map((x) => x.script)), "load event ms": median(r.map((x) => x.load)) }];
      }),
    ),
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stop();
}
