import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FAKE_GOOGLE } from "./tests/fixtures/fake-google";
import { fakeServices } from "./tests/fixtures/fake-services";
import { FAKE_STRIPE } from "./tests/fixtures/fake-stripe";
import { alias } from "./vitest.shared";
import { ensureVitestPoolPatched } from "./scripts/patch-vitest-pool.mjs";

// Layer 2: the real Worker in workerd with D1 (migrations applied), KV and the Durable Object.
export default defineConfig(async () => {
  // SELF.fetch got slower with every request of a file (the pool's bug; docs/decisions/0065).
  ensureVitestPoolPatched();
  const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The sweeps' full corpus (tests/worker/bad-input-sweep.test.ts, isolation-sweep.test.ts).
            RUMO_FULL_SWEEP: process.env.RUMO_FULL_SWEEP === "1" ? "1" : "0",
            LOG_REQUESTS: "false",
            APP_URL: "http://localhost",
            GOOGLE_CLIENT_ID: FAKE_GOOGLE.clientId,
            GOOGLE_CLIENT_SECRET: FAKE_GOOGLE.clientSecret,
            ADMIN_EMAILS: "boss@example.com",
            STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
            STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
            STRIPE_PRICE_LIGHT: FAKE_STRIPE.prices.light,
            STRIPE_PRICE_PRO: FAKE_STRIPE.prices.pro,
          },
          // Outbound fetches go to local fakes (Google's token endpoint, Stripe's API) by hostname.
          outboundService: fakeServices,
        },
      }),
    ],
    resolve: {
      alias: {
        ...alias,
        // The pool has no React Router build; the page handler is never reached by these tests.
        "virtual:react-router/server-build": fileURLToPath(new URL("./tests/fixtures/server-build-stub.ts", import.meta.url)),
      },
    },
    test: {
      name: "worker",
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/setup.ts"],
      // Sign-up hashes passwords (scrypt, ~150 ms each); several per test exceed 5 s on a busy 2-core machine.
      testTimeout: 30_000,
      // Two files at a time even on 2 cores: much of a file's time is its runtime's setup, waiting
      // rather than computing (the whole layer: 799 s with one at a time, 424 s with two, all 598 pass).
      maxWorkers: 2,
    },
  };
});
