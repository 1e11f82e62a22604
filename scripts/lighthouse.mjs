#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse on the landing page of the production build in workerd.
// Starts `node scripts/start.mjs` on its own port and state (PORT=8796), waits for health, runs
// Lighthouse (mobile and desktop presets) with the system Chromium, prints the four category
// scores and stops the server. Environment: LH_PORT, LH_PATH (default /), CHROME_PATH.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const port = process.env.LH_PORT || "8796";
const path = process.env.LH_PATH || "/";
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const base = `http://localhost:${port}`;

const server = spawn("node", ["scripts/start.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, PORT: port, RUMO_STATE_DIR: ".wrangler/lh-state", RUMO_FRESH_STATE: "1" },
});
let chrome;
function stop() {
  if (chrome) chrome.kill();
  // start.mjs stops wrangler and its workerd child on SIGTERM.
  if (server.exitCode === null) server.kill("SIGTERM");
}
process.on("SIGINT", () => (stop(), process.exit(130)));

try {
  for (let attempt = 0; ; attempt++) {
    const ok = await fetch(`${base}/api/v1/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (attempt > 720 || server.exitCode !== null) throw new Error("the server did not become healthy");
    await sleep(250);
  }
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
  });
  const rows = [];
  for (const [preset, config] of [["mobile", undefined], ["desktop", desktopConfig]]) {
    const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: "json", logLevel: "error" }, config);
    const { categories, audits } = result.lhr;
    rows.push({
      preset,
      performance: categories.performance.score,
      accessibility: categories.accessibility.score,
      "best-practices": categories["best-practices"].score,
      seo: categories.seo.score,
      FCP: audits["first-contentful-paint"].displayValue,
      LCP: audits["largest-contentful-paint"].displayValue,
      TBT: audits["total-blocking-time"].displayValue,
      CLS: audits["cumulative-layout-shift"].displayValue,
    });
    const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual" && a.scoreDisplayMode !== "notApplicable");
    if (failing.length) console.log(`${preset}: audits below 0.9: ${failing.map((a) => `${a.id} (${a.score})`).join(", ")}`);
  }
  console.log(`Lighthouse ${base}${path}`);
  console.table(rows);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stop();
}
