#!/usr/bin/env node
/**
 * `npm run bench:load`: mixed traffic from many simulated users against the production build under
 * `wrangler dev` (issue 20): 0 errors, p50/p95/p99 per operation, and afterwards every acknowledged
 * write present exactly once.
 *
 *   node bench/load.mjs [--users=200] [--minutes=10] [--think=15000] [--no-build] [--json=file]
 *   quick run: node bench/load.mjs --users=50 --minutes=1
 *
 * Each user signs up through the API (its confirmation link read from the dev mailbox), signs in,
 * keeps one WebSocket to its realtime object open (reconnecting whenever it closes, e.g. after a
 * sign-out), and loops with a random think time (uniform 0.5–1.5 × --think ms) over a weighted mix:
 * reads (/me, tasks, this week's events, transactions, impact, notifications), search, writes
 * (create and complete tasks, transactions, diary entries, each with an Idempotency-Key as the
 * offline queue sends them), a client retry of an acknowledged write with its same key (must be
 * answered from the stored answer), and signing in again (the old session signed out, which closes
 * its socket). Each simulated user sends from its own address (cf-connecting-ip), as real users do,
 * so the per-address sign-up and sign-in limits see 200 people, not one.
 *
 * Exits non-zero on any error (an unexpected status, a network error, a 30 s timeout, a socket that
 * fails to open), on a write missing, duplicated or in the wrong state afterwards, or a retry that
 * wrote again. Then prints what the database holds per user (sqlite3 dbstat over the local D1 file),
 * the input of docs/scale.md.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, openSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import { loginDemo, machine, startApp } from "../scripts/bench-lib.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? true];
  }),
);
const USERS = Number(args.users ?? 200);
const MINUTES = Number(args.minutes ?? 10);
// Mean pause between two actions of one person (uniform 0.5–1.5 ×): someone reading a list or
// typing a task, ~13 requests/s from 200 people. Lower it to push harder (--think=2000).
const THINK_MS = Number(args.think ?? 15000);
const TIMEOUT_MS = 30_000;
const STATE_DIR = ".wrangler/bench-load-state";
const PASSWORD = "carga-segura-2026";
const RUN = Date.now().toString(36);

// --- measurement -----------------------------------------------------------------------------
const ops = new Map(); // name → { samples: number[], errors: number }
const errorLog = [];
function record(name, ms, error) {
  let op = ops.get(name);
  if (!op) ops.set(name, (op = { samples: [], errors: 0 }));
  op.samples.push(ms);
  if (error) {
    op.errors++;
    if (errorLog.length < 30) errorLog.push(`${name}: ${error}`);
  }
}
const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

let base;
/**
 * One timed request as `user`; an answer other than `expect` is an error. Returns the answer and
 * its parsed JSON body (null when not JSON) or null on a network error/timeout.
 */
async function call(user, name, method, url, { body, expect = 200, headers = {}, cookie = user.cookie, expectAfterProxyRetry } = {}) {
  const started = performance.now();
  try {
    let response;
    let text;
    let dropped = false;
    for (let attempt = 1; ; attempt++) {
      try {
        response = await send(user, method, url, { body, headers, cookie, timeoutMs: method === "GET" && attempt < 4 ? GET_ATTEMPT_MS : TIMEOUT_MS });
      } catch (err) {
        // A GET the dev proxy dropped is parked in its retry queue and never answered (see PROXY_DROP).
        if (!(method === "GET" && err.name === "TimeoutError" && attempt < 4)) throw err;
        dropped = true;
        proxyDrops.set(name, (proxyDrops.get(name) ?? 0) + 1);
        continue;
      }
      text = await response.text();
      if (!(response.status === 503 && text.startsWith(PROXY_DROP)) || attempt === 4) break;
      dropped = true;
      proxyDrops.set(name, (proxyDrops.get(name) ?? 0) + 1);
      await sleep(100 + Math.random() * 200);
    }
    const ms = performance.now() - started;
    const ok = response.status === expect || (dropped && response.status === expectAfterProxyRetry);
    record(name, ms, ok ? null : `${method} ${url} → ${response.status} ${text.slice(0, 160)}`);
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {}
    return { ok, response, json };
  } catch (err) {
    record(name, performance.now() - started, `${method} ${url} → ${err.name}: ${err.message}`);
    return { ok: false, response: null, json: null };
  }
}

/**
 * wrangler dev's own proxy (its ProxyWorker in front of the app's workerd) drops a request now and
 * then when it reuses a keep-alive connection to the app at the moment the other side closes it
 * after 5 s idle (cloudflare/workers-sdk#14641): the request never reaches Rumo, and wrangler
 * answers this text with a 503. wrangler itself re-sends GET and HEAD in that case; the load test
 * re-sends the others the same way (writes with their same Idempotency-Key, so a re-sent write
 * cannot apply twice), and counts each drop in the table's "proxy" column. Rumo's own 503s are
 * JSON in the API's error shape and stay errors. Production has no such proxy.
 * A dropped GET is worse: wrangler parks it for a reload that never comes, so it is never answered.
 * A GET (reads are safe to repeat) with no answer in GET_ATTEMPT_MS is therefore sent again, and
 * counted in the same column: on this machine Rumo's slowest answers took ~15 s.
 */
const GET_ATTEMPT_MS = 20_000;
const PROXY_DROP = "Your worker restarted mid-request";
const proxyDrops = new Map(); // operation → drops re-sent

function send(user, method, url, { body, headers, cookie, timeoutMs = TIMEOUT_MS }) {
  return fetch(`${base}${url}`, {
    method,
    redirect: "manual",
    headers: {
      origin: base,
      "accept-language": "pt",
      "cf-connecting-ip": user.ip,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

// --- users -----------------------------------------------------------------------------------
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const WORDS = ["mercado", "ginásio", "relatório", "dentista", "viagem", "renda", "leitura", "reunião", "jardim", "música"];
const CATEGORIES = ["groceries", "restaurants", "transport", "home", "health", "leisure"];
const MOODS = [1, 2, 3, 4, 5];

function newUser(index) {
  return {
    index,
    email: `carga-${RUN}-${index}@example.com`,
    // An address per person (10.x.y.z), as Cloudflare reports each real client's own.
    ip: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${(index & 255) || 1}`,
    cookie: null,
    socket: null,
    socketMessages: 0,
    reconnects: 0,
    serial: 0,
    /** Acknowledged writes: id → what must be found afterwards. */
    tasks: new Map(),
    transactions: new Map(),
    diary: new Map(),
    /** Acknowledged creates a retry may replay: { url, key, body, id, kind }. */
    replayable: [],
  };
}

async function signUp(user) {
  const { ok } = await call(user, "sign-up", "POST", "/api/v1/auth/signup", {
    body: { fullName: `Pessoa ${user.index}`, email: user.email, password: PASSWORD, confirmPassword: PASSWORD },
    expect: 201,
    expectAfterProxyRetry: 409,
    cookie: null,
  });
  if (!ok) throw new Error(`sign-up of ${user.email} failed: ${errorLog.at(-1)}`);
}

/** Reads these users' confirmation links from the dev mailbox and follows each. */
async function confirmAll(users) {
  const { ok, json } = await call({ ip: "127.0.0.1" }, "dev mailbox", "GET", "/api/dev/mailbox", { cookie: null });
  if (!ok) throw new Error(`reading the dev mailbox failed: ${errorLog.at(-1)}`);
  const { items } = json;
  const links = new Map();
  for (const mail of items) {
    const match = mail.text.match(/https?:\/\/\S*\/api\/v1\/auth\/confirm\?token=[^\s)>"]+/);
    if (match) links.set(mail.to, new URL(match[0]));
  }
  await inParallel(users, 8, async (user) => {
    const link = links.get(user.email);
    if (!link) throw new Error(`no confirmation e-mail for ${user.email}`);
    const { ok } = await call(user, "confirm e-mail", "GET", `${link.pathname}${link.search}`, { expect: 302, cookie: null });
    if (!ok) throw new Error(`confirming ${user.email} failed: ${errorLog.at(-1)}`);
  });
}

/**
 * At most two password sign-ins in flight: each costs one scrypt hash (~90 ms of the isolate's one
 * thread on an idle machine, ~1 s at a load average of 20), and 50 people arriving in the same
 * seconds would otherwise queue behind each other past the timeout. Waiting here is not measured.
 */
let signInsInFlight = 0;
const signInWaiters = [];
async function signInSlot() {
  while (signInsInFlight >= 2) await new Promise((resolve) => signInWaiters.push(resolve));
  signInsInFlight++;
  return () => {
    signInsInFlight--;
    signInWaiters.shift()?.();
  };
}

async function signIn(user, until = Infinity) {
  const previous = user.cookie;
  const release = await signInSlot();
  // Still waiting for a slot when the run ended: this person never arrived.
  if (Date.now() >= until) return release();
  const { ok, response } = await call(user, "sign-in", "POST", "/api/v1/auth/login", { body: { email: user.email, password: PASSWORD }, cookie: null }).finally(release);
  if (!ok) return;
  user.cookie = response.headers.getSetCookie().find((c) => c.startsWith("rumo_session="))?.split(";")[0] ?? null;
  // The previous session ends as a sign-out would; its socket is closed by the server and reopens with the new cookie.
  if (previous) await call(user, "sign-out (old session)", "POST", "/api/v1/auth/logout", { expect: 204, cookie: previous });
}

let running = true;
const sockets = new Set();
/** The user's realtime socket; reopened whenever it closes while the run lasts. */
function connect(user) {
  if (!running || !user.cookie) return;
  const started = performance.now();
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/v1/realtime`, {
    headers: { cookie: user.cookie, origin: base, "cf-connecting-ip": user.ip },
    handshakeTimeout: GET_ATTEMPT_MS,
  });
  sockets.add(ws);
  let opened = false;
  let ping;
  ws.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.type === "hello" && !opened) {
      opened = true;
      record("WebSocket open (→ hello)", performance.now() - started, null);
      // As the app does: a keep-alive ping, answered by the runtime's auto-response.
      ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'), 30_000);
    } else if (message.type !== "pong") user.socketMessages++;
  });
  let reconnecting = false;
  const reconnect = () => {
    clearInterval(ping);
    sockets.delete(ws);
    if (user.socket === ws) user.socket = null;
    if (running && !reconnecting) {
      reconnecting = true;
      user.reconnects++;
      setTimeout(() => connect(user), 200 + Math.random() * 800);
    }
  };
  ws.on("unexpected-response", (_req, res) => {
    opened = true; // counted once
    let text = "";
    res.on("data", (chunk) => (text += chunk));
    res.on("end", () => {
      // The dev proxy's drop (see PROXY_DROP): opened again, as wrangler re-sends a GET.
      if (res.statusCode === 503 && text.startsWith(PROXY_DROP)) proxyDrops.set("WebSocket open (→ hello)", (proxyDrops.get("WebSocket open (→ hello)") ?? 0) + 1);
      else record("WebSocket open (→ hello)", performance.now() - started, `upgrade answered ${res.statusCode} ${text.slice(0, 120)}`);
      reconnect();
    });
  });
  ws.on("error", (err) => {
    // An upgrade the dev proxy parked (see GET_ATTEMPT_MS) times out: opened again, counted as a drop.
    if (!opened && /handshake has timed out/.test(err.message)) proxyDrops.set("WebSocket open (→ hello)", (proxyDrops.get("WebSocket open (→ hello)") ?? 0) + 1);
    else if (!opened) record("WebSocket open (→ hello)", performance.now() - started, `socket error: ${err.message}`);
    opened = true;
  });
  ws.on("close", reconnect);
  user.socket = ws;
}

// --- the mix ---------------------------------------------------------------------------------
const today = () => new Date().toISOString().slice(0, 10);
function thisWeek() {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

/** A create with an Idempotency-Key, remembered for the exactly-once check and for retries. */
async function create(user, name, url, body, kind, entityOf, remember) {
  const key = `carga-${randomUUID()}`;
  const { ok, json } = await call(user, name, "POST", url, { body, expect: 201, headers: { "Idempotency-Key": key } });
  if (!ok) return;
  const entity = entityOf(json);
  remember(entity);
  user.replayable.push({ name, url, key, body, id: entity.id, kind, entityOf });
}

const ACTIONS = [
  { weight: 12, name: "GET /me", run: (u) => call(u, "GET /me", "GET", "/api/v1/me") },
  { weight: 12, name: "GET /tasks", run: (u) => call(u, "GET /tasks", "GET", "/api/v1/tasks") },
  {
    weight: 8,
    run: (u) => {
      const { from, to } = thisWeek();
      return call(u, "GET /events (week)", "GET", `/api/v1/events?from=${from}&to=${to}`);
    },
  },
  { weight: 8, run: (u) => call(u, "GET /transactions", "GET", "/api/v1/transactions") },
  { weight: 4, run: (u) => call(u, "GET /impact", "GET", "/api/v1/impact") },
  { weight: 8, run: (u) => call(u, "GET /notifications", "GET", "/api/v1/notifications") },
  { weight: 8, run: (u) => call(u, "GET /search", "GET", `/api/v1/search?q=${encodeURIComponent(pick(WORDS))}`) },
  {
    weight: 10,
    run: (u) => {
      const title = `carga ${RUN} tarefa ${u.index}.${++u.serial} ${pick(WORDS)}`;
      return create(u, "POST /tasks", "/api/v1/tasks", { title, priority: pick(["low", "medium", "high"]) }, "task", (j) => j.task, (t) => u.tasks.set(t.id, { title, done: false }));
    },
  },
  {
    weight: 6,
    run: async (u) => {
      const open = [...u.tasks].filter(([, t]) => !t.done);
      if (!open.length) return;
      const [id, task] = pick(open);
      const { ok } = await call(u, "PATCH /tasks/:id (done)", "PATCH", `/api/v1/tasks/${id}`, {
        body: { status: "done" },
        headers: { "Idempotency-Key": `carga-${randomUUID()}` },
      });
      if (ok) task.done = true;
    },
  },
  {
    weight: 8,
    run: (u) => {
      const description = `carga ${RUN} despesa ${u.index}.${++u.serial} ${pick(WORDS)}`;
      const amountCents = 100 + Math.floor(Math.random() * 20_000);
      return create(
        u,
        "POST /transactions",
        "/api/v1/transactions",
        { type: "expense", amountCents, description, date: today(), category: pick(CATEGORIES) },
        "transaction",
        (j) => j.transaction,
        (t) => u.transactions.set(t.id, { description, amountCents }),
      );
    },
  },
  {
    weight: 5,
    run: (u) => {
      const title = `carga ${RUN} diário ${u.index}.${++u.serial}`;
      return create(
        u,
        "POST /diary",
        "/api/v1/diary",
        { title, content: `Hoje: ${pick(WORDS)} e ${pick(WORDS)}.`, mood: pick(MOODS), emotions: [] },
        "diary",
        (j) => j.entry,
        (e) => u.diary.set(e.id, { title }),
      );
    },
  },
  {
    // A client that lost the answer sends the same write again with its key: stored answer, no new row.
    weight: 3,
    run: async (u) => {
      if (!u.replayable.length) return;
      const write = pick(u.replayable);
      const { ok, response, json } = await call(u, "retry of a write (same key)", "POST", write.url, { body: write.body, expect: 201, headers: { "Idempotency-Key": write.key } });
      if (!ok) return;
      replays.total++;
      if (response.headers.get("idempotent-replayed") !== "true" || write.entityOf(json)?.id !== write.id) {
        replays.wrong++;
        if (errorLog.length < 30) errorLog.push(`retry of ${write.url} with key ${write.key} answered a new write (${write.entityOf(json)?.id} ≠ ${write.id})`);
      }
    },
  },
  {
    // Signing in again about once per person per run (sessions last weeks; a hash is expensive).
    weight: 0.7,
    run: async (u) => {
      await signIn(u);
    },
  },
];
const replays = { total: 0, wrong: 0 };
const totalWeight = ACTIONS.reduce((sum, a) => sum + a.weight, 0);
function chooseAction() {
  let r = Math.random() * totalWeight;
  for (const action of ACTIONS) if ((r -= action.weight) < 0) return action;
  return ACTIONS[0];
}

async function simulate(user, endAt, startDelay) {
  await sleep(startDelay);
  await signIn(user, endAt);
  if (!user.cookie) return;
  user.arrived = true;
  connect(user);
  while (Date.now() < endAt) {
    await sleep(THINK_MS * (0.5 + Math.random()));
    if (Date.now() >= endAt) break;
    if (!user.cookie) await signIn(user);
    else await chooseAction().run(user);
  }
}

// --- verification ----------------------------------------------------------------------------
/** Every page of a list, as the user sees it. */
async function listAll(user, url) {
  const items = [];
  let cursor = null;
  do {
    const sep = url.includes("?") ? "&" : "?";
    const { ok, json } = await call(user, "verify: list page", "GET", `${url}${sep}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    if (!ok) throw new Error(`listing ${url} for ${user.email} failed`);
    items.push(...json.items);
    cursor = json.nextCursor;
  } while (cursor);
  return items;
}

async function verify(users) {
  const result = { writes: 0, missing: 0, duplicated: 0, wrongState: 0, unacknowledged: 0, problems: [] };
  const problem = (text) => result.problems.length < 20 && result.problems.push(text);
  // People who never got signed in during the run wrote nothing: nothing of theirs to check.
  await inParallel(users.filter((u) => u.arrived), 4, async (user) => {
    if (!user.cookie) await signIn(user);
    const check = (kind, acked, items, labelOf, stateOk) => {
      const counts = new Map();
      for (const item of items) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
      const labels = new Map();
      for (const item of items) if (labelOf(item)?.startsWith(`carga ${RUN}`)) labels.set(labelOf(item), (labels.get(labelOf(item)) ?? 0) + 1);
      for (const [id, expected] of acked) {
        result.writes++;
        const n = counts.get(id) ?? 0;
        if (n === 0) (result.missing++, problem(`${user.email}: ${kind} ${id} acknowledged, not found`));
        else if (n > 1 || labels.get(expected.label) > 1) (result.duplicated++, problem(`${user.email}: ${kind} ${id} found ${n} times (label ${labels.get(expected.label)} times)`));
        else if (!stateOk(items.find((i) => i.id === id), expected)) (result.wrongState++, problem(`${user.email}: ${kind} ${id} not in the acknowledged state`));
      }
      // Rows of this run nobody acknowledged (a write applied whose answer was lost, or a retry that wrote again).
      const ackedLabels = new Set([...acked.values()].map((e) => e.label));
      for (const [label, n] of labels) if (!ackedLabels.has(label)) (result.unacknowledged += n, problem(`${user.email}: ${kind} "${label}" present but never acknowledged`));
    };
    const tasks = await listAll(user, "/api/v1/tasks");
    check("task", new Map([...user.tasks].map(([id, t]) => [id, { ...t, label: t.title }])), tasks, (i) => i.title, (i, e) => (i.status === "done") === e.done);
    const transactions = await listAll(user, "/api/v1/transactions");
    check(
      "transaction",
      new Map([...user.transactions].map(([id, t]) => [id, { ...t, label: t.description }])),
      transactions,
      (i) => i.description,
      (i, e) => i.amountCents === e.amountCents,
    );
    const diary = await listAll(user, "/api/v1/diary");
    check("diary entry", new Map([...user.diary].map(([id, d]) => [id, { ...d, label: d.title }])), diary, (i) => i.title, () => true);
  });
  return result;
}

async function inParallel(items, limit, fn) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      while (queue.length) await fn(queue.shift());
    }),
  );
}

// --- storage ---------------------------------------------------------------------------------
/** The local D1 file's pages per table and index (sqlite3 dbstat), rows per table. */
function storage(stateDir) {
  const dir = path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  const sql = (query) => execFileSync("sqlite3", ["-readonly", "-json", file, query], { encoding: "utf8" }).trim();
  const rows = (query) => JSON.parse(sql(query) || "[]");
  const [{ page_size: pageSize }] = rows("PRAGMA page_size");
  const [{ page_count: pageCount }] = rows("PRAGMA page_count");
  const [{ freelist_count: freePages }] = rows("PRAGMA freelist_count");
  // Tables and indexes together: an index belongs to its table.
  const objects = rows("SELECT d.name, m.tbl_name AS tbl, m.type, SUM(d.pgsize) AS bytes, SUM(d.payload) AS payload FROM dbstat d JOIN sqlite_master m ON m.name = d.name GROUP BY d.name");
  const tables = rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'");
  const perTable = {};
  for (const { name } of tables) {
    const [{ n }] = rows(`SELECT COUNT(*) AS n FROM "${name}"`);
    perTable[name] = { rows: n, tableBytes: 0, indexBytes: 0 };
  }
  for (const o of objects) {
    const entry = (perTable[o.tbl] ??= { rows: null, tableBytes: 0, indexBytes: 0 });
    if (o.type === "index") entry.indexBytes += o.bytes;
    else entry.tableBytes += o.bytes;
  }
  const [{ n: users }] = rows("SELECT COUNT(*) AS n FROM users");
  return { file, pageSize, pageCount, freePages, fileBytes: statSync(file).size, users, perTable };
}

// --- run -------------------------------------------------------------------------------------
// The server's own log (one line per request, workerd's errors) for looking into an error afterwards.
const SERVER_LOG = ".wrangler/bench-load-server.log";
mkdirSync(".wrangler", { recursive: true });
const app = await startApp({ stateDir: STATE_DIR, skipBuild: Boolean(args["no-build"]), stdout: openSync(SERVER_LOG, "w") });
base = app.base;
let failed = false;
const loadavg = () => os.loadavg().map((l) => l.toFixed(1)).join(" ");
try {
  // Ready once start.mjs has seeded the demo account and it can sign in.
  await loginDemo(base);

  const users = Array.from({ length: USERS }, (_, i) => newUser(i + 1));
  const setupStarted = performance.now();
  // The dev mailbox lists its newest 100 mails (two per sign-up): confirm every 20 sign-ups.
  for (let i = 0; i < users.length; i += 20) {
    await inParallel(users.slice(i, i + 20), 4, signUp);
    await confirmAll(users.slice(i, i + 20));
  }
  console.log(machine());
  console.log(`${USERS} users signed up and confirmed in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s; load average ${loadavg()}`);

  // Users arrive over the first tenth of the run (at most 60 s), then all loop until the end.
  const durationMs = MINUTES * 60_000;
  const rampMs = Math.min(60_000, durationMs / 10);
  const startedAt = Date.now();
  const endAt = startedAt + durationMs;
  console.log(`running ${MINUTES} min, think time ${THINK_MS * 0.5}–${THINK_MS * 1.5} ms, ramp-up ${(rampMs / 1000).toFixed(0)} s …`);
  const progress = setInterval(() => {
    const done = [...ops.values()].reduce((s, o) => s + o.samples.length, 0);
    const errors = [...ops.values()].reduce((s, o) => s + o.errors, 0);
    console.log(`  ${((Date.now() - startedAt) / 60_000).toFixed(1)} min: ${done} requests, ${errors} errors, ${sockets.size} sockets open, load ${loadavg()}`);
  }, 60_000);
  await Promise.all(users.map((user, i) => simulate(user, endAt, (rampMs * i) / USERS)));
  const elapsedS = (Date.now() - startedAt) / 1000;
  clearInterval(progress);
  const openAtEnd = sockets.size;
  running = false;
  for (const ws of sockets) ws.close(1000);

  // The table: every operation of the run (set-up and verification excluded from the totals).
  const rows = [...ops].map(([name, op]) => {
    const sorted = [...op.samples].sort((a, b) => a - b);
    return { name, count: sorted.length, errors: op.errors, proxy: proxyDrops.get(name) ?? 0, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.at(-1) };
  });
  const all = [...ops]
    .filter(([name]) => !["sign-up", "confirm e-mail", "dev mailbox"].includes(name))
    .flatMap(([, op]) => op.samples)
    .sort((a, b) => a - b);
  const totalErrors = rows.reduce((s, r) => s + r.errors, 0);
  console.log(`\n${"operation".padEnd(30)} ${"count".padStart(7)} ${"errors".padStart(6)} ${"proxy".padStart(5)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"p99".padStart(8)} ${"max".padStart(8)}`);
  const line = (r) =>
    console.log(
      `${r.name.padEnd(30)} ${String(r.count).padStart(7)} ${String(r.errors).padStart(6)} ${String(r.proxy ?? "").padStart(5)} ${r.p50.toFixed(0).padStart(5)} ms ${r.p95.toFixed(0).padStart(5)} ms ${r.p99.toFixed(0).padStart(5)} ms ${r.max.toFixed(0).padStart(5)} ms`,
    );
  rows.forEach(line);
  const totalRow = { name: "all requests of the run", count: all.length, errors: totalErrors, proxy: [...proxyDrops.values()].reduce((a, b) => a + b, 0), p50: percentile(all, 0.5), p95: percentile(all, 0.95), p99: percentile(all, 0.99), max: all.at(-1) };
  line(totalRow);
  const socketMessages = users.reduce((s, u) => s + u.socketMessages, 0);
  const reconnects = users.reduce((s, u) => s + u.reconnects, 0);
  console.log(`\n${users.filter((u) => u.arrived).length}/${USERS} people signed in during the run; ${(all.length / elapsedS).toFixed(1)} requests/s over ${elapsedS.toFixed(0)} s; ${openAtEnd}/${USERS} sockets open at the end, ${reconnects} reconnects, ${socketMessages} realtime messages received; load average ${loadavg()}`);
  if (totalErrors) {
    failed = true;
    console.log(`\n✗ ${totalErrors} errors, e.g.:\n  ${errorLog.join("\n  ")}\n(the server's log: ${SERVER_LOG})`);
  }

  const check = await verify(users);
  const exactlyOnce = check.missing + check.duplicated + check.wrongState + check.unacknowledged + replays.wrong === 0;
  console.log(
    `\nexactly once: ${check.writes} acknowledged writes checked, ${check.missing} missing, ${check.duplicated} duplicated, ${check.wrongState} in the wrong state, ${check.unacknowledged} present but never acknowledged; ${replays.total} retries with the same key, ${replays.wrong} wrote again`,
  );
  if (!exactlyOnce) {
    failed = true;
    console.log(`✗ ${check.problems.join("\n  ")}`);
  }

  app.stop();
  await sleep(3000); // workerd lets go of the SQLite file
  const stored = storage(STATE_DIR);
  const perUser = (bytes) => bytes / stored.users;
  console.log(`\nstorage: ${stored.users} users in ${(stored.fileBytes / 2 ** 20).toFixed(2)} MiB (${stored.pageCount} pages of ${stored.pageSize} B, ${stored.freePages} free): ${(perUser(stored.pageCount * stored.pageSize) / 1024).toFixed(1)} KiB per user`);
  for (const [name, t] of Object.entries(stored.perTable).sort((a, b) => b[1].tableBytes + b[1].indexBytes - (a[1].tableBytes + a[1].indexBytes))) {
    if (t.tableBytes + t.indexBytes < 8 * stored.pageSize) continue;
    console.log(`  ${name.padEnd(34)} ${String(t.rows ?? "").padStart(7)} rows ${((t.tableBytes + t.indexBytes) / 1024).toFixed(0).padStart(6)} KiB (indexes ${(t.indexBytes / 1024).toFixed(0)})`);
  }
  if (args.json) {
    writeFileSync(
      String(args.json),
      JSON.stringify({ machine: machine(), users: USERS, minutes: MINUTES, thinkMs: THINK_MS, elapsedS, rows, total: totalRow, sockets: { openAtEnd, reconnects, socketMessages }, verification: { ...check, replays }, storage: stored }, null, 2),
    );
  }
  console.log(failed ? "\n✗ the load test failed" : "\n✓ 0 errors, every acknowledged write present exactly once");
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  running = false;
  for (const ws of sockets) ws.terminate();
  app.stop();
  await sleep(1500);
  process.exit(failed ? 1 : 0);
}
