#!/usr/bin/env node
// `npm run bench:wellbeing`: the diary overview (mood over time, emotion frequencies and the
// analysis) over a year of entries, against the production build in workerd (wrangler dev), on this
// machine. Writes one entry a day for 365 days into the demo account (timing those writes too),
// then times GET /api/v1/diary/overview for the whole year; prints medians and p95.
import { setTimeout as sleep } from "node:timers/promises";
import { fmt as format, loginDemo, machine, startApp, stats } from "./bench-lib.mjs";

const { base, stop } = await startApp({ stateDir: ".wrangler/bench-wellbeing-state" });
const fmt = (ms) => format(ms, 2);
const day = (back) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(new Date(Date.now() - back * 86_400_000));
const EMOTIONS = ["happy", "sad", "anxious", "calm", "energetic", "tired", "grateful", "frustrated", "hopeful", "nostalgic"];

try {
  const cookie = await loginDemo(base);
  const headers = { origin: base, cookie, "content-type": "application/json" };
  const writes = [];
  for (let i = 0; i < 365; i++) {
    const body = {
      title: `Dia ${i}`,
      content: "Um parágrafo sobre o dia, com algumas frases de tamanho normal. ".repeat(8),
      mood: (i % 5) + 1,
      emotions: [EMOTIONS[i % 10], EMOTIONS[(i * 3 + 1) % 10]],
      date: day(i),
    };
    const started = performance.now();
    const response = await fetch(`${base}/api/v1/diary`, { method: "POST", headers, body: JSON.stringify(body) });
    writes.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`POST /diary ${response.status}: ${await response.text()}`);
  }
  const url = `${base}/api/v1/diary/overview?from=${day(364)}&to=${day(0)}`;
  const first = await (await fetch(url, { headers: { cookie } })).json();
  for (let i = 0; i < 10; i++) await fetch(url, { headers: { cookie } }).then((r) => r.text());
  const reads = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await fetch(url, { headers: { cookie } }).then((r) => r.text());
    reads.push(performance.now() - started);
  }
  // The floor of any authenticated request on this machine now, for context.
  const floor = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await fetch(`${base}/api/v1/me`, { headers: { cookie } }).then((r) => r.text());
    floor.push(performance.now() - started);
  }
  const read = stats(reads);
  const baseline = stats(floor);
  const write = stats(writes);
  console.log(machine());
  console.log(`GET /diary/overview, one year (${first.entries} saved entries): median ${fmt(read.median)}, p95 ${fmt(read.p95)} (200 sequential requests)`);
  console.log(`baseline GET /me (same session, same machine load): median ${fmt(baseline.median)}, p95 ${fmt(baseline.p95)}`);
  console.log(`POST /diary (one entry, ~500 characters, two emotions): median ${fmt(write.median)}, p95 ${fmt(write.p95)} (365 sequential requests)`);
} finally {
  stop();
  await sleep(1500);
  process.exit(0);
}
