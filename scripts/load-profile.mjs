#!/usr/bin/env node
/**
 * `npm run bench:load-profile`: where the main thread's time goes during a whole signed-in page load
 * (5 s from navigation) on Lighthouse's phone at 4× CPU, as self time per source module and per
 * function. Build with `RUMO_NO_MINIFY=1 npm run build` first: the unminified chunks keep the
 * bundler's `// node_modules/...` and `// app/...` comments, which this maps samples to. A minified
 * build still runs, grouped by chunk file.
 *
 * Environment: LP_PATHS (default /app/tarefas), LP_RUNS (default 2), LP_STACKS=<function name> (the
 * callers of that function, e.g. appendChild), CHROME_PATH (default /usr/bin/chromium).
 * "(program)" is the browser's own work (parsing, style, layout, compiling).
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "playwright";
import { freePort } from "./free-port.mjs";
import { PHONE_USER_AGENT, SEEN_GUIDES, waitUntilHealthy } from "./browser-bench.mjs";

const paths = (process.env.LP_PATHS || "/app/tarefas").split(",");
const runs = Number(process.env.LP_RUNS || 2);
const port = String(await freePort());
const base = `http://localhost:${port}`;
const stateDir = `.wrangler/load-profile-${port}`;
const server = spawn("node", ["scripts/start.mjs"], { env: { ...process.env, PORT: port, RUMO_STATE_DIR: stateDir, RUMO_FRESH_STATE: "1", RUMO_SKIP_BUILD: "1" }, stdio: "ignore" });

/** Each client chunk's module comments: [line, module] in order. */
function moduleRegions() {
  const regions = new Map();
  for (const file of readdirSync("build/client/assets").filter((f) => f.endsWith(".js"))) {
    const lines = readFileSync(`build/client/assets/${file}`, "utf8").split("\n");
    const found = [];
    lines.forEach((line, i) => {
      const m = /^\/\/ ((?:node_modules|app)\/\S+)/.exec(line);
      if (m) found.push([i, m[1]]);
    });
    regions.set(file, found);
  }
  return regions;
}

/** The package (node_modules) or app file a sample's line belongs to; the chunk when unknown. */
function moduleOf(regions, url, line) {
  if (!url) return "(native)";
  const file = url.split("/").pop();
  const found = regions.get(file);
  if (!found) return url.startsWith(base) ? "(the document's inline scripts)" : url;
  let module = file;
  for (const [at, name] of found) {
    if (at > line) break;
    module = name;
  }
  return module.replace(/^node_modules\//, "").replace(/\/(dist|cjs|esm|es|build)\/.*$/, "");
}

const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${name}`).join("\n");

try {
  await waitUntilHealthy(base, server);
  const headers = { origin: base, "content-type": "application/json" };
  const { email, password } = await (await fetch(`${base}/api/dev/seed`, { method: "POST", headers })).json();
  const login = await fetch(`${base}/api/v1/auth/login`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(";")[0]);
  await fetch(`${base}/api/v1/me`, { method: "PATCH", headers: { ...headers, cookie: cookies.join("; ") }, body: JSON.stringify({ preferences: { completedGuides: SEEN_GUIDES } }) });
  const regions = moduleRegions();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"] });
  for (const path of paths) {
    for (let run = 1; run <= runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true });
      await context.addCookies(cookies.map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1), url: base })));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      await page.goto(`${base}${path}`);
      await sleep(5000);
      const { profile } = await cdp.send("Profiler.stop");
      await context.close();

      const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
      const parent = new Map();
      for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
      const byModule = new Map();
      const byFunction = new Map();
      const stacks = new Map();
      let busy = 0;
      for (let i = 0; i < profile.samples.length; i++) {
        const node = nodes.get(profile.samples[i]);
        const { functionName, url, lineNumber } = node.callFrame;
        if (functionName === "(idle)") continue;
        const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        busy += ms;
        const module = url ? moduleOf(regions, url, lineNumber) : functionName;
        byModule.set(module, (byModule.get(module) ?? 0) + ms);
        const name = `${functionName || "(anonymous)"}  [${module}] ${url.split("/").pop()}:${lineNumber + 1}`;
        byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
        if (process.env.LP_STACKS && functionName === process.env.LP_STACKS) {
          const callers = [];
          for (let at = parent.get(node.id); at !== undefined && callers.length < 6; at = parent.get(at)) {
            const frame = nodes.get(at).callFrame;
            callers.push(`${frame.functionName || "(anonymous)"}@${frame.url.split("/").pop()}:${frame.lineNumber + 1}`);
          }
          const key = callers.join(" < ");
          stacks.set(key, (stacks.get(key) ?? 0) + ms);
        }
      }
      console.log(`\n${path}, load ${run} of ${runs}: main thread busy ${busy.toFixed(0)} ms in the first 5 s (4× CPU, 412×823)`);
      console.log(" by module (self time):");
      console.log(top(byModule, 20));
      console.log(" by function (self time):");
      console.log(top(byFunction, 20));
      if (stacks.size) console.log(` callers of ${process.env.LP_STACKS}:\n${top(stacks, 6)}`);
    }
  }
  await browser.close();
} finally {
  // start.mjs stops wrangler and its workerd child on SIGTERM.
  server.kill("SIGTERM");
  await sleep(1000);
  rmSync(stateDir, { recursive: true, force: true });
}
