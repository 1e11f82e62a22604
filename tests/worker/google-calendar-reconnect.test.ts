/**
 * Changes made while Google Calendar sync was off (disconnected, or paused by the plan) are not lost
 * when it comes back: per event the later change wins, Rumo's going to Google (docs/decisions/0092).
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { NIGHTLY, runSchedule } from "../../worker/cron/registry";
import { googleCalendarSync } from "../../worker/modules/calendar/google/job";
import { endTrial } from "./billing-helpers";
import { CALENDAR_SCOPE, connected, connectThroughConsent, control, eventsIn, google, googleEvents, primary, sync, timed } from "./google-calendar-helpers";
import { api, json, ORIGIN } from "./helpers";

/** Google's `updated` and Rumo's change times are compared: make the order of two changes certain. */
const later = () => new Promise((r) => setTimeout(r, 20));

const patchEvent = (cookie: string, id: string, body: unknown) => api(`/events/${id}`, { method: "PATCH", headers: { cookie }, body });
const deleteEvent = (cookie: string, id: string) => api(`/events/${id}`, { method: "DELETE", headers: { cookie } });
const disconnect = async (cookie: string) => expect((await api("/calendar/google", { method: "DELETE", headers: { cookie } })).status).toBe(204);
/** The disconnect revoked Rumo's access at Google: connecting again goes through Google's consent. */
const connectAgain = async (cookie: string, sub: string) => {
  await connectThroughConsent(cookie, sub);
  expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection.status).toBe("connected");
};
/** Connects a different Google account (`sub`) than the one the user had. */
async function connectOtherAccount(cookie: string, sub: string) {
  const start = await SELF.fetch(`${ORIGIN}/api/v1/calendar/google/authorize`, { redirect: "manual", headers: { cookie } });
  const url = new URL(start.headers.get("location")!);
  const flow = start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const code = fakeAuthorizationCode({ sub }, url.searchParams.get("code_challenge")!, CALENDAR_SCOPE);
  const callback = await SELF.fetch(`${ORIGIN}/api/v1/calendar/google/callback?code=${code}&state=${url.searchParams.get("state")}`, { redirect: "manual", headers: { cookie: `${cookie}; ${flow}` } });
  expect(callback.headers.get("location")).toBe("/app/perfil?tab=preferences&google=connected");
}
const historyOf = async (cookie: string, id: string) =>
  ((await json(await api(`/calendar/google/events/${id}/history`, { headers: { cookie } }))).items as any[]).map((h) => [h.source, h.snapshot.summary ?? h.snapshot.title]);
const titleAtGoogle = async (sub: string, id: string) => (await googleEvents(sub)).find((e) => e.id === id)!;

/** A connected account with single events at Google (one a day from 1 June), synced here. */
async function synced(sub: string, titles: string[]) {
  const account = await connected(sub);
  const remote: Record<string, any>[] = [];
  for (const [i, summary] of titles.entries()) {
    const day = `2026-06-${String(i + 1).padStart(2, "0")}`;
    remote.push(await google(sub, "POST", primary(sub), { summary, start: timed(`${day}T10:00:00+01:00`), end: timed(`${day}T11:00:00+01:00`) }));
  }
  await sync(account.cookie);
  const local = await eventsIn(account.cookie);
  expect(local.map((e) => e.title)).toEqual(titles);
  return { ...account, remote, local };
}

describe("disconnecting and connecting again", () => {
  it("a change made here while disconnected survives connecting again and goes to Google", async () => {
    const sub = "gcr-local";
    const { cookie, remote, local, status } = await synced(sub, ["Reunião"]);
    await disconnect(cookie);
    await later();
    expect((await patchEvent(cookie, local[0].id, { title: "Reunião (sala 3)" })).status).toBe(200);
    // Kept for the next connection, but neither shown nor chosen while disconnected.
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection).toBeNull();
    expect((await api(`/calendar/google/calendars/${status.calendars[0].id}`, { method: "PATCH", body: { selected: false }, headers: { cookie } })).status).toBe(404);

    await connectAgain(cookie, sub);
    const { result } = await sync(cookie);
    expect(result).toMatchObject({ status: "ok", updated: 0, conflicts: 0, pushed: { pushed: 1, failed: 0 } });
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Reunião (sala 3)"]);
    expect((await titleAtGoogle(sub, remote[0].id)).summary).toBe("Reunião (sala 3)");
    // Settled: the next sync changes nothing on either side.
    expect((await sync(cookie)).result).toMatchObject({ created: 0, updated: 0, deleted: 0, pushed: { pushed: 0 } });
  });

  it("a change still waiting for Google when disconnecting is not dropped", async () => {
    const sub = "gcr-waiting";
    const { cookie, remote, local } = await synced(sub, ["Consulta"]);
    await later();
    await patchEvent(cookie, local[0].id, { title: "Consulta (adiada)" });
    await disconnect(cookie);

    await connectAgain(cookie, sub);
    expect((await sync(cookie)).result).toMatchObject({ status: "ok", updated: 0, pushed: { pushed: 1 } });
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Consulta (adiada)"]);
    expect((await titleAtGoogle(sub, remote[0].id)).summary).toBe("Consulta (adiada)");
  });

  it("a change made only at Google while disconnected is brought here, and nothing is pushed", async () => {
    const sub = "gcr-google";
    const { cookie, remote } = await synced(sub, ["Dentista"]);
    await disconnect(cookie);
    await google(sub, "PATCH", `${primary(sub)}/${remote[0].id}`, { summary: "Dentista (adiado)" });

    await connectAgain(cookie, sub);
    expect((await sync(cookie)).result).toMatchObject({ status: "ok", updated: 1, conflicts: 0, pushed: { pushed: 0 } });
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Dentista (adiado)"]);
  });

  it("changed on both sides: the later change wins and the other version is kept in the event's history", async () => {
    const sub = "gcr-both";
    const { cookie, remote, local } = await synced(sub, ["Primeiro", "Segundo"]);
    await disconnect(cookie);
    // "Primeiro": Rumo first, Google later. "Segundo": Google first, Rumo later.
    await patchEvent(cookie, local[0].id, { title: "Primeiro no Rumo" });
    await google(sub, "PATCH", `${primary(sub)}/${remote[1].id}`, { summary: "Segundo no Google" });
    await later();
    await google(sub, "PATCH", `${primary(sub)}/${remote[0].id}`, { summary: "Primeiro no Google" });
    await patchEvent(cookie, local[1].id, { title: "Segundo no Rumo" });

    await connectAgain(cookie, sub);
    expect((await sync(cookie)).result).toMatchObject({ status: "ok", conflicts: 2, updated: 1, pushed: { pushed: 1 } });
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Primeiro no Google", "Segundo no Rumo"]);
    expect((await titleAtGoogle(sub, remote[0].id)).summary).toBe("Primeiro no Google");
    expect((await titleAtGoogle(sub, remote[1].id)).summary).toBe("Segundo no Rumo");
    expect(await historyOf(cookie, local[0].id)).toEqual([["rumo", "Primeiro no Rumo"]]);
    expect(await historyOf(cookie, local[1].id)).toEqual([["google", "Segundo no Google"]]);
  });

  it("an event deleted here while disconnected is deleted at Google, unless Google changed it after", async () => {
    const sub = "gcr-deleted";
    const { cookie, remote, local } = await synced(sub, ["Apagado", "Mudado depois"]);
    await disconnect(cookie);
    expect((await deleteEvent(cookie, local[0].id)).status).toBe(204);
    expect((await deleteEvent(cookie, local[1].id)).status).toBe(204);
    await later();
    await google(sub, "PATCH", `${primary(sub)}/${remote[1].id}`, { summary: "Mudado depois no Google" });

    await connectAgain(cookie, sub);
    expect((await sync(cookie)).result).toMatchObject({ status: "ok", created: 1, conflicts: 1, pushed: { deleted: 1 } });
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Mudado depois no Google"]);
    expect((await titleAtGoogle(sub, remote[0].id)).status).toBe("cancelled");
    expect((await titleAtGoogle(sub, remote[1].id)).status).toBe("confirmed");
    expect((await sync(cookie)).result).toMatchObject({ created: 0, updated: 0, deleted: 0, pushed: { pushed: 0, deleted: 0 } });
  });

  it("an event created and an occurrence changed here while disconnected reach Google", async () => {
    const sub = "gcr-created";
    const { cookie } = await connected(sub);
    const weekly = await google(sub, "POST", primary(sub), { summary: "Ioga", start: timed("2026-05-05T09:00:00+01:00"), end: timed("2026-05-05T10:00:00+01:00"), recurrence: ["RRULE:FREQ=WEEKLY;COUNT=3"] });
    await sync(cookie);
    const [series] = await eventsIn(cookie, "2026-05-01", "2026-05-31");
    await disconnect(cookie);
    await api("/events", { headers: { cookie }, body: { title: "Feito desligado", start: "2026-05-20T09:00:00+01:00", end: "2026-05-20T10:00:00+01:00" } });
    await patchEvent(cookie, `${series.id}?occurrence=2026-05-12T09:00:00%2B01:00`, { title: "Ioga (sala 2)" });

    await connectAgain(cookie, sub);
    expect((await sync(cookie)).result).toMatchObject({ status: "ok", pushed: { pushed: 2, failed: 0 } });
    const remote = await googleEvents(sub);
    expect(remote.find((e) => e.summary === "Feito desligado")!.status).toBe("confirmed");
    expect(remote.find((e) => e.summary === "Ioga (sala 2)")).toMatchObject({ id: `${weekly.id}_20260512T080000Z`, recurringEventId: weekly.id });
    expect((await eventsIn(cookie, "2026-05-01", "2026-05-31")).map((e) => e.title)).toEqual(["Ioga", "Ioga (sala 2)", "Ioga", "Feito desligado"]);
  });

  it("connecting another Google account afterwards forgets the first one's calendars and syncs", async () => {
    const sub = "gcr-first";
    const { cookie, userId } = await synced(sub, ["Da primeira conta"]);
    await disconnect(cookie);
    await connectOtherAccount(cookie, "gcr-second");

    const { result, connection } = await sync(cookie);
    expect(result.status).toBe("ok");
    expect(connection.calendars.map((c: any) => c.summary)).toEqual(["gcr-second@gmail.test", "Família"]);
    expect(await env.DB.prepare("select count(*) as n from google_event_links where user_id = ?").bind(userId).first("n")).toBe(0);
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Da primeira conta"]);
  });

  it("after connecting another account, changes made to the first one's events stay here and go to neither account", async () => {
    const { cookie, userId, remote, local } = await synced("gcr-left", ["Editada aqui", "Apagada aqui"]);
    await disconnect(cookie);
    await later();
    expect((await patchEvent(cookie, local[0].id, { title: "Editada aqui (nova sala)" })).status).toBe(200);
    expect((await deleteEvent(cookie, local[1].id)).status).toBe(204);
    await connectOtherAccount(cookie, "gcr-joined");

    const { result } = await sync(cookie);
    expect(result).toMatchObject({ status: "ok", pushed: { pushed: 0, deleted: 0, failed: 0 } });
    expect(await env.DB.prepare("select count(*) as n from google_outbox where user_id = ?").bind(userId).first("n")).toBe(0);
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Editada aqui (nova sala)"]);
    // Not inserted into the new account's calendar, and the first account's copies are as they were.
    expect((await googleEvents("gcr-joined")).map((e) => e.summary)).toEqual([]);
    expect((await googleEvents("gcr-left")).map((e) => e.summary).sort()).toEqual(remote.map((e) => e.summary).sort());
  });

  it("another user's disconnect or changes leave this user's sync alone", async () => {
    const ana = await synced("gcr-iso-ana", ["Da Ana"]);
    const rui = await synced("gcr-iso-rui", ["Do Rui"]);
    await disconnect(rui.cookie);
    await patchEvent(rui.cookie, rui.local[0].id, { title: "Do Rui (desligado)" });
    expect((await json(await api("/calendar/google", { headers: { cookie: ana.cookie } }))).connection).toMatchObject({ status: "connected", pendingChanges: 0 });
    await patchEvent(ana.cookie, ana.local[0].id, { title: "Da Ana (mudou)" });
    expect((await sync(ana.cookie)).result).toMatchObject({ status: "ok", pushed: { pushed: 1 } });
    expect((await googleEvents("gcr-iso-ana")).map((e) => e.summary)).toEqual(["Da Ana (mudou)"]);
    expect((await googleEvents("gcr-iso-rui")).map((e) => e.summary)).toEqual(["Do Rui"]);
    const rows = await env.DB.prepare("select user_id, count(*) as n from google_outbox where user_id in (?, ?) group by user_id").bind(ana.userId, rui.userId).all<{ user_id: string; n: number }>();
    expect(rows.results).toEqual([{ user_id: rui.userId, n: 1 }]);
  });
});

describe("the kept memory after a disconnect", () => {
  const DAY = 86_400_000;
  const kept = async (userId: string) => {
    const count = async (table: string) => (await env.DB.prepare(`select count(*) as n from ${table} where user_id = ?`).bind(userId).first<number>("n"))!;
    return { calendars: await count("google_calendars"), links: await count("google_event_links"), outbox: await count("google_outbox") };
  };
  /** The user's calendars as if disconnected `days` ago. */
  const disconnectedDaysAgo = (userId: string, days: number, now: number) =>
    env.DB.prepare("update google_calendars set disconnected_at = ? where user_id = ?").bind(now - days * DAY, userId).run();

  it("is forgotten by the nightly cleanup 30 days after the disconnect, and kept before, or while connected", async () => {
    const old = await synced("gcr-forget-old", ["Antigo"]);
    const recent = await synced("gcr-forget-recent", ["Recente"]);
    const still = await synced("gcr-forget-connected", ["Ligado"]);
    for (const account of [old, recent]) {
      await disconnect(account.cookie);
      await patchEvent(account.cookie, account.local[0].id, { title: "Mudado desligado" });
    }
    const now = Date.now();
    // The disconnect marks the kept calendars with its time; a connected account's have none.
    const marks = await env.DB.prepare("select user_id, disconnected_at from google_calendars where user_id in (?, ?, ?)").bind(old.userId, recent.userId, still.userId).all<{ user_id: string; disconnected_at: number | null }>();
    for (const row of marks.results) {
      if (row.user_id === still.userId) expect(row.disconnected_at).toBeNull();
      else expect(row.disconnected_at).toBeGreaterThan(now - 60_000);
    }
    await disconnectedDaysAgo(old.userId, 31, now);
    await disconnectedDaysAgo(recent.userId, 29, now);
    await disconnectedDaysAgo(still.userId, 31, now); // a stale mark of a connected account counts for nothing
    expect(await kept(old.userId)).toEqual({ calendars: 2, links: 1, outbox: 1 });

    await runSchedule(NIGHTLY, env, new Date(now), { inline: true });
    expect(await kept(old.userId)).toEqual({ calendars: 0, links: 0, outbox: 0 });
    expect(await kept(recent.userId)).toEqual({ calendars: 2, links: 1, outbox: 1 });
    expect(await kept(still.userId)).toEqual({ calendars: 2, links: 1, outbox: 0 });
    // The events stay, as plain Rumo events; connecting again is then a first connection (matched by UID).
    expect((await eventsIn(old.cookie)).map((e) => e.title)).toEqual(["Mudado desligado"]);
    await connectAgain(old.cookie, "gcr-forget-old");
    expect((await sync(old.cookie)).result).toMatchObject({ status: "ok" });
    expect((await eventsIn(old.cookie)).map((e) => e.title)).toHaveLength(1);
  });
});

describe("paused by the plan, then resumed (0079)", () => {
  const resume = async (userId: string, sub: string) => {
    await env.DB.prepare("insert into subscriptions (user_id, stripe_customer_id, tier, status, current_period_end) values (?, ?, 'light', 'active', ?)")
      .bind(userId, `cus_${sub}`, Date.now() + 30 * 86_400_000)
      .run();
    expect(await googleCalendarSync.perUser(env, userId, new Date(), undefined)).toBe(true);
  };

  it.each([
    ["with its sync token", false],
    ["after the sync token expired (full listing)", true],
  ])("changes made on either side while paused are merged on resume, %s", async (_, expired) => {
    const sub = `gcr-paused-${expired ? "410" : "token"}`;
    const titles = ["Só aqui", "Só no Google", "Rumo por último", "Google por último", "Apagado aqui"];
    const { cookie, userId, remote, local } = await synced(sub, titles);
    await endTrial(userId);
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection).toMatchObject({ paused: true });

    await patchEvent(cookie, local[0].id, { title: "Só aqui (mudou)" });
    await google(sub, "PATCH", `${primary(sub)}/${remote[1].id}`, { summary: "Só no Google (mudou)" });
    await patchEvent(cookie, local[3].id, { title: "Google por último (Rumo)" });
    await google(sub, "PATCH", `${primary(sub)}/${remote[2].id}`, { summary: "Rumo por último (Google)" });
    await deleteEvent(cookie, local[4].id);
    await later();
    await patchEvent(cookie, local[2].id, { title: "Rumo por último (Rumo)" });
    await google(sub, "PATCH", `${primary(sub)}/${remote[3].id}`, { summary: "Google por último (Google)" });
    if (expired) await control("expire-sync-tokens");

    await resume(userId, sub);
    const expected = ["Só aqui (mudou)", "Só no Google (mudou)", "Rumo por último (Rumo)", "Google por último (Google)"];
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(expected);
    const atGoogle = await googleEvents(sub);
    expect(remote.map((r) => atGoogle.find((e) => e.id === r.id)!).map((e) => (e.status === "cancelled" ? "cancelled" : e.summary))).toEqual([...expected, "cancelled"]);
    expect(await historyOf(cookie, local[2].id)).toEqual([["google", "Rumo por último (Google)"]]);
    expect(await historyOf(cookie, local[3].id)).toEqual([["rumo", "Google por último (Rumo)"]]);
    // Settled.
    expect((await sync(cookie)).result).toMatchObject({ created: 0, updated: 0, deleted: 0, conflicts: 0, pushed: { pushed: 0, deleted: 0 } });
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(expected);
  });
});
