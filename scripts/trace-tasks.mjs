#!/usr/bin/env node
/**
 * The main thread's tasks in a Chromium trace, each with what it did and which functions took its
 * time: `node scripts/trace-tasks.mjs <trace.json> [min ms]`. The trace must carry JS samples: take
 * it with `LT_PROFILE=1 LT_TRACE_OUT=<dir> npm run bench:long-tasks` (add `LT_CPU=1` for what
 * Lighthouse's simulated throttling sees, an unthrottled load whose tasks it counts 4× longer). On
 * an unminified build (`RUMO_NO_MINIFY=1 npm run build`) the functions keep their names.
 *
 * Per task over `min ms` (default 12.5: 50 ms at 4×): its start after the trace's first event, its
 * length, the trace's own events inside it (parsing, style, layout, scripts, microtasks), React's
 * phases by total time, the top functions by self time and the app's own functions by total time.
 * Last, Σ max(0, 4 × task − 50) after the first contentful paint: the total blocking time
 * Lighthouse's simulation would count for these tasks (it stops at its modelled TTI, so this is an
 * upper bound).
 */
import { readFileSync } from "node:fs";
import { addSample, frameLabel } from "./browser-bench.mjs";

const [file, min = "12.5"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/trace-tasks.mjs <trace.json> [min ms]");
  process.exit(2);
}
const threshold = Number(min) * 1000;
const events = JSON.parse(readFileSync(file, "utf8")).traceEvents;

// The page's main thread: the renderer main thread with the most tasks (an idle tab has few).
const taskCounts = new Map();
for (const e of events) if (e.name === "RunTask") taskCounts.set(`${e.pid}:${e.tid}`, (taskCounts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const [pid, tid] = events
  .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
  .map((e) => `${e.pid}:${e.tid}`)
  .sort((a, b) => (taskCounts.get(b) ?? 0) - (taskCounts.get(a) ?? 0))[0]
  .split(":")
  .map(Number);
const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X").sort((a, b) => a.ts - b.ts);
const start = onMain[0].ts;

// JS samples of that thread (ProfileChunk events carry nodes and samples incrementally).
const nodes = new Map();
const parent = new Map();
const samples = [];
for (const profile of events.filter((e) => e.name === "Profile" && e.pid === pid && e.tid === tid)) {
  let at = profile.args.data.startTime;
  for (const chunk of events.filter((e) => e.name === "ProfileChunk" && e.pid === pid && e.id === profile.id)) {
    const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
    for (const node of cpuProfile.nodes ?? []) {
      nodes.set(node.id, node);
      if (node.parent) parent.set(node.id, node.parent);
    }
    (cpuProfile.samples ?? []).forEach((id, i) => samples.push([(at += timeDeltas[i] ?? 0), id]));
  }
}
const label = (id) => frameLabel(nodes.get(id).callFrame);

const TRACE_EVENTS = ["ParseHTML", "EvaluateScript", "v8.evaluateModule", "v8.compile", "v8.compileModule", "FunctionCall", "RunMicrotasks", "TimerFire", "FireIdleCallback", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "MinorGC", "MajorGC"];
const REACT_PHASES = ["workLoopConcurrentByScheduler", "workLoopSync", "commitRoot", "flushPassiveEffects", "flushSyncWorkAcrossRoots_impl", "processRootScheduleInMicrotask", "(program)", "(garbage collector)"];
const ms = (us) => (us / 1000).toFixed(1);
const top = (map, n, perSample) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `${(count * perSample).toFixed(1)} ${name}`)
    .join(" | ");

for (const task of onMain.filter((e) => e.name === "RunTask" && e.dur > threshold)) {
  const end = task.ts + task.dur;
  const inside = {};
  for (const e of onMain) if (e.ts >= task.ts && e.ts + e.dur <= end && TRACE_EVENTS.includes(e.name)) inside[e.name] = (inside[e.name] ?? 0) + e.dur;
  const times = { self: new Map(), total: new Map() };
  let count = 0;
  for (const [at, id] of samples) {
    if (at < task.ts || at > end) continue;
    count++;
    addSample(times, id, 1, label, parent);
  }
  const { self, total } = times;
  // Each sample stands for an equal share of the task's length.
  const perSample = count ? task.dur / 1000 / count : 0;
  const phase = (name) => [...total].filter(([key]) => key.startsWith(`${name} `)).reduce((sum, [, n]) => sum + n, 0);
  const own = new Map([...total].filter(([name]) => !/framework-|^\(|:0$/.test(name)));
  console.log(`@${ms(task.ts - start)} ms: ${ms(task.dur)} ms | ${Object.entries(inside).map(([name, us]) => `${name} ${ms(us)}`).join(", ")}`);
  if (!count) continue;
  const phases = REACT_PHASES.map((name) => [name, phase(name)]).filter(([, n]) => n > 0);
  console.log(`  react: ${phases.map(([name, n]) => `${name} ${(n * perSample).toFixed(1)}`).join(", ")}`);
  console.log(`  self: ${top(self, 6, perSample)}`);
  console.log(`  app: ${top(own, 6, perSample)}`);
}

const paint = events.filter((e) => e.name === "firstContentfulPaint" && e.pid === pid).map((e) => e.ts).sort((a, b) => a - b)[0];
if (paint !== undefined) {
  const blocking = onMain.filter((e) => e.name === "RunTask" && e.ts > paint).reduce((sum, e) => sum + Math.max(0, (4 * e.dur) / 1000 - 50), 0);
  console.log(`\nafter the first contentful paint (${ms(paint - start)} ms): Σ max(0, 4 × task − 50) = ${blocking.toFixed(0)} ms`);
}
