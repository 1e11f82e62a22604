#!/usr/bin/env node
// `npm run test:dates`: the test layers again as if it were another moment — the minutes around
// midnight when Lisbon's and UTC's days differ, the clock changes, the end of a year, of a week, a
// leap day. Tests and code that take "today" from the clock pass at the hour they were written and
// fail weeks later (decision 0066 lists the ones found this way). Every process of the run (Node,
// workerd, Chromium) sees the moved wall clock through an LD_PRELOAD shim (scripts/clock-shift);
// timers and timeouts keep the real monotonic clock.
//
//   npm run test:dates                                   unit + worker at every moment below
//   npm run test:dates -- --at=2027-06-15T23:30:00Z      one moment
//   npm run test:dates -- --layers=unit,worker,e2e       with the browser tests (builds first)
//
// Prints one row per moment and exits non-zero if any layer failed at any of them. Linux only
// (glibc), and a C compiler (`cc`) to build the shim once.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";

const MOMENTS = [
  { at: "2027-06-15T23:30:00Z", why: "00:30 in Lisbon, still the day before in UTC (summer time)" },
  { at: "2026-12-31T23:40:00Z", why: "the last minutes of a year" },
  { at: "2027-01-03T23:50:00Z", why: "Sunday 23:50: the last minutes of a Monday-first week" },
  { at: "2027-03-28T00:50:00Z", why: "ten minutes before Lisbon's clocks go forward" },
  { at: "2027-10-31T00:50:00Z", why: "ten minutes before Lisbon's clocks go back" },
  { at: "2028-02-29T12:00:00Z", why: "a leap day" },
];

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const layers = (args.layers ?? "unit,worker").split(",");
const moments = args.at ? args.at.split(",").map((at) => ({ at, why: "chosen" })) : MOMENTS;
for (const { at } of moments) if (Number.isNaN(Date.parse(at))) throw new Error(`not an instant: ${at}`);

// The shim, built once (and again when its source changes).
const source = resolve("scripts/clock-shift/shift.c");
const shim = resolve(".tmp/clock-shift/libshift.so");
if (!existsSync(shim) || statSync(shim).mtimeMs < statSync(source).mtimeMs) {
  mkdirSync(".tmp/clock-shift", { recursive: true });
  const built = spawnSync("cc", ["-O2", "-shared", "-fPIC", "-o", shim, source], { stdio: "inherit" });
  if (built.status !== 0) {
    console.error("Could not build the clock shim: install a C compiler (apt-get install -y gcc).");
    process.exit(2);
  }
}

const shifted = (at) => ({ ...process.env, LD_PRELOAD: shim, CLOCK_SHIFT_SECONDS: String(Math.round((Date.parse(at) - Date.now()) / 1000)) });

/** What a process started with the shim reads as the time: the run is meaningless if it did not move. */
function checkShim(at) {
  const probe = spawnSync(process.execPath, ["-e", "process.stdout.write(String(Date.now()))"], { env: shifted(at), encoding: "utf8" });
  const seen = Number(probe.stdout);
  if (!(Math.abs(seen - Date.parse(at)) < 60_000)) throw new Error(`the clock shim did not move the clock to ${at} (a child read ${new Date(seen).toISOString()})`);
}

// The e2e layer builds once, here, rather than under every moved clock.
if (layers.includes("e2e") && !process.env.RUMO_SKIP_BUILD) {
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

/** Runs a command with its output both on the console and in `log`; resolves to its exit status. */
function runLogged(command, commandArgs, env, log) {
  const file = createWriteStream(log);
  return new Promise((done) => {
    const child = spawn(command, commandArgs, { env, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        process.stdout.write(chunk);
        file.write(chunk);
      });
    }
    child.on("close", (status) => file.end(() => done({ status })));
  });
}

mkdirSync(".tmp/test-dates", { recursive: true });
const rows = [];
for (const { at, why } of moments) {
  checkShim(at);
  console.log(`\n━━━━ as if it were ${at} (${why}) ━━━━`);
  const started = Date.now();
  const log = `.tmp/test-dates/${at.replace(/[:]/g, "-")}.log`;
  const run = await runLogged(process.execPath, ["scripts/test.mjs", ...layers], { ...shifted(at), RUMO_SKIP_BUILD: "1" }, log);
  const output = readFileSync(log, "utf8");
  const perLayer = layers.map((layer) => output.match(new RegExp(`^${layer}: .*$`, "m"))?.[0] ?? `${layer}: no summary`);
  for (const line of perLayer) console.log(line);
  rows.push({ at, why, ok: run.status === 0, summary: perLayer.join("; "), seconds: Math.round((Date.now() - started) / 1000), log });
}

console.log("\n| moment | why | result | time |\n|---|---|---|---|");
for (const row of rows) console.log(`| ${row.at} | ${row.why} | ${row.ok ? "✓" : "✗"} ${row.summary} | ${row.seconds} s |`);
const failed = rows.filter((row) => !row.ok);
if (failed.length) console.log(`\nFailed at ${failed.length} moment(s); the output is in ${failed.map((row) => row.log).join(", ")}.`);
process.exit(failed.length ? 1 : 0);
