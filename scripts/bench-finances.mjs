#!/usr/bin/env node
// `npm run bench:finances`: finances' heaviest reads against the production build in workerd
// (wrangler dev), for a user with 20,000 transactions over two years. Prints the median (and p95) of
// many sequential runs of:
//   - GET /api/v1/finances/summary?month=   (month: balance, income vs expense, by category)
//   - GET /api/v1/finances/analysis?month=  (year: twelve months, month over month, by category)
//   - GET /api/v1/transactions               (the list's first page, 50 rows)
// The rows are written straight into the local D1 state with one SQL statement (a recursive CTE),
// so the figure measures the reads, not 20,000 API calls. The io half adds its import figure here.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fmt as format, loginDemo, machine, time } from "./bench-lib.mjs";
import { freePort } from "./free-port.mjs";

const ROWS = 20_000;
const port = process.env.BENCH_PORT || String(await freePort());
const base = `http://127.0.0.1:${port}`;
const stateDir = ".wrangler/bench-finances-state";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

// The server runs twice: once to create the demo account, then (stopped) the rows are written into
// its local D1 state, then again to measure; the local state is never written by two processes at once.
let server = null;
function startServer(fresh) {
  server = spawn("node", ["scripts/start.mjs"], {
    env: { ...env, PORT: port, RUMO_STATE_DIR: stateDir, RUMO_FRESH_STATE: fresh ? "1" : "", LOG_REQUESTS: "false", RUMO_SKIP_BUILD: fresh ? (process.env.RUMO_SKIP_BUILD ?? "") : "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
async function stopServer() {
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
}
process.on("exit", () => server?.kill("SIGTERM"));

/** Signs the demo account in once the server is up; a server that died starting (another engineer's
 * wrangler took the inspector port at the same moment) is started again. */
async function login(fresh) {
  return loginDemo(base, {
    attempts: 900,
    onRetry: async () => {
      if (server.exitCode === null) return;
      await sleep(3000 + Math.random() * 3000);
      startServer(fresh);
    },
  });
}

const fmt = (ms) => format(ms, 2);

try {
  startServer(true);
  let cookie = await login(true);
  const get = async (path) => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { user } = await get("/api/v1/me");
  // 20,000 rows over 2025-01-01 … 2026-12-27 (about 830 a month), one in five an income, twelve categories.
  const categories = ["groceries", "restaurants", "transport", "home", "health", "leisure", "shopping", "education", "subscriptions", "salary", "refunds", "other"];
  const sql = `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${ROWS - 1})
    insert into transactions (id, user_id, type, amount_cents, description, date, category)
    select 'bench-' || i, '${user.id}', case when i % 5 = 0 then 'income' else 'expense' end, 1 + (i * 7919) % 250000,
      'Movimento ' || i, date('2025-01-01', '+' || (i % 726) || ' days'),
      case ${categories.map((c, k) => `when i % ${categories.length} = ${k} then '${c}'`).join(" ")} end
    from n`;
  await stopServer();
  const seeded = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "-c", "wrangler.toml", "--command", sql.replace(/\s+/g, " ")], { env, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr || seeded.stdout}`);
  startServer(false);
  cookie = await login(false);
  const count = (await get("/api/v1/finances/summary?month=2026-12")).count;
  const total = await get("/api/v1/finances/analysis?month=2026-12");
  console.log(`rows: ${ROWS} for one user (December 2026 has ${count}; the year ${total.months.reduce((s, m) => s + m.incomeCents + m.expenseCents, 0)} cents moved)`);

  for (let i = 0; i < 20; i++) await get("/api/v1/finances/summary?month=2026-06");
  const month = await time(() => get("/api/v1/finances/summary?month=2026-06"), 200);
  const year = await time(() => get("/api/v1/finances/analysis?month=2026-12"), 200);
  const list = await time(() => get("/api/v1/transactions"), 200);

  console.log(machine());
  console.log(`month summary  GET /finances/summary?month=2026-06:  median ${fmt(month.median)}, p95 ${fmt(month.p95)} (200 sequential requests)`);
  console.log(`year analysis  GET /finances/analysis?month=2026-12: median ${fmt(year.median)}, p95 ${fmt(year.p95)} (200 sequential requests)`);
  console.log(`list page      GET /transactions (50 rows):          median ${fmt(list.median)}, p95 ${fmt(list.p95)} (200 sequential requests)`);
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await stopServer();
  await sleep(1500);
  process.exit(process.exitCode ?? 0);
}
