import { describe, expect, it } from "vitest";
import { rateLimiter, type Limit } from "./rate-limit";

/** An in-memory stand-in for KV with expiry, on a clock the test moves. */
function memoryKv(clock: { now: number }) {
  const data = new Map<string, { value: string; expires: number }>();
  return {
    async get(key: string) {
      const entry = data.get(key);
      return entry && entry.expires > clock.now ? JSON.parse(entry.value) : null;
    },
    async put(key: string, value: string, options: { expirationTtl: number }) {
      data.set(key, { value, expires: clock.now + options.expirationTtl * 1000 });
    },
    async delete(key: string) {
      data.delete(key);
    },
  } as unknown as KVNamespace;
}

describe("rateLimiter", () => {
  const limit: Limit = { name: "test", max: 3, windowMs: 60_000 };

  it("blocks after max hits with the seconds left, and lets through again when the window ends", async () => {
    const clock = { now: 1_000_000 };
    const limiter = rateLimiter(memoryKv(clock), () => clock.now);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.blocked(limit, "Ana@Example.com")).toBeNull();
      await limiter.hit(limit, "ana@example.com");
    }
    expect(await limiter.blocked(limit, "ana@example.com")).toBe(60);
    clock.now += 45_000;
    expect(await limiter.blocked(limit, "ana@example.com")).toBe(15);
    // Nobody is locked out for good.
    clock.now += 16_000;
    expect(await limiter.blocked(limit, "ana@example.com")).toBeNull();
  });

  it("clears a subject's count (a successful sign-in)", async () => {
    const clock = { now: 0 };
    const limiter = rateLimiter(memoryKv(clock), () => clock.now);
    for (let i = 0; i < 3; i++) await limiter.hit(limit, "x");
    await limiter.clear(limit, "x");
    expect(await limiter.blocked(limit, "x")).toBeNull();
  });
});
