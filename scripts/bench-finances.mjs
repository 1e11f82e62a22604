#!/usr/bin/env node
// `npm run bench:finances`: finances' heaviest reads against the production build in workerd
// (wrangler dev), for a user with 20,000 transactions over two years. Prints the median (and p95) of
// many sequential runs of:
//   - GET /api/v1/finances/summary?month=   (month: balance, income vs expense, by category)
//   - GET /api/v1/finances/analysis?month=  (year: twelve months, month over month, by category)
//   - GET /api/v1/transactions               (the list's first page, 50 rows)
//   - GET /api/v1/transactions?q=            (the text filter: a rare match, one every row has, and two
//                                             two-character ones: digits, and the two widest letter
//                                             classes: on the ASCII rows (instr()), then once more with
//                                             an accent in every row, which each runs the GLOBs; 0096, 0098)
// The rows are written straight into the local D1 state with one SQL statement (a recursive CTE),
// so the figure measures the reads, not 20,000 API calls. The io half adds its import figure here.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fmt as format, machine, restartableApp, time } from "./bench-lib.mjs";

const ROWS = 20_000;
const stateDir = ".wrangler/bench-finances-state";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const app = await restartableApp({ stateDir });
const { base, login } = app;
const startServer = app.start;
const stopServer = app.stop;

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
  const rare = await time(() => get(`/api/v1/transactions?q=${encodeURIComponent("MOVIMENTO 1234")}`), 200);
  const every = await time(() => get(`/api/v1/transactions?q=${encodeURIComponent("movimento")}`), 200);
  const short = await time(() => get(`/api/v1/transactions?q=${encodeURIComponent("99")}`), 200);
  const widest = await time(() => get(`/api/v1/transactions?q=${encodeURIComponent("ão")}`), 200);

  console.log(machine());
  console.log(`month summary  GET /finances/summary?month=2026-06:  median ${fmt(month.median)}, p95 ${fmt(month.p95)} (200 sequential requests)`);
  console.log(`year analysis  GET /finances/analysis?month=2026-12: median ${fmt(year.median)}, p95 ${fmt(year.p95)} (200 sequential requests)`);
  console.log(`list page      GET /transactions (50 rows):          median ${fmt(list.median)}, p95 ${fmt(list.p95)} (200 sequential requests)`);
  console.log(`text, rare     GET /transactions?q=MOVIMENTO 1234:   median ${fmt(rare.median)}, p95 ${fmt(rare.p95)} (11 of ${ROWS} rows match)`);
  console.log(`text, all      GET /transactions?q=movimento:        median ${fmt(every.median)}, p95 ${fmt(every.p95)} (every row matches)`);
  console.log(`text, short    GET /transactions?q=99:               median ${fmt(short.median)}, p95 ${fmt(short.p95)} (two characters, ASCII only: one instr())`);
  console.log(`text, widest   GET /transactions?q=ão:               median ${fmt(widest.median)}, p95 ${fmt(widest.p95)} (two letter classes, ASCII rows: one instr(), no row matches)`);

  // The GLOBs' worst case: every description has a letter beyond ASCII ("Café Movimento 1234"),
  // so each row in range runs every pattern (decision 0098, revised).
  await stopServer();
  const accented = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "-c", "wrangler.toml", "--command", `update transactions set description = 'Café ' || description where user_id = '${user.id}'`], { env, encoding: "utf8" });
  if (accented.status !== 0) throw new Error(`accenting failed: ${accented.stderr || accented.stdout}`);
  startServer(false);
  cookie = await login(false);
  const widestAccented = await time(() => get(`/api/v1/transactions?q=${encodeURIComponent("ão")}`), 200);
  console.log(`text, widest   GET /transactions?q=ão, every row "Café …": median ${fmt(widestAccented.median)}, p95 ${fmt(widestAccented.p95)} (every row runs the GLOBs, no row matches)`);
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await stopServer();
  await sleep(1500);
  process.exit(process.exitCode ?? 0);
}
