#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse (mobile preset) on the six pages of issue 20 against the
// production build in workerd, plus the PWA checks Lighthouse 12 no longer makes.
//
// Starts `node scripts/start.mjs` on a free port with its own fresh state (build first, or set
// RUMO_SKIP_BUILD=1 to reuse build/), signs the seeded demo account in through the API (its session
// cookie goes into Chromium's cookie jar for the /app pages), runs Lighthouse with the system
// Chromium, prints one row per page and the PWA checks, and exits non-zero when a page scores
// performance < 95 or accessibility < 100, or a PWA check fails. docs/quality.md
//
// Full reports: build/lighthouse/<page>.json. Environment: LH_PORT (default: a free port),
// LH_PATHS (comma-separated, default the six pages), CHROME_PATH (default /usr/bin/chromium), RUMO_SKIP_BUILD,
// LH_PROTOCOL (default `h2`: HTTPS + HTTP/2 in front of wrangler dev, as production serves; `http1`),
// LH_TRACE=1 (also keep each page load's trace, build/lighthouse/<page>.trace.json, with JS samples
// for `node scripts/trace-tasks.mjs`),
// LH_THROTTLING (default `simulate`, Lighthouse's own default and the gate; `devtools` throttles the
// network and CPU for real, so the metrics are observed instead of modelled: docs/quality.md).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright";
import { freePort } from "./free-port.mjs";
import { startH2Front } from "./h2-front.mjs";
import { SEEN_GUIDES as GUIDES, waitUntilHealthy } from "./browser-bench.mjs";

const PAGES = ["/", "/pricing", "/auth", "/app/dashboard", "/app/tarefas", "/app/financas"];
const START_URL = "/app/meu-impacto";
const MIN_PERFORMANCE = 95;
const MIN_ACCESSIBILITY = 100;

const port = process.env.LH_PORT || String(await freePort());
const paths = process.env.LH_PATHS ? process.env.LH_PATHS.split(",") : PAGES;
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const throttlingMethod = process.env.LH_THROTTLING || "simulate";
if (!["simulate", "devtools"].includes(throttlingMethod)) {
  console.error(`LH_THROTTLING must be simulate or devtools, not ${throttlingMethod}`);
  process.exit(2);
}
const protocol = process.env.LH_PROTOCOL || "h2";
if (!["h2", "http1"].includes(protocol)) {
  console.error(`LH_PROTOCOL must be h2 or http1, not ${protocol}`);
  process.exit(2);
}
const base = `http://localhost:${port}`;
const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"];
// Lighthouse loads the pages over HTTP/2 and TLS, as production serves them (scripts/h2-front.mjs,
// decision 0064); LH_PROTOCOL=http1 loads them from wrangler dev's own HTTP/1.1, as before.
let front;

const server = spawn("node", ["scripts/start.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, PORT: port, RUMO_STATE_DIR: `.wrangler/lh-state-${port}`, RUMO_FRESH_STATE: "1" },
});
let chrome;
function stop() {
  if (chrome) chrome.kill();
  front?.close();
  // start.mjs stops wrangler and its workerd child on SIGTERM.
  if (server.exitCode === null) server.kill("SIGTERM");
  rmSync(`.wrangler/lh-state-${port}`, { recursive: true, force: true });
}
process.on("SIGINT", () => (stop(), process.exit(130)));

/** The demo account's session cookie, through the API (no browser automation needed). */
async function signIn() {
  const headers = { origin: base, "content-type": "application/json" };
  const { email, password } = await (await fetch(`${base}/api/dev/seed`, { method: "POST", headers })).json();
  const login = await fetch(`${base}/api/v1/auth/login`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const me = await fetch(`${base}/api/v1/me`, { method: "PATCH", headers: { ...headers, cookie }, body: JSON.stringify({ preferences: { completedGuides: GUIDES } }) });
  if (!me.ok) throw new Error(`marking the tours as seen failed: ${me.status}`);
  return { email, password, cookie };
}

/**
 * Signed in (the demo's session cookie) or signed out for the next page, in Chromium's own cookie
 * jar, emptied first. Not Lighthouse's `extraHeaders`: once a page stores a cookie of its own (the
 * app keeps the language in one), Chromium's Cookie header replaces the extra one, the session is
 * gone and the page ends on /auth.
 */
async function useSession(cookie, origin) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const [context] = browser.contexts();
    await context.clearCookies();
    if (!cookie) return;
    const pairs = cookie.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]);
    await context.addCookies(pairs.map(([name, value]) => ({ name, value, url: origin })));
  } finally {
    // Connected over CDP: this disconnects and leaves Chromium (and its default context) running.
    await browser.close();
  }
}

const score = (category) => Math.round((category?.score ?? 0) * 100);

/**
 * Installability (the browser's own verdict, CDP Page.getInstallabilityErrors) and the start_url
 * answered 200 by the service worker while offline, after one signed-in visit. A persistent
 * profile: an incognito-like context is never installable.
 */
async function pwaChecks(account) {
  const profile = mkdtempSync(join(tmpdir(), "rumo-lh-pwa-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromePath, args: chromeFlags.slice(1), baseURL: base });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const login = await context.request.post("/api/v1/auth/login", { headers: { origin: base }, data: { email: account.email, password: account.password } });
    if (!login.ok()) throw new Error(`demo sign-in failed: ${login.status()}`);
    await page.goto(START_URL);
    // Stored in the user's cache by the worker (network first), as any visit does.
    await page.waitForFunction(
      async (path) => {
        for (const name of await caches.keys()) if (name.startsWith("rumo-user-") && (await (await caches.open(name)).match(location.origin + path))) return true;
        return false;
      },
      START_URL,
      { timeout: 60_000, polling: 500 },
    );
    await context.setOffline(true);
    const offline = await page.goto(START_URL);
    await context.setOffline(false);
    return {
      installable: installabilityErrors.length === 0,
      installabilityErrors: installabilityErrors.map((e) => e.errorId),
      offlineStartUrl: { status: offline?.status() ?? null, fromServiceWorker: offline?.fromServiceWorker() ?? false },
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

try {
  await waitUntilHealthy(base, server);
  const account = await signIn();
  if (protocol === "h2") front = await startH2Front({ target: base, port: String(await freePort()) });
  const pageBase = front?.origin ?? base;
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: front ? [...chromeFlags, "--ignore-certificate-errors"] : chromeFlags });
  const rows = [];
  const problems = [];
  let version = "";
  for (const path of paths) {
    await useSession(path.startsWith("/app") ? account.cookie : null, pageBase);
    const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices"], throttlingMethod, ...(process.env.LH_TRACE ? { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" } : {}) };
    // A lost trace (NO_NAVSTART, seen on a loaded machine) is Lighthouse's failure, not the page's: once more.
    let { lhr, artifacts } = await lighthouse(`${pageBase}${path}`, flags);
    if (lhr.runtimeError) ({ lhr, artifacts } = await lighthouse(`${pageBase}${path}`, flags));
    if (lhr.runtimeError) problems.push(`${path}: Lighthouse failed: ${lhr.runtimeError.code}`);
    const { categories, audits } = lhr;
    version = lhr.lighthouseVersion;
    // The full reports, for the details behind a score (Lighthouse viewer or jq).
    mkdirSync("build/lighthouse", { recursive: true });
    const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
    writeFileSync(`build/lighthouse/${name}.json`, JSON.stringify(lhr));
    // The page load's trace (chrome://tracing, DevTools' performance panel): what the observed paint waited for.
    if (process.env.LH_TRACE) writeFileSync(`build/lighthouse/${name}.trace.json`, JSON.stringify(artifacts.Trace ?? artifacts.traces?.defaultPass));
    if (lhr.finalDisplayedUrl !== `${pageBase}${path}`) problems.push(`${path}: ended on ${lhr.finalDisplayedUrl}`);
    rows.push({
      page: path,
      performance: score(categories.performance),
      accessibility: score(categories.accessibility),
      "best-practices": score(categories["best-practices"]),
      FCP: audits["first-contentful-paint"].displayValue,
      LCP: audits["largest-contentful-paint"].displayValue,
      TBT: audits["total-blocking-time"].displayValue,
      CLS: audits["cumulative-layout-shift"].displayValue,
    });
    if (score(categories.performance) < MIN_PERFORMANCE) problems.push(`${path}: performance ${score(categories.performance)} < ${MIN_PERFORMANCE}`);
    if (score(categories.accessibility) < MIN_ACCESSIBILITY) problems.push(`${path}: accessibility ${score(categories.accessibility)} < ${MIN_ACCESSIBILITY}`);
    // What to fix: every failing accessibility audit with its elements, and the other weak audits.
    for (const ref of categories.accessibility.auditRefs) {
      const audit = audits[ref.id];
      if (audit.score === null || audit.score === 1 || ref.weight === 0) continue;
      const nodes = (audit.details?.items ?? []).map((item) => item.node?.selector ?? item.node?.snippet).filter(Boolean);
      console.log(`${path}: accessibility: ${audit.id}: ${nodes.slice(0, 5).join(" | ")}`);
    }
    const weak = [...categories.performance.auditRefs, ...categories["best-practices"].auditRefs]
      .map((ref) => audits[ref.id])
      .filter((a) => a.score !== null && a.score < 0.9 && !["informative", "manual", "notApplicable"].includes(a.scoreDisplayMode));
    if (weak.length) console.log(`${path}: below 0.9: ${weak.map((a) => `${a.id} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ""})`).join(", ")}`);
  }
  chrome.kill();
  chrome = undefined;
  const pwa = await pwaChecks(account);
  if (!pwa.installable) problems.push(`not installable: ${pwa.installabilityErrors.join(", ")}`);
  if (pwa.offlineStartUrl.status !== 200 || !pwa.offlineStartUrl.fromServiceWorker) problems.push(`offline ${START_URL}: ${JSON.stringify(pwa.offlineStartUrl)}`);

  console.log(`\nLighthouse ${version} (mobile preset, ${throttlingMethod} throttling) on ${pageBase} (${front ? "HTTP/2 over TLS in front of wrangler dev" : "wrangler dev's HTTP/1.1"}); load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.table(rows);
  console.log(`PWA: installable ${pwa.installable ? "yes" : `no (${pwa.installabilityErrors.join(", ")})`}; offline ${START_URL}: ${pwa.offlineStartUrl.status} ${pwa.offlineStartUrl.fromServiceWorker ? "from the service worker" : "NOT from the service worker"}`);
  if (problems.length) {
    console.error(`\n✗ ${problems.join("\n✗ ")}`);
    process.exitCode = 1;
  } else console.log(`\n✓ every page: performance ≥ ${MIN_PERFORMANCE}, accessibility ${MIN_ACCESSIBILITY}; installable; start_url offline`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stop();
}
