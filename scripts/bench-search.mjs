#!/usr/bin/env node
// `npm run bench:search`: GET /api/v1/search against the production build in workerd (wrangler dev)
// for the demo user with 10,000 items across modules (4,000 tasks, 2,000 events, 2,000
// transactions, 1,000 goals, 1,000 diary entries) while 50 other users have 10,000 each (510,000
// indexed items). The rows are written straight into the local D1 state with recursive CTEs, so the
// module triggers index them exactly as any writer's rows (docs/decisions/0036-search-fts5.md).
// Prints p50 and p95 of sequential searches of several shapes; exits 1 when p95 is above 20 ms.
import { spawnSync } from "node:child_process";
import http from "node:http";
import { readdirSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fmt as format, machine, restartableApp, stats } from "./bench-lib.mjs";

const OTHER_USERS = Number(process.env.BENCH_OTHER_USERS ?? 50);
const TARGET_P95_MS = 20;
const stateDir = ".wrangler/bench-search-state";
const app = await restartableApp({ stateDir });
const { base, login } = app;
const startServer = app.start;
const stopServer = app.stop;

// Everyday Portuguese words, accents included, so prefixes and accent folding meet real spread.
const WORDS = (
  "reunião equipa consulta dentista médico ginásio corrida treino compras supermercado jantar almoço pequeno-almoço café açúcar pão leite " +
  "viagem férias praia montanha avião comboio hotel reserva bilhete renda eletricidade água internet telemóvel seguro carro oficina " +
  "pneus gasolina estacionamento escola reunião-de-pais aniversário presente festa casamento batizado família amigos mãe pai avó avô " +
  "projeto relatório apresentação cliente proposta orçamento fatura recibo contabilidade impostos banco poupança investimento " +
  "livro leitura curso inglês francês guitarra piano desenho pintura jardim plantas manjericão tomates limpeza cozinha quarto sala " +
  "lavandaria roupa sapatos farmácia análises vacina fisioterapia yoga meditação caminhada bicicleta natação futebol ténis padel " +
  "cinema teatro concerto museu exposição restaurante pizza sushi bolo receita sopa legumes fruta peixe carne mercado feira " +
  "entrevista formação certificado candidatura contrato mudança casa obras canalizador eletricista pintor janela porta telhado"
).split(" ");
const words = `json('${JSON.stringify(WORDS)}')`;
const word = (expr) => `json_extract(${words}, '$[' || ((${expr}) % ${WORDS.length}) || ']')`;
const phrase = (i, a, b, c) => `${word(`${i} * ${a} + 3`)} || ' ' || ${word(`${i} * ${b} + 11`)} || ' ' || ${word(`${i} / 7 * ${c} + 5`)}`;
const counted = (n) => `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${n - 1})`;

/** The SQL that writes 10,000 items for one user (`u` is the user id expression, `p` an id prefix). */
const itemsOf = (u, p) => [
  `${counted(4000)} insert into tasks (id, user_id, title, description, due_date, status, created_at, updated_at) select '${p}t' || i, ${u}, ${phrase("i", 7, 13, 17)}, ${phrase("i", 19, 23, 29)}, date('2026-01-01', '+' || (i % 365) || ' days'), case when i % 3 = 0 then 'done' else 'todo' end, 1700000000000, 1700000000000 + i * 1000 from n;`,
  `${counted(2000)} insert into events (id, user_id, title, description, location, "start", "end", time_zone, uid, starts_at, ends_at, created_at, updated_at) select '${p}e' || i, ${u}, ${phrase("i", 31, 37, 41)}, ${phrase("i", 43, 47, 53)}, ${word("i * 59")}, strftime('%Y-%m-%dT%H:00:00.000Z', '2026-01-01', '+' || (i * 5) || ' hours'), strftime('%Y-%m-%dT%H:00:00.000Z', '2026-01-01', '+' || (i * 5 + 1) || ' hours'), 'Europe/Lisbon', '${p}e' || i, 1767225600000 + i * 18000000, 1767229200000 + i * 18000000, 1700000000000, 1700000000000 from n;`,
  `${counted(2000)} insert into transactions (id, user_id, type, amount_cents, description, date, category, created_at, updated_at) select '${p}x' || i, ${u}, case when i % 5 = 0 then 'income' else 'expense' end, 100 + (i * 7919) % 50000, ${phrase("i", 61, 67, 71)}, date('2025-01-01', '+' || (i % 700) || ' days'), 'groceries', 1700000000000, 1700000000000 from n;`,
  `${counted(1000)} insert into goals (id, user_id, title, description, deadline, status, created_at, updated_at) select '${p}g' || i, ${u}, ${phrase("i", 73, 79, 83)}, ${phrase("i", 89, 97, 101)}, date('2026-06-01', '+' || (i % 300) || ' days'), 'in_progress', 1700000000000, 1700000000000 + i * 1000 from n;`,
  `${counted(1000)} insert into diary_entries (id, user_id, title, content, date, created_at, updated_at) select '${p}d' || i, ${u}, ${phrase("i", 103, 107, 109)}, ${phrase("i", 113, 127, 131)} || ' ' || ${phrase("i", 137, 139, 149)}, date('2024-01-01', '+' || i || ' days'), 1700000000000, 1700000000000 from n;`,
];

/**
 * Runs the seed straight on the stopped server's local D1 file with Python's sqlite3 (FTS5
 * included): \`wrangler d1 execute --file\` took minutes to even start on half a million rows. The
 * schema's triggers fire there as in D1, so the index is built exactly as in production.
 */
function execute(file) {
  const dir = `${stateDir}/v3/d1/miniflare-D1DatabaseObject`;
  const db = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!db) throw new Error(`no local D1 database in ${dir}`);
  const script = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript('begin;' + open(sys.argv[2]).read() + 'commit;'); c.close()";
  const result = spawnSync("python3", ["-c", script, `${dir}/${db}`, file], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stderr || result.stdout}`);
}

const fmt = (ms) => format(ms, 2);

try {
  startServer(true);
  let cookie = await login(true);
  const me = await (await fetch(`${base}/api/v1/me`, { headers: { cookie } })).json();
  const demoId = me.user.id;
  await stopServer();

  const started = performance.now();
  const others = Array.from({ length: OTHER_USERS }, (_, k) => `bench-user-${k}`);
  const sql = [
    ...others.map((id) => `insert into users (id, email, created_at, updated_at) values ('${id}', '${id}@bench.rumo.test', 1700000000000, 1700000000000);`),
    ...itemsOf(`'${demoId}'`, "demo-"),
    ...others.flatMap((id) => itemsOf(`'${id}'`, `${id}-`)),
  ];
  const file = `${stateDir}/seed.sql`;
  writeFileSync(file, sql.join("\n"));
  execute(file);
  const seedSeconds = (performance.now() - started) / 1000;

  startServer(false);
  cookie = await login(false);
  // One kept-alive connection through node:http, as a browser's would be: Node's fetch (undici) spent
  // 2–3 ms of this 2-core machine's CPU per request on the client side, next to workerd, which is
  // not the server's latency (measured back to back, 2026-11-26; docs/quality.md).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path) =>
    new Promise((resolve, reject) => {
      http
        .get(`${base}${path}`, { agent, headers: { cookie } }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode, body }));
        })
        .on("error", reject);
    });
  const search = async (q, type = "all") => {
    const response = await get(`/api/v1/search?q=${encodeURIComponent(q)}&type=${type}`);
    if (response.status !== 200) throw new Error(`search ${q}: ${response.status} ${response.body}`);
    return JSON.parse(response.body).items;
  };
  // Query shapes: a whole word, a short prefix, an accent-free prefix, two words, a category, no match.
  const shapes = [
    ["word", "dentista", "all"],
    ["2-letter prefix", "re", "all"],
    ["prefix, no accent", "reuni", "all"],
    ["two words", "consulta med", "all"],
    ["category", "jantar", "event"],
    ["no match", "xilofone", "all"],
  ];
  const lines = [];
  const all = [];
  // Warm up on every shape first: the first shape measured used to pay for the freshly started
  // Worker (JIT, first statements, wrangler settling) and came out 2–4 ms slower than the same
  // query measured later in the run.
  for (let i = 0; i < 20; i++) for (const [, q, type] of shapes) await search(q, type);
  for (const [label, q, type] of shapes) {
    const found = (await search(q, type)).length;
    for (let i = 0; i < 5; i++) await search(q, type);
    const samples = [];
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      await search(q, type);
      samples.push(performance.now() - t0);
    }
    all.push(...samples);
    const s = stats(samples);
    lines.push(`  ${label.padEnd(18)} q=${JSON.stringify(q).padEnd(16)} type=${type.padEnd(5)} ${String(found).padStart(2)} results  p50 ${fmt(s.median)}, p95 ${fmt(s.p95)}`);
  }
  const floor = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await get("/api/v1/me");
    floor.push(performance.now() - t0);
  }
  const total = stats(all);
  const baseline = stats(floor);
  console.log(machine());
  console.log(`seeded ${(OTHER_USERS + 1) * 10_000} items (${OTHER_USERS + 1} users × 10,000) through the triggers in ${seedSeconds.toFixed(0)} s`);
  console.log(`GET /search for the demo user (100 sequential requests per shape, one kept-alive connection):`);
  for (const line of lines) console.log(line);
  console.log(`all shapes: p50 ${fmt(total.median)}, p95 ${fmt(total.p95)} (target p95 ≤ ${TARGET_P95_MS} ms)`);
  console.log(`baseline GET /me (same session, same machine load): p50 ${fmt(baseline.median)}, p95 ${fmt(baseline.p95)}`);
  // The target of issue 16 is a gate: above it the run fails (a loaded machine can fail it too:
  // compare with the GET /me floor above before blaming the search).
  if (total.p95 > TARGET_P95_MS) {
    console.error(`✗ search p95 ${fmt(total.p95)} is above the ${TARGET_P95_MS} ms target`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await stopServer();
  await sleep(1500);
  process.exit(process.exitCode ?? 0);
}
