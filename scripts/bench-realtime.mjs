#!/usr/bin/env node
// `npm run bench:realtime`: realtime figures against the production build in workerd.
//  1. latency from a write (POST /api/dev/notify → notify()) to the message on the user's socket,
//     p50/p95 over 1,000 notifications, one at a time;
//  2. 1,000 concurrent sockets on one user's Durable Object: time to open them, and time until all
//     of them received one broadcast.
// Environment: BENCH_PORT (default 8799), BENCH_NOTIFICATIONS (1000), BENCH_SOCKETS (1000),
// RUMO_SKIP_BUILD=1 to reuse build/.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";

const port = process.env.BENCH_PORT || "8799";
const base = `http://localhost:${port}`;
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS || 1000);
const SOCKETS = Number(process.env.BENCH_SOCKETS || 1000);

const server = spawn("node", ["scripts/start.mjs"], {
  env: { ...process.env, PORT: port, RUMO_STATE_DIR: ".wrangler/bench-state", RUMO_FRESH_STATE: "1", LOG_REQUESTS: "false" },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = () => {
  try {
    process.kill(server.pid, "SIGTERM");
  } catch {}
};
process.on("exit", stop);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value) => `${value.toFixed(1)} ms`;

async function waitHealthy() {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error("server did not start");
}

async function signIn() {
  const email = `bench-${Date.now()}@example.com`;
  const password = "segredo-123";
  const headers = { origin: base, "content-type": "application/json" };
  const signup = await fetch(`${base}/api/v1/auth/signup`, { method: "POST", headers, body: JSON.stringify({ fullName: "Bench", email, password, confirmPassword: password }) });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}`);
  const { items } = await (await fetch(`${base}/api/dev/mailbox`)).json();
  const text = items.find((m) => m.to === email && m.text.includes("/auth/confirm")).text;
  const link = new URL(text.match(/https?:\/\/\S*\/api\/v1\/auth\/confirm\?token=\S+/)[0]);
  await fetch(`${base}${link.pathname}${link.search}`, { redirect: "manual" });
  const login = await fetch(`${base}/api/v1/auth/login`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  if (login.status !== 200) throw new Error(`login ${login.status}`);
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("rumo_session=")).split(";")[0];
  return { email, cookie };
}

function openSocket(cookie, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://localhost:${port}/api/v1/realtime`, { headers: { cookie, origin: base } });
    ws.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.type === "hello") resolve(ws);
      else onMessage?.(message, ws);
    });
    ws.on("error", reject);
  });
}

const notify = (email, title) =>
  fetch(`${base}/api/dev/notify`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ email, title }) });

try {
  await waitHealthy();
  const { email, cookie } = await signIn();

  // 1. Write → message latency.
  const waiting = new Map();
  const socket = await openSocket(cookie, (message) => {
    const resolve = waiting.get(message.notification?.title);
    if (resolve) resolve(performance.now());
  });
  for (let i = 0; i < 20; i++) {
    const arrived = new Promise((resolve) => waiting.set(`warm ${i}`, resolve));
    await notify(email, `warm ${i}`);
    await arrived;
  }
  const latencies = [];
  const started = performance.now();
  for (let i = 0; i < NOTIFICATIONS; i++) {
    const title = `bench ${i}`;
    const arrived = new Promise((resolve) => waiting.set(title, resolve));
    const t0 = performance.now();
    const response = await notify(email, title);
    if (response.status !== 201) throw new Error(`notify ${response.status}`);
    latencies.push((await arrived) - t0);
    waiting.delete(title);
  }
  const elapsed = performance.now() - started;
  socket.close();
  latencies.sort((a, b) => a - b);
  console.log(`\nwrite → socket message over ${NOTIFICATIONS} notifications (sequential):`);
  console.log(`  p50 ${ms(percentile(latencies, 50))}   p95 ${ms(percentile(latencies, 95))}   p99 ${ms(percentile(latencies, 99))}   max ${ms(latencies.at(-1))}`);
  console.log(`  throughput ${(NOTIFICATIONS / (elapsed / 1000)).toFixed(0)} notifications/s`);

  // 2. Many sockets on one user's object.
  const received = [];
  let broadcastAt = 0;
  let allReceived;
  const done = new Promise((resolve) => (allReceived = resolve));
  const openStarted = performance.now();
  const sockets = [];
  for (let i = 0; i < SOCKETS; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, SOCKETS - i) }, () =>
        openSocket(cookie, (message) => {
          if (message.notification?.title !== "fan-out") return;
          received.push(performance.now() - broadcastAt);
          if (received.length === SOCKETS) allReceived();
        }),
      ),
    );
    sockets.push(...batch);
  }
  const openMs = performance.now() - openStarted;
  broadcastAt = performance.now();
  await notify(email, "fan-out");
  await Promise.race([done, sleep(60_000)]);
  received.sort((a, b) => a - b);
  console.log(`\n${SOCKETS} concurrent sockets on one user's Durable Object:`);
  console.log(`  opened (upgrade + session check each, 100 at a time) in ${ms(openMs)}`);
  console.log(`  one broadcast reached ${received.length}/${SOCKETS}: first ${ms(received[0] ?? NaN)}, p50 ${ms(percentile(received, 50) ?? NaN)}, last ${ms(received.at(-1) ?? NaN)}`);
  for (const ws of sockets) ws.terminate();
  console.log("");
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  stop();
  await sleep(500);
  process.exit();
}
