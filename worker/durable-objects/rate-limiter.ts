import { DurableObject } from "cloudflare:workers";

export type LimitWindow = { count: number; resetAt: number };

/**
 * One fixed-window counter per limit key (`limit name:subject`), e.g. the failed sign-ins of one
 * address. A Durable Object runs one request at a time and its storage is strongly consistent, so a
 * burst of concurrent attempts is counted exactly, unlike KV's read-modify-write (decision 0014).
 * An alarm at the window's end deletes the state, so nothing outlives its window.
 */
export class RateLimiter extends DurableObject<Env> {
  private async current(now: number): Promise<LimitWindow | null> {
    const window = await this.ctx.storage.get<LimitWindow>("window");
    return window && window.resetAt > now ? window : null;
  }

  /** The window as it stands (count 0 when none is open). */
  async read(windowMs: number, now: number): Promise<LimitWindow> {
    return (await this.current(now)) ?? { count: 0, resetAt: now + windowMs };
  }

  /** Counts one event and returns the window after it. */
  async hit(windowMs: number, now: number): Promise<LimitWindow> {
    return this.count(await this.current(now), windowMs, now);
  }

  /**
   * Counts one attempt unless `max` are already counted in the window, in one call: a burst of
   * concurrent attempts gets at most `max` through (read-then-hit let every one in flight pass).
   * `taken` says whether this one was counted; a refused attempt is not.
   */
  async take(windowMs: number, now: number, max: number): Promise<LimitWindow & { taken: boolean }> {
    const open = await this.current(now);
    if (open && open.count >= max) return { ...open, taken: false };
    return { ...(await this.count(open, windowMs, now)), taken: true };
  }

  private async count(open: LimitWindow | null, windowMs: number, now: number): Promise<LimitWindow> {
    const window = open ? { count: open.count + 1, resetAt: open.resetAt } : { count: 1, resetAt: now + windowMs };
    await this.ctx.storage.put("window", window);
    if (!open) await this.ctx.storage.setAlarm(window.resetAt);
    return window;
  }

  async clear(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
