#!/usr/bin/env node
/**
 * `npm run bench:profile`: where a request's CPU goes, in the production build served by workerd
 * (wrangler dev), measured with the V8 sampling profiler over the inspector protocol. Load on a
 * shared machine stretches wall-clock figures but hardly the share of each function in the samples,
 * so this is the tool for "what does this request pay for" (bench/pipeline.mjs gives the req/s).
 *
 *   node bench/profile.mjs [--no-build] [--requests=300] [--routes=404,me,tasks,dashboard] [--top=25] [--out=dir]
 *
 * For each route: N sequential requests under the profiler, then the functions with the most self
 * time, the same grouped by package / source file, and the profile itself (<out>/<route>.cpuprofile,
 * for Chrome DevTools). `--var NAME:value` pairs after `--` go to wrangler (e.g. LOG_REQUESTS:false).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import { freePort } from "../scripts/free-port.mjs";

const [own, extra = []] = (() => {
  const all = process.argv.slice(2);
  const split = all.indexOf("--");
  return split === -1 ? [all, []] : [all.slice(0, split), all.slice(split + 1)];
})();
const args = Object.fromEntries(own.map((arg) => { const [k, v] = arg.replace(/^--/, "").split("="); return [k, v ?? true]; }));
const requests = Number(args.requests ?? 300);
const routes = String(args.routes ?? "404,me,tasks,dashboard").split(",");
const top = Number(args.top ?? 25);
const out = String(args.out ?? ".wrangler/profiles");
const stateDir = ".wrangler/profile-state";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };

if (!args["no-build"] || !existsSync("build/server/index.js")) {
  for (const [cmd, a] of [["node_modules/.bin/react-router", ["build"]], ["node", ["scripts/build-sw.mjs"]]]) {
    if (spawnSync(cmd, a, { stdio: "inherit", env }).status !== 0) process.exit(1);
  }
}
rmSync(stateDir, { recursive: true, force: true });
spawnSync("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir, "-c", "wrangler.toml"], { stdio: "ignore", env });

const port = String(await freePort());
const inspectorPort = String(await freePort());
const base = `http://127.0.0.1:${port}`;
const server = spawn(
  "node_modules/.bin/wrangler",
  ["dev", "--port", port, "--ip", "127.0.0.1", "--inspector-port", inspectorPort, "--persist-to", stateDir, "--var", `APP_URL:http://localhost:${port}`, ...extra, "--show-interactive-dev-session=false"],
  { stdio: ["ignore", "ignore", "inherit"], env, detached: true },
);
const stop = () => { try { process.kill(-server.pid, "SIGTERM"); } catch {} };
process.on("exit", stop);

for (let i = 0; ; i++) {
  try { if ((await fetch(`${base}/api/v1/health`)).ok) break; } catch {}
  if (i > 600) throw new Error("the server did not start");
  await sleep(250);
}
const seed = await fetch(`${base}/api/dev/seed`, { method: "POST", headers: { origin: base } }).then((r) => r.json());
const login = await fetch(`${base}/api/v1/auth/login`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ email: seed.email, password: seed.password }) });
const cookie = login.headers.get("set-cookie").split(";")[0];
const headers = { cookie, origin: base, "content-type": "application/json" };
const page = await fetch(`${base}/api/v1/tasks?limit=50`, { headers }).then((r) => r.json());
for (let i = page.items.length; i < 50; i++) await fetch(`${base}/api/v1/tasks`, { method: "POST", headers, body: JSON.stringify({ title: `Tarefa ${i + 1}` }) });

const ROUTES = {
  404: { path: "/api/v1/unknown" },
  me: { path: "/api/v1/me", auth: true },
  tasks: { path: "/api/v1/tasks", auth: true },
  dashboard: { path: "/app/dashboard", auth: true },
  "tasks-page": { path: "/app/tarefas", auth: true },
  finances: { path: "/app/financas", auth: true },
  calendar: { path: "/app/calendario", auth: true },
  health: { path: "/api/v1/health" },
  home: { path: "/" },
  search: { path: "/api/v1/search?q=tarefa", auth: true },
  "search-none": { path: "/api/v1/search?q=xilofone", auth: true },
};

// The Worker's isolate is the target whose URL names the user script (wrangler lists one per Worker).
const targets = await fetch(`http://127.0.0.1:${inspectorPort}/json`).then((r) => r.json());
const target = targets.find((t) => !/floor/.test(t.title)) ?? targets[0];
const socket = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => { socket.once("open", resolve); socket.once("error", reject); });
let nextId = 1;
const pending = new Map();
socket.on("message", (data) => {
  const message = JSON.parse(String(data));
  if (message.id && pending.has(message.id)) { pending.get(message.id)(message); pending.delete(message.id); }
});
const send = (method, params = {}) => new Promise((resolve) => { const id = nextId++; pending.set(id, resolve); socket.send(JSON.stringify({ id, method, params })); });
await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 200 });

mkdirSync(out, { recursive: true });
for (const name of routes) {
  const route = ROUTES[name];
  const init = { headers: route.auth ? { cookie } : {} };
  for (let i = 0; i < 30; i++) await fetch(base + route.path, init).then((r) => r.arrayBuffer());
  await send("Profiler.start");
  const started = performance.now();
  for (let i = 0; i < requests; i++) await fetch(base + route.path, init).then((r) => r.arrayBuffer());
  const wall = performance.now() - started;
  const { result } = await send("Profiler.stop");
  const profile = result.profile;
  writeFileSync(`${out}/${name}.cpuprofile`, JSON.stringify(profile));
  report(name, route.path, profile, wall);
}
socket.close();
stop();
process.exit(0);

function report(name, path, profile, wall) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0) / 1000);
  const fn = new Map();
  const file = new Map();
  let busy = 0;
  let total = 0;
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    total += ms;
    if (callFrame.functionName === "(idle)" || callFrame.functionName === "(program)") continue;
    busy += ms;
    const where = callFrame.url.replace(/^.*\/(node_modules\/)/, "$1").replace(/^.*\/build\/server\//, "build/");
    const key = `${callFrame.functionName || "(anonymous)"}  ${where}:${callFrame.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + ms);
    const group = callFrame.url ? where.replace(/:\d+$/, "") : callFrame.functionName;
    file.set(group, (file.get(group) ?? 0) + ms);
  }
  const per = (ms) => `${(ms / requests).toFixed(3)} ms/req`;
  console.log(`\n=== ${name} ${path}: ${requests} requests, wall ${(wall / requests).toFixed(2)} ms/req, isolate busy ${per(busy)} (${((busy / total) * 100).toFixed(0)} % of samples)`);
  console.log("-- by function (self time)");
  for (const [key, ms] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${per(ms).padStart(16)}  ${key}`);
  console.log("-- by file");
  for (const [key, ms] of [...file].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${per(ms).padStart(16)}  ${key}`);
}
