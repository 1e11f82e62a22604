#!/usr/bin/env node
// `npm test`: the layers in order — unit (Vitest), worker integration (Vitest in the Workers
// pool), end-to-end (Playwright against the production build in workerd) and the quality gates over
// that build (bundle budgets). Every layer runs even
// if an earlier one fails; the exit code is non-zero if any test failed. Ends with one summary line.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { freePort } from "./free-port.mjs";

const out = ".tmp/test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// Playwright reads its config in several processes, so the port is chosen once, here, and passed down.
const e2ePort = process.env.E2E_PORT ?? String(await freePort());
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", E2E_PORT: e2ePort };
const only = process.argv.slice(2);

const layers = [
  { name: "unit", command: ["node_modules/.bin/vitest", "run", "-c", "vitest.unit.config.ts", "--reporter=default", "--reporter=json", `--outputFile=${out}/unit.json`] },
  { name: "worker", command: ["node_modules/.bin/vitest", "run", "-c", "vitest.worker.config.ts", "--reporter=default", "--reporter=json", `--outputFile=${out}/worker.json`] },
  { name: "e2e", command: ["node_modules/.bin/playwright", "test"], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` } },
  // Bundle budgets over the build the e2e layer just made (tests/quality; `npm run test:quality` builds itself).
  { name: "quality", command: ["node_modules/.bin/vitest", "run", "-c", "vitest.quality.config.ts", "--reporter=default", "--reporter=json", `--outputFile=${out}/quality.json`] },
].filter((layer) => only.length === 0 || only.includes(layer.name));

function counts(layer) {
  try {
    const report = JSON.parse(readFileSync(`${out}/${layer.name}.json`, "utf8"));
    if (layer.name === "e2e") {
      const s = report.stats;
      return { passed: s.expected + (s.flaky ?? 0), failed: s.unexpected, skipped: s.skipped };
    }
    // A file that fails outside its tests (a failing beforeAll, an import error) skips them: count it as a failure.
    const brokenFiles = report.testResults.filter((file) => file.status === "failed" && file.assertionResults.every((a) => a.status !== "failed")).length;
    return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles, skipped: report.numPendingTests + (report.numTodoTests ?? 0) };
  } catch {
    return null;
  }
}

const total = { passed: 0, failed: 0, skipped: 0 };
let ok = true;
for (const layer of layers) {
  const started = Date.now();
  console.log(`\n━━ ${layer.name} ━━`);
  const result = spawnSync(layer.command[0], layer.command.slice(1), { stdio: "inherit", env: { ...env, ...layer.env } });
  const c = counts(layer);
  if (result.status !== 0 || !c) ok = false;
  // A layer that crashed before reporting counts as one failure.
  const layerCounts = c ?? { passed: 0, failed: 1, skipped: 0 };
  for (const key of Object.keys(total)) total[key] += layerCounts[key];
  console.log(`${layer.name}: ${layerCounts.passed} passed, ${layerCounts.failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok && total.failed === 0 ? 0 : 1);
