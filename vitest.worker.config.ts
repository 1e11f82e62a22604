import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FAKE_GOOGLE, fakeGoogle } from "./tests/fixtures/fake-google";
import { alias } from "./vitest.shared";

// Layer 2: the real Worker in workerd with D1 (migrations applied), KV and the Durable Object.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            LOG_REQUESTS: "false",
            APP_URL: "http://localhost",
            GOOGLE_CLIENT_ID: FAKE_GOOGLE.clientId,
            GOOGLE_CLIENT_SECRET: FAKE_GOOGLE.clientSecret,
            ADMIN_EMAILS: "boss@example.com",
          },
          // Outbound fetches (Google's token endpoint) go to a local fake.
          outboundService: fakeGoogle,
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
    },
  };
});
