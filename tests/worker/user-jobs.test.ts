import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { enqueueFanOut, USERS_PER_MESSAGE, type UserBatch } from "../../worker/cron/fan-out";
import { featureAnnouncements } from "../../worker/cron/feature-announcements";
import { retryDelaySeconds, USER_JOBS_DEAD_LETTER_QUEUE, USER_JOBS_QUEUE } from "../../worker/cron/queue";
import { EVERY_QUARTER_HOUR, runSchedule } from "../../worker/cron/registry";
import { trialEndingSoon } from "../../worker/cron/trial-ending-soon";
import worker from "../../worker/index";

const DAY = 86_400_000;
// A time no other test uses, so only this file's users fall in the trial windows.
const NOW = new Date("2031-03-03T10:00:00Z");

/** Inserts confirmed users `${prefix}-000`… with a profile, in statements of 50 rows. */
async function insertUsers(prefix: string, count: number, columns: { trialEndsAt?: number; createdAt?: number } = {}) {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, "0")}`);
  for (let i = 0; i < ids.length; i += 50) {
    const slice = ids.slice(i, i + 50);
    const rows = slice.map((id) => `('${id}', '${id}@example.com', 1, ${columns.trialEndsAt ?? "null"}, ${columns.createdAt ?? 1})`).join(",");
    await env.DB.batch([
      env.DB.prepare(`insert into users (id, email, email_confirmed_at, trial_ends_at, created_at) values ${rows}`),
      env.DB.prepare(`insert into profiles (user_id) values ${slice.map((id) => `('${id}')`).join(",")}`),
    ]);
  }
  return ids;
}

const countNotifications = async (where: string, ...binds: unknown[]) =>
  (await env.DB.prepare(`select count(*) as n from notifications where ${where}`).bind(...binds).first<{ n: number }>())!.n;

/** A Dispatch that only records the messages. */
function recorder() {
  const sent: UserBatch[][] = [];
  return { sent, dispatch: async (messages: UserBatch[]) => void sent.push(messages) };
}

const message = (body: unknown, attempts = 1) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts, body });

afterEach(() => vi.restoreAllMocks());

// Modules launch their flags in migrations, i.e. at this run's start: announcing them here would
// fan out to every account these tests create and keep the local queue busy. Older news here.
beforeAll(async () => {
  await env.DB.prepare("update feature_flags set updated_at = ? where release_status = 'launched'").bind(Date.now() - 30 * DAY).run();
});

describe("the cron step of a fan-out", () => {
  it("enqueues only the users the job could affect, 100 ids per message, in id order", async () => {
    const trialEnd = NOW.getTime() + DAY;
    const ending = await insertUsers("qj-ending", 250, { trialEndsAt: trialEnd });
    await insertUsers("qj-later", 3, { trialEndsAt: NOW.getTime() + 10 * DAY });
    await env.DB.prepare("update users set email_confirmed_at = null where id = 'qj-ending-0249'").run();
    // Already told about this trial end (the key's record, which outlives a deleted notice): not
    // enqueued again every 15 minutes.
    await env.DB.prepare("insert into notification_keys (user_id, dedupe_key, sent_at) values ('qj-ending-0000', ?, 1)")
      .bind(`trial-ending:${trialEnd}`)
      .run();

    const { sent, dispatch } = recorder();
    const result = await enqueueFanOut(env, "trial-ending-soon", trialEndingSoon, NOW, dispatch);
    const expected = ending.slice(1, 249);
    expect(result).toEqual({ enqueued: expected.length, batches: 3 });
    const messages = sent.flat();
    expect(messages.map((m) => m.userIds.length)).toEqual([USERS_PER_MESSAGE, USERS_PER_MESSAGE, 48]);
    expect(messages.flatMap((m) => m.userIds)).toEqual(expected);
    expect(messages.every((m) => m.job === "trial-ending-soon" && m.at === NOW.getTime() && !("payload" in m))).toBe(true);
  });

  it("pages through more users than one query reads", async () => {
    const ids = await insertUsers("qj-many", 1100, { trialEndsAt: NOW.getTime() + 2 * DAY + 3_600_000 });
    const { sent, dispatch } = recorder();
    const later = new Date(NOW.getTime() + DAY);
    const result = await enqueueFanOut(env, "trial-ending-soon", trialEndingSoon, later, dispatch);
    // Two reads (1,000 then 100 ids): two sends of 10 and 1 messages.
    expect(sent.map((send) => send.length)).toEqual([10, 1]);
    expect(result).toEqual({ enqueued: 1100, batches: 11 });
    expect(sent.flat().flatMap((m) => m.userIds)).toEqual(ids);
  });

  it("announces a launched feature once, to the accounts that existed at the launch", async () => {
    const launchedAt = NOW.getTime() - 3_600_000;
    const before = await insertUsers("qj-flag-old", 2, { createdAt: launchedAt - DAY });
    await insertUsers("qj-flag-new", 2, { createdAt: launchedAt + 60_000 });
    await env.DB.prepare("update feature_flags set release_status = 'launched', updated_at = ? where feature_name = 'agentes'").bind(launchedAt).run();
    try {
      const first = recorder();
      await enqueueFanOut(env, "feature-announcements", featureAnnouncements, NOW, first.dispatch);
      const ids = first.sent.flat().flatMap((m) => m.userIds);
      expect(ids).toEqual(expect.arrayContaining(before));
      expect(ids.filter((id) => id.startsWith("qj-flag-new"))).toEqual([]);
      expect(first.sent.flat()[0].payload).toEqual({ featureName: "agentes", launchedAt });

      // The next quarter-hour run of the same launch enqueues nobody.
      const second = recorder();
      expect(await enqueueFanOut(env, "feature-announcements", featureAnnouncements, new Date(NOW.getTime() + 900_000), second.dispatch)).toEqual({
        enqueued: 0,
        batches: 0,
      });
      expect(second.sent).toEqual([]);

      // A new launch (the flag went back and launched again) is news again.
      await env.DB.prepare("update feature_flags set updated_at = ? where feature_name = 'agentes'").bind(launchedAt + 1000).run();
      const third = recorder();
      await enqueueFanOut(env, "feature-announcements", featureAnnouncements, NOW, third.dispatch);
      expect(third.sent.flat().flatMap((m) => m.userIds)).toEqual(expect.arrayContaining(before));
    } finally {
      await env.DB.prepare("update feature_flags set release_status = 'development', updated_at = 1767225600000 where feature_name = 'agentes'").run();
    }
  });

  it("sends through the USER_JOBS producer when a cron trigger fires", async () => {
    await insertUsers("qj-producer", 2, { trialEndsAt: NOW.getTime() + 5 * DAY + 3_600_000 });
    const sent: { body: UserBatch }[] = [];
    const queue = { sendBatch: async (messages: { body: UserBatch }[]) => void sent.push(...messages) } as unknown as Queue;
    const results = await runSchedule(EVERY_QUARTER_HOUR, { ...env, USER_JOBS: queue }, new Date(NOW.getTime() + 3 * DAY));
    expect(results["trial-ending-soon"]).toEqual({ enqueued: 2, batches: 1 });
    expect(sent.find((m) => m.body.job === "trial-ending-soon")?.body.userIds).toEqual(["qj-producer-0000", "qj-producer-0001"]);
    // Nothing was processed in the cron step itself.
    expect(await countNotifications("user_id like 'qj-producer-%'")).toBe(0);
  });
});

describe("the user-jobs queue consumer", () => {
  it("runs the job for each user of a message and acknowledges it; a second delivery changes nothing", async () => {
    const trialEnd = NOW.getTime() + 2 * DAY;
    const ids = await insertUsers("qj-consume", 3, { trialEndsAt: trialEnd });
    const body: UserBatch = { job: "trial-ending-soon", at: NOW.getTime(), userIds: ids };
    for (let delivery = 0; delivery < 2; delivery++) {
      const batch = createMessageBatch(USER_JOBS_QUEUE, [message(body)]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks).toEqual([batch.messages[0].id]);
      expect(result.retryMessages).toEqual([]);
    }
    for (const id of ids) expect(await countNotifications("user_id = ? and dedupe_key = ?", id, `trial-ending:${trialEnd}`)).toBe(1);
  });

  it("retries a failing message later, with a growing delay", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const body: UserBatch = { job: "trial-ending-soon", at: NOW.getTime(), userIds: ["qj-any"] };
    const batch = createMessageBatch(USER_JOBS_QUEUE, [message(body, 3)]);
    const retry = vi.spyOn(batch.messages[0], "retry");
    const ctx = createExecutionContext();
    // D1 unreachable: every user of the message throws.
    await worker.queue(batch, { ...env, DB: undefined as unknown as D1Database });
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: batch.messages[0].id }]);
    // The third attempt failed: the next one waits 2 minutes.
    expect(retry).toHaveBeenCalledWith({ delaySeconds: 120 });
    expect([1, 2, 3, 4, 5, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 3600]);
  });

  it("drops (and logs) a message no retry could fix", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const batch = createMessageBatch(USER_JOBS_QUEUE, [message({ job: "no-such-job", at: 0, userIds: [] }), message("garbage")]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort());
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual(["user_job_unknown", "user_job_unknown"]);
  });

  it("logs each dead letter as one JSON line and acknowledges it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const body: UserBatch = { job: "email-digests", at: NOW.getTime(), userIds: ["qj-a", "qj-b"] };
    const batch = createMessageBatch(USER_JOBS_DEAD_LETTER_QUEUE, [message(body, 6)]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([batch.messages[0].id]);
    const logged = JSON.parse(String(errors.mock.calls[0][0]));
    expect(logged).toMatchObject({ level: "error", msg: "user_job_dead_letter", queue: USER_JOBS_DEAD_LETTER_QUEUE, attempts: 6, body });
  });
});

describe("the dev cron trigger", () => {
  beforeAll(async () => {
    // A module launched by a migration (e.g. ciclo_menstrual) is launched "now": the real-time
    // trigger below would announce it to this file's thousands of users through the local queue,
    // and the round trip test would wait behind them.
    await env.DB.prepare("update feature_flags set updated_at = 1767225600000 where release_status = 'launched'").run();
  });

  it("enqueues by default and runs the messages itself with inline=1", async () => {
    const post = (query: string) => SELF.fetch(`http://localhost/api/dev/cron?schedule=${encodeURIComponent(EVERY_QUARTER_HOUR)}${query}`, { method: "POST", headers: { origin: "http://localhost" } });
    const queued = await (await post("")).json<Record<string, object>>();
    expect(queued["trial-ended"]).toEqual({ enqueued: expect.any(Number), batches: expect.any(Number) });
    const inline = await (await post("&inline=1")).json<Record<string, object>>();
    expect(inline["trial-ended"]).toEqual({ enqueued: expect.any(Number), batches: expect.any(Number), affected: expect.any(Number) });
  });
});

describe("the local queue", () => {
  it("delivers what a cron trigger enqueues to the consumer", async () => {
    const trialEnd = NOW.getTime() + 20 * DAY + 60_000;
    const [id] = await insertUsers("qj-roundtrip", 1, { trialEndsAt: trialEnd });
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ cron: EVERY_QUARTER_HOUR, scheduledTime: trialEnd - DAY }), env, ctx);
    await waitOnExecutionContext(ctx);
    await vi.waitFor(async () => expect(await countNotifications("user_id = ? and dedupe_key = ?", id, `trial-ending:${trialEnd}`)).toBe(1), {
      timeout: 20_000,
      interval: 250,
    });
  }, 30_000);
});
