#!/usr/bin/env node
// `npm start`: build the app, apply the D1 migrations to local state, serve the production build in
// workerd (wrangler dev) on http://localhost:$PORT (default 8787), then seed the demo account.
//
// Environment: PORT, RUMO_STATE_DIR (default .wrangler/state), RUMO_FRESH_STATE=1 to start from empty
// state, RUMO_SKIP_BUILD=1 to reuse an existing build/, RUMO_REAL_STRIPE=1 to keep your own Stripe
// settings (.dev.vars) instead of the local Stripe simulator.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const port = process.env.PORT || "8787";
const stateDir = process.env.RUMO_STATE_DIR || ".wrangler/state";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };
const bin = (name) => `node_modules/.bin/${name}`;

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`✗ ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

if (!process.env.RUMO_SKIP_BUILD || !existsSync("build/server/index.js")) {
  console.log("→ building the app");
  run(bin("react-router"), ["build"]);
  // The service worker is generated from the build (its precache list names the hashed assets).
  run("node", ["scripts/build-sw.mjs"]);
}

if (process.env.RUMO_FRESH_STATE) rmSync(stateDir, { recursive: true, force: true });

console.log(`→ applying D1 migrations (local state in ${stateDir})`);
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir, "-c", "wrangler.toml"]);

// Billing runs against the local Stripe simulator (worker/dev/stripe-sim, served by the app under
// /dev/stripe): test-only values, passed only to this local server, never to a deployment. The
// Worker also refuses STRIPE_API_HOST=simulator unless ENVIRONMENT=development on a local APP_URL.
const STRIPE_SIMULATOR_VARS = {
  STRIPE_API_HOST: "simulator",
  STRIPE_SECRET_KEY: "sk_test_rumo_simulator",
  STRIPE_WEBHOOK_SECRET: "whsec_rumo_simulator",
  STRIPE_PRICE_LIGHT: "price_light_simulator",
  STRIPE_PRICE_PRO: "price_pro_simulator",
};
const stripeVars = process.env.RUMO_REAL_STRIPE ? [] : Object.entries(STRIPE_SIMULATOR_VARS).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
// RUMO_ADMIN_EMAILS=a@x,b@y gives those (confirmed) addresses the admin role locally (the e2e admin).
const adminVars = process.env.RUMO_ADMIN_EMAILS ? ["--var", `ADMIN_EMAILS:${process.env.RUMO_ADMIN_EMAILS}`] : [];

console.log(`→ starting workerd on http://localhost:${port}`);
const wranglerArgs = ["dev", "--port", port, "--ip", "127.0.0.1", "--persist-to", stateDir, "--var", `APP_URL:http://localhost:${port}`, ...stripeVars, ...adminVars, "--show-interactive-dev-session=false"];
// wrangler dev sometimes dies on a dropped connection inside its own proxy worker, printing an empty
// "✘ [ERROR]" (cloudflare/workers-sdk#15317, open), which took every later e2e test down with it.
// A server that was serving is started again on the same state, a few times at most.
const MAX_RESTARTS = 3;
let restarts = 0;
let serving = false;
let stopping = false;
let server;

function startServer() {
  // wrangler finds the built Worker through .wrangler/deploy/config.json (written by the build).
  const child = spawn(bin("wrangler"), wranglerArgs, { stdio: ["ignore", "inherit", "inherit"], env, detached: true });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    // Whatever of its process group is left (the workerd child) would hold the port.
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
    if (!serving || restarts >= MAX_RESTARTS) process.exit(code ?? 1);
    restarts++;
    console.error(`✗ wrangler dev exited (${signal ?? code}); starting it again (${restarts} of ${MAX_RESTARTS})`);
    startServer();
  });
  server = child;
}
startServer();

// Stop wrangler and its workerd child together (they share the process group).
function stop(code = 0) {
  stopping = true;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

const base = `http://127.0.0.1:${port}`;
for (let attempt = 0; ; attempt++) {
  try {
    const response = await fetch(`${base}/api/v1/health`);
    if (response.ok) break;
  } catch {}
  if (attempt > 240) {
    console.error("✗ the server did not become healthy in 60 s");
    stop(1);
  }
  await sleep(250);
}

serving = true;

const seed = await fetch(`${base}/api/dev/seed`, { method: "POST", headers: { origin: base } }).catch(() => null);
if (seed?.ok) {
  const { email, password } = await seed.json();
  console.log(`\n✓ Rumo is running at http://localhost:${port}\n  demo account: ${email} / ${password}\n${stripeVars.length ? "  billing: local Stripe simulator (no real payments)\n" : ""}`);
} else {
  console.log(`\n✓ Rumo is running at http://localhost:${port}\n`);
}
