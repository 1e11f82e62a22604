import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// Decision 0058: the API and the signed-in pages skip the asset lookup (a third of an API 404's
// throughput locally). Their prefixes must then hold no static file, which would never be served.
describe("wrangler.toml assets", () => {
  const { assets } = unstable_readConfig({ config: root("wrangler.toml") });
  const { assets: production } = unstable_readConfig({ config: root("wrangler.toml"), env: "production" });

  it("send /api and /app requests to the Worker first, in development and production", () => {
    expect(assets?.run_worker_first).toEqual(["/api/*", "/app/*"]);
    expect(production?.run_worker_first).toEqual(["/api/*", "/app/*"]);
  });

  it("have no static files under those prefixes", () => {
    expect(existsSync(root("public/api"))).toBe(false);
    expect(existsSync(root("public/app"))).toBe(false);
  });
});
