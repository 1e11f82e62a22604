#!/usr/bin/env node
/**
 * `npm run bench:scale`: the measurement behind docs/scale.md. D1 runs each database's queries
 * one at a time (developers.cloudflare.com/d1/platform/limits/), so one database's write capacity
 * is 1 / (time per write query), whatever the Worker count; spreading users over several databases
 * (shards, or one SQLite per user in their Durable Object) multiplies it. This measures both on
 * Rumo's real schema (every migration applied, with the search-index triggers) in plain SQLite
 * (the sqlite3 CLI, the engine under D1 and Durable Objects), WAL and synchronous=FULL:
 *
 *   1. one database, one writer: Rumo's acknowledged task write as the API makes it (claim the
 *      Idempotency-Key, insert the task, whose triggers fill the search index, store the answer:
 *      three statements, each its own transaction as D1 runs them) → writes/s and ms per query;
 *   2. the same work from W writers on ONE database (they queue for its one write lock);
 *   3. the same work from W writers on W databases (one shard each).
 *
 *   node bench/scale.mjs [--writes=500] [--writers=4] [--users=2000] [--json=file]
 *
 * Figures are from a shared 2-core machine: compare the rows of one run, not runs. Production D1
 * adds a network hop and replicated durability per write, so its per-query time is larger than
 * local SQLite's; the ratios (one lock vs W databases) are what carries over.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { machine } from "../scripts/bench-lib.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? true];
  }),
);
const WRITES = Number(args.writes ?? 500);
const WRITERS = Number(args.writers ?? 4);
const USERS = Number(args.users ?? 2000);
const dir = mkdtempSync(path.join(os.tmpdir(), "rumo-scale-"));

const sqlite = (file, sql) => execFileSync("sqlite3", ["-bail", file], { input: sql, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });

/** Rumo's schema (every migration in order) with USERS users who already have some rows. */
function template() {
  const file = path.join(dir, "template.sqlite");
  for (const name of readdirSync("migrations").filter((f) => f.endsWith(".sql")).sort()) {
    // Feature-flag seed rows use unixepoch('subsec') (SQLite 3.42+, which D1 has); the CLI here
    // may be older: those rows are not needed to measure writes, so their failure is ignored.
    try {
      sqlite(file, readFileSync(path.join("migrations", name), "utf8"));
    } catch (err) {
      if (!/flag/.test(name)) throw err;
    }
  }
  const now = Date.now();
  sqlite(
    file,
    `PRAGMA journal_mode=WAL;
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${USERS})
     INSERT INTO users (id, email, full_name, language, time_zone, created_at, updated_at)
       SELECT printf('user-%06d', i), printf('pessoa-%06d@example.com', i), 'Pessoa', 'pt', 'Europe/Lisbon', ${now}, ${now} FROM n;
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${USERS * 20})
     INSERT INTO tasks (id, user_id, title, description, created_at, updated_at)
       SELECT printf('task-%08d', i), printf('user-%06d', 1 + i % ${USERS}), printf('tarefa %d mercado relatório', i), '', ${now}, ${now} FROM n;`,
  );
  return file;
}

/** The SQL of `count` acknowledged task writes by random users, as the API issues them. */
function writesSql(count, busyMs = 10_000) {
  const now = Date.now();
  const lines = [`PRAGMA journal_mode=WAL;`, `PRAGMA synchronous=FULL;`, `PRAGMA busy_timeout=${busyMs};`, `PRAGMA foreign_keys=ON;`];
  for (let i = 0; i < count; i++) {
    const user = `user-${String(1 + Math.floor(Math.random() * USERS)).padStart(6, "0")}`;
    const key = `carga-${randomUUID()}`;
    const id = randomUUID();
    lines.push(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, method, path, created_at) VALUES ('${user}', '${key}', '${"a".repeat(64)}', 'POST', '/api/v1/tasks', ${now});`,
      `INSERT INTO tasks (id, user_id, title, description, priority, created_at, updated_at) VALUES ('${id}', '${user}', 'carga tarefa ${i} mercado', '', 'medium', ${now}, ${now});`,
      `UPDATE idempotency_keys SET status = 201, content_type = 'application/json', body = '{"task":{"id":"${id}","title":"carga tarefa ${i} mercado","status":"todo","priority":"medium"}}' WHERE user_id = '${user}' AND key = '${key}';`,
    );
  }
  return lines.join("\n");
}

/** Runs the SQL files in parallel sqlite3 processes on their databases; wall-clock seconds. */
async function run(jobs) {
  const started = performance.now();
  await Promise.all(
    jobs.map(
      ({ file, sqlFile }) =>
        new Promise((resolve, reject) => {
          const child = spawn("sqlite3", ["-bail", file, `.read ${sqlFile}`], { stdio: ["ignore", "ignore", "pipe"] });
          let stderr = "";
          child.stderr.on("data", (d) => (stderr += d));
          child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`sqlite3 on ${file}: ${stderr}`))));
        }),
    ),
  );
  return (performance.now() - started) / 1000;
}

const countTasks = (file) => Number(sqlite(file, "SELECT count(*) FROM tasks;").trim());

try {
  console.log(machine());
  const base = template();
  const baseTasks = countTasks(base);
  const sqlFiles = Array.from({ length: WRITERS }, (_, w) => {
    const sqlFile = path.join(dir, `writes-${w}.sql`);
    writeFileSync(sqlFile, writesSql(WRITES));
    return sqlFile;
  });
  const copy = (name) => {
    const file = path.join(dir, `${name}.sqlite`);
    copyFileSync(base, file);
    return file;
  };

  const rows = [];
  const report = (name, writers, databases, seconds, files) => {
    const writes = writers * WRITES;
    const stored = files.reduce((s, f) => s + countTasks(f) - baseTasks, 0);
    if (stored !== writes) throw new Error(`${name}: ${stored} tasks stored, ${writes} written`);
    const row = { name, writers, databases, writes, seconds, writesPerSecond: writes / seconds, msPerQuery: (seconds * 1000) / (writes * 3) };
    rows.push(row);
    console.log(
      `${name.padEnd(34)} ${String(writes).padStart(6)} writes ${seconds.toFixed(2).padStart(6)} s ${row.writesPerSecond.toFixed(0).padStart(6)} writes/s ${row.msPerQuery.toFixed(3).padStart(7)} ms per query (wall)`,
    );
  };

  console.log(`Rumo's schema, ${USERS} users with 20 tasks each; a write = claim key + insert task (search-index triggers) + store answer\n`);
  const one = copy("one");
  report("1 writer, 1 database", 1, 1, await run([{ file: one, sqlFile: sqlFiles[0] }]), [one]);
  const shared = copy("shared");
  report(`${WRITERS} writers, 1 database (one lock)`, WRITERS, 1, await run(sqlFiles.map((sqlFile) => ({ file: shared, sqlFile }))), [shared]);
  const shards = sqlFiles.map((_, w) => copy(`shard-${w}`));
  report(`${WRITERS} writers, ${WRITERS} databases (shards)`, WRITERS, WRITERS, await run(sqlFiles.map((sqlFile, w) => ({ file: shards[w], sqlFile }))), shards);

  const [single, lock, sharded] = rows;
  console.log(
    `\nspeed-up over 1 writer: ${(lock.writesPerSecond / single.writesPerSecond).toFixed(2)}× on one database, ${(sharded.writesPerSecond / single.writesPerSecond).toFixed(2)}× on ${WRITERS} databases (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})`,
  );
  if (args.json) writeFileSync(String(args.json), JSON.stringify({ machine: machine(), users: USERS, writesPerWriter: WRITES, rows }, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
