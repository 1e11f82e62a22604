import { fileURLToPath } from "node:url";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";

const configPath = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));

describe("wrangler.toml's production environment", () => {
  const base = unstable_readConfig({ config: configPath });
  const production = unstable_readConfig({ config: configPath, env: "production" });

  it("is production, on a public https URL, never the development defaults", () => {
    expect(base.vars.ENVIRONMENT).toBe("development");
    expect(production.vars.ENVIRONMENT).toBe("production");
    expect(String(production.vars.APP_URL)).toMatch(/^https:\/\//);
    expect(String(production.vars.APP_URL)).not.toMatch(/localhost|127\.0\.0\.1/);
  });

  it("declares every var and binding of the top level (wrangler does not inherit them)", () => {
    expect(Object.keys(production.vars).sort()).toEqual(Object.keys(base.vars).sort());
    const names = (config: typeof base) => ({
      d1: config.d1_databases.map((d) => d.binding),
      kv: config.kv_namespaces.map((k) => k.binding),
      durableObjects: config.durable_objects.bindings.map((b) => b.name),
      ratelimits: config.ratelimits.map((r) => r.name),
      queueProducers: config.queues.producers?.map((q) => `${q.binding}:${q.queue}`) ?? [],
      queueConsumers: config.queues.consumers?.map((q) => `${q.queue}:${q.max_retries ?? ""}:${q.dead_letter_queue ?? ""}`) ?? [],
    });
    expect(names(production)).toEqual(names(base));
  });
});
