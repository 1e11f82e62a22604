import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { exportUserData, streamUserData } from "@worker/db/export";
import { EXPORTERS } from "@worker/modules/exporters";
import type { Exporter } from "@worker/modules/types";
import { userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";
import { MODULE_EXPORT_SEEDS } from "./export-seeds";
import type { Seeded } from "./export-seeds/types";
import { userTables } from "./user-tables";

/**
 * One row per user table for `userId`, each carrying a marker text that the export must show
 * (or, for another user, must not). A new user table makes the coverage check below fail until
 * it is seeded: platform tables here, a module's in tests/worker/export-seeds/<key>.ts.
 */
async function seed(userId: string, tag: string, otherId: string, paidAt: number): Promise<Seeded> {
  const m = (table: string) => `marker-${tag}-${table}`;
  const run = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();
  await run("update profiles set first_modules = ? where user_id = ?", JSON.stringify([m("profiles")]), userId);
  await run("update sessions set user_agent = ? where user_id = ?", m("sessions"), userId);
  await run("insert into auth_tokens (id, user_id, kind, email, expires_at) values (?, ?, 'password_reset', ?, ?)", `tok-${tag}`, userId, `${m("auth_tokens")}@example.com`, Date.now() + 3_600_000);
  await run("insert into feedback (id, user_id, email, message) values (?, ?, 'x@example.com', ?)", `fb-${tag}`, userId, m("feedback"));
  await run("insert into subscriptions (user_id, stripe_customer_id) values (?, ?)", userId, m("subscriptions"));
  await run("insert into coupon_redemptions (user_id, code, redeemed_at) values (?, ?, ?)", userId, m("coupon_redemptions"), Date.now());
  // Each user referred the other: the referrer sees the referral made, the referred their own side.
  await run("insert into referrals (id, referrer_id, referred_id, first_paid_at) values (?, ?, ?, ?)", `ref-${tag}`, userId, otherId, paidAt);
  await run("insert into notifications (id, user_id, title, message, type) values (?, ?, ?, 'm', 'system')", `n-${tag}`, userId, m("notifications"));
  // One the bell does not show (in-app off for its type; kept for the e-mail digests): still the user's data.
  await run("insert into notifications (id, user_id, title, message, type, in_app) values (?, ?, ?, 'm', 'task', 0)", `n-hidden-${tag}`, userId, m("notifications-hidden"));
  await run("insert into notification_preferences (id, user_id, notification_type) values (?, ?, 'task')", m("notification_preferences"), userId);
  await run("insert into notification_digests (user_id, period_key) values (?, ?)", userId, `daily:${m("notification_digests")}`);
  await run("insert into notification_keys (user_id, dedupe_key, sent_at) values (?, ?, ?)", userId, m("notification_keys"), Date.now());
  await run("insert into known_devices (user_id, device_key) values (?, ?)", userId, m("known_devices"));
  const checkedAt = paidAt + 10 * 86_400_000;
  await run("insert or replace into feature_checks (user_id, checked_at) values (?, ?)", userId, checkedAt);
  const marked = ["profiles", "sessions", "auth_tokens", "feedback", "subscriptions", "coupon_redemptions", "notifications", "notification_preferences", "notification_digests", "notification_keys", "known_devices"];
  const modules = await Promise.all(MODULE_EXPORT_SEEDS.map((seedExport) => seedExport({ userId, tag, otherId, run, marker: m })));
  return {
    ...Object.assign({}, ...modules),
    ...Object.fromEntries(marked.map((table) => [table, { markers: [m(table)] }])),
    notifications: { markers: [m("notifications"), m("notifications-hidden")] },
    users: { markers: [userId, `${tag}@export.test`] },
    referrals: { markers: [new Date(paidAt).toISOString()] },
    feature_checks: { markers: [new Date(checkedAt).toISOString()] },
  };
}

describe("GET /api/v1/me/export", () => {
  it("has every row of the user in every user table, and none of another user's", async () => {
    const cookieA = await signUpAndLogIn("a@export.test");
    const cookieB = await signUpAndLogIn("b@export.test");
    const [a, b] = [await userIdOf("a@export.test"), await userIdOf("b@export.test")];
    const seededA = await seed(a, "a", b, Date.UTC(2026, 0, 1));
    const seededB = await seed(b, "b", a, Date.UTC(2026, 0, 2));

    // The seed covers every table with user rows in the migrated schema (platform and modules).
    expect(Object.keys(seededA).sort()).toEqual((await userTables(env.DB)).map((t) => t.table).sort());

    const response = await api("/me/export", { headers: { cookie: cookieA } });
    expect(response.status).toBe(200);
    const exported = await json(response);
    const text = JSON.stringify(exported);
    for (const [table, { markers }] of Object.entries(seededA)) for (const marker of markers) expect(text, `${table}: ${marker}`).toContain(marker);
    for (const [table, { markers }] of Object.entries(seededB)) {
      // Dates of B's referral appear in A's export as A's own side of it; the rest must not.
      if (table === "referrals") continue;
      for (const marker of markers) expect(text, `${table}: ${marker} of the other user`).not.toContain(marker);
    }
    expect(exported.feedback).toEqual([expect.objectContaining({ message: "marker-a-feedback" })]);
    expect(exported.knownDevices.map((d: { device: string }) => d.device)).toContain("marker-a-known_devices");
    expect(exported.billing.referralsMade).toEqual([{ referredAt: expect.any(String), firstPaidAt: "2026-01-01T00:00:00.000Z" }]);
    expect(exported.billing.referral).toEqual({ referredAt: expect.any(String), firstPaidAt: "2026-01-02T00:00:00.000Z" });
    // No secrets: token hashes, password hash, keys.
    expect(text).not.toContain("tok-a");
    expect(text).not.toMatch(/passwordHash|totpKey|googleRefreshToken/);
  });
});

/** A stand-in exporter writing `{ [key]: value }`, telling `calls` when it starts reading. */
const fakeExporter = (key: string, value: unknown, calls: string[] = []): Exporter => ({
  tables: [],
  async export() {
    calls.push(key);
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { [key]: value };
  },
});
const failingExporter: Exporter = {
  tables: [],
  export: async () => {
    throw new Error("D1 is down");
  },
};
const HEAD = { exportedAt: "2026-01-03T10:00:00.000Z" };
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** The text a stream gives until it ends, or the error that cut it with the text given before. */
async function readAll(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { text };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, error };
  }
}

describe("the export's body, streamed one exporter at a time (docs/decisions/0089)", () => {
  it("is exportedAt and then the exporters' object, key by key, as a JSON attachment that is not cached", async () => {
    const cookie = await signUpAndLogIn("c@export.test");
    await signUpAndLogIn("d@export.test");
    const [c, d] = [await userIdOf("c@export.test"), await userIdOf("d@export.test")];
    await seed(c, "c", d, Date.UTC(2026, 0, 3));

    const response = await api("/me/export", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="rumo-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const { exportedAt, ...exported } = JSON.parse(await response.text());
    expect(new Date(exportedAt).getTime()).toBeLessThanOrEqual(Date.now());
    const expected = JSON.parse(JSON.stringify(await exportUserData(database(env.DB), c, EXPORTERS)));
    expect(exported).toEqual(expected);
    expect(Object.keys(exported)).toEqual(Object.keys(expected));
  });

  it("runs the exporters one after another, never all at once", async () => {
    const running = new Set<string>();
    const overlaps: string[] = [];
    const spy = (key: string): Exporter => ({
      tables: [],
      async export() {
        if (running.size) overlaps.push(`${key} while ${[...running].join(", ")}`);
        running.add(key);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running.delete(key);
        return { [key]: key };
      },
    });
    expect(await exportUserData(database(env.DB), "u", [spy("first"), spy("second"), spy("third")])).toEqual({ first: "first", second: "second", third: "third" });
    expect(overlaps).toEqual([]);
  });

  it("reads a part only once the reader has taken the one before, so only one is held at a time", async () => {
    const calls: string[] = [];
    const exporters = [fakeExporter("first", 1, calls), fakeExporter("second", ["dois", { n: 2 }], calls), fakeExporter("third", { three: "três 💶" }, calls)];
    const stream = await streamUserData(database(env.DB), "u", exporters, HEAD, () => {});
    // The first part is read before answering (a failure there is still an error answer); the rest wait for the reader.
    await tick();
    expect(calls).toEqual(["first"]);
    const reader = stream.getReader();
    await reader.read();
    await tick();
    expect(calls.length).toBeLessThanOrEqual(2);
    reader.releaseLock();
    const { text, error } = await readAll(stream);
    expect(error).toBeUndefined();
    expect(calls).toEqual(["first", "second", "third"]);
    expect(JSON.parse(`{"exportedAt":"2026-01-03T10:00:00.000Z","first":1${text}`)).toEqual({ ...HEAD, first: 1, second: ["dois", { n: 2 }], third: { three: "três 💶" } });
  });

  it("writes what JSON.stringify would, leaving out keys whose value JSON has no word for", async () => {
    const data = { date: new Date(Date.UTC(2026, 0, 3)), missing: undefined, nothing: null, text: 'aspas " e \\ barra' };
    const stream = await streamUserData(database(env.DB), "u", [{ tables: [], export: async () => data }], HEAD, () => {});
    expect((await readAll(stream)).text).toBe(JSON.stringify({ ...HEAD, ...data }));
  });

  it("fails before answering when the first part fails, and cuts the body, never closed, when a later one does", async () => {
    await expect(streamUserData(database(env.DB), "u", [failingExporter, fakeExporter("ok", 1)], HEAD, () => {})).rejects.toThrow("D1 is down");

    const logged: unknown[] = [];
    const stream = await streamUserData(database(env.DB), "u", [fakeExporter("ok", 1), failingExporter, fakeExporter("after", 2)], HEAD, (error) => logged.push(error));
    const { text, error } = await readAll(stream);
    expect(error).toEqual(expect.objectContaining({ message: "D1 is down" }));
    expect(text).toBe('{"exportedAt":"2026-01-03T10:00:00.000Z","ok":1');
    expect(() => JSON.parse(text)).toThrow();
    expect(logged).toEqual([expect.objectContaining({ message: "D1 is down" })]);

    // Two exporters writing one key is a bug, not a silent overwrite, streamed or not.
    const twice = [fakeExporter("ok", 1), fakeExporter("ok", 2)];
    expect((await readAll(await streamUserData(database(env.DB), "u", twice, HEAD, () => {}))).error).toEqual(expect.objectContaining({ message: 'two exporters write "ok"' }));
    await expect(exportUserData(database(env.DB), "u", twice)).rejects.toThrow('two exporters write "ok"');
  });
});
