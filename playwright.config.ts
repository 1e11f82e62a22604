import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Layer 3: Chromium against the production build served by `npm start` (workerd), on its own
// port and fresh local state so runs never see each other's data.
const port = Number(process.env.E2E_PORT ?? 8790);
// Debian's Chromium; its headless shell (the browser Playwright itself runs headless) when installed:
// no browser UI processes, so the layer needs less CPU (123 tests on 2 cores: 21.1 → 16.6 min).
const systemChromium = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "tests/e2e",
  // One worker: the faults switch, the weekly-report cron and the admin screens change what every
  // test sees, and on 2 cores two workers were measured no faster (the browser is the bottleneck).
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      // These machines cannot download Playwright's browser; Debian's Chromium is used when present.
      executablePath: systemChromium,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], locale: "pt-PT" } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://localhost:${port}/api/v1/health`,
    env: { PORT: String(port), RUMO_STATE_DIR: `.wrangler/e2e-state-${port}`, RUMO_FRESH_STATE: "1", RUMO_SKIP_BUILD: process.env.RUMO_SKIP_BUILD ?? "", RUMO_ADMIN_EMAILS: "admin@e2e.rumo.test,a11y-admin@e2e.rumo.test" },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM lets start.mjs stop wrangler and its workerd child together.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
