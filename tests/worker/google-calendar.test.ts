import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { findUserById } from "../../worker/db/accounts";
import { database } from "../../worker/db/client";
import { syncDeps } from "../../worker/modules/calendar/google/api";
import { googleCalendarSync } from "../../worker/modules/calendar/google/job";
import { syncUser } from "../../worker/modules/calendar/google/sync";
import { writeDraft } from "../../worker/modules/assistant/drafts";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { endTrial } from "./billing-helpers";
import { CALENDAR_SCOPE, connected, connectThroughConsent, control, eventsIn, google, googleEvents, googleSignIn, primary, revokedTokens, sync, timed } from "./google-calendar-helpers";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

describe("connecting Google Calendar", () => {
  it("uses the sign-in's token when it carries the calendar scope, and lists the calendars with the primary one shown", async () => {
    const { status } = await connected("gc-connect");
    expect(status.status).toBe("connected");
    expect(status.calendars.map((c: any) => [c.summary, c.primary, c.selected])).toEqual([
      ["gc-connect@gmail.test", true, true],
      ["Família", false, false],
    ]);
  });

  it("sends an e-mail account to Google for the calendar scope only (incremental), and stores the token sealed", async () => {
    const cookie = await signUpAndLogIn("gc-email@example.com");
    const answer = await json(await api("/calendar/google/connect", { method: "POST", headers: { cookie } }));
    expect(answer.authorizeUrl).toBe("/api/v1/calendar/google/authorize");
    expect(answer.connection).toBeNull();
    const start = await SELF.fetch(`${ORIGIN}${answer.authorizeUrl}`, { redirect: "manual", headers: { cookie } });
    const url = new URL(start.headers.get("location")!);
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("scope")).toBe(CALENDAR_SCOPE);
    expect(url.searchParams.get("include_granted_scopes")).toBe("true");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/api/v1/calendar/google/callback");
    const flow = start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const code = fakeAuthorizationCode({ sub: "gc-email" }, url.searchParams.get("code_challenge")!, CALENDAR_SCOPE);
    const callback = await SELF.fetch(`${ORIGIN}/api/v1/calendar/google/callback?code=${code}&state=${url.searchParams.get("state")}`, {
      redirect: "manual",
      headers: { cookie: `${cookie}; ${flow}` },
    });
    expect(callback.headers.get("location")).toBe("/app/perfil?tab=preferences&google=connected");
    const row = await env.DB.prepare("select c.refresh_token, c.status from google_calendar_connections c join users u on u.id = c.user_id where u.email = 'gc-email@example.com'").first<{ refresh_token: string; status: string }>();
    expect(row!.status).toBe("connected");
    expect(row!.refresh_token).not.toContain("fake-refresh");
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection.calendars).toHaveLength(2);
  });

  it("refuses a consent that left the calendar out, and a forged state", async () => {
    const cookie = await signUpAndLogIn("gc-noscope@example.com");
    const start = await SELF.fetch(`${ORIGIN}/api/v1/calendar/google/authorize`, { redirect: "manual", headers: { cookie } });
    const url = new URL(start.headers.get("location")!);
    const flow = start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const code = fakeAuthorizationCode({ sub: "gc-noscope" }, url.searchParams.get("code_challenge")!, "openid email");
    const refused = await SELF.fetch(`${ORIGIN}/api/v1/calendar/google/callback?code=${code}&state=${url.searchParams.get("state")}`, { redirect: "manual", headers: { cookie: `${cookie}; ${flow}` } });
    expect(refused.headers.get("location")).toBe("/app/perfil?tab=preferences&google=scope");
    const forged = await SELF.fetch(`${ORIGIN}/api/v1/calendar/google/callback?code=${code}&state=forged`, { redirect: "manual", headers: { cookie: `${cookie}; ${flow}` } });
    expect(forged.headers.get("location")).toBe("/app/perfil?tab=preferences&google=failed");
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection).toBeNull();
  });

  it("refuses the grant to a Free user, and does not save it when the trial ended mid-way (calendar sync is Light/Pro)", async () => {
    const cookie = await signUpAndLogIn("gc-free@example.com");
    const userId = (await env.DB.prepare("select id from users where email = 'gc-free@example.com'").first<{ id: string }>())!.id;
    const start = await SELF.fetch(`${ORIGIN}/api/v1/calendar/google/authorize`, { redirect: "manual", headers: { cookie } });
    const url = new URL(start.headers.get("location")!);
    const flow = start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    await endTrial(userId);
    expect((await SELF.fetch(`${ORIGIN}/api/v1/calendar/google/authorize`, { redirect: "manual", headers: { cookie } })).status).toBe(402);
    const code = fakeAuthorizationCode({ sub: "gc-free" }, url.searchParams.get("code_challenge")!, CALENDAR_SCOPE);
    const callbackUrl = `${ORIGIN}/api/v1/calendar/google/callback?code=${code}&state=${url.searchParams.get("state")}`;
    // HEAD too: Hono answers it with the GET handler, which would save the connection.
    for (const method of ["HEAD", "GET"]) expect((await SELF.fetch(callbackUrl, { method, redirect: "manual", headers: { cookie: `${cookie}; ${flow}` } })).status, method).toBe(402);
    expect(await env.DB.prepare("select count(*) as n from google_calendar_connections where user_id = ?").bind(userId).first("n")).toBe(0);
  });

  it("disconnects: sync stops, the events already brought stay, and Rumo's access is revoked at Google", async () => {
    const sub = "gc-disconnect";
    const { cookie, userId } = await connected(sub);
    await google(sub, "POST", primary(sub), { summary: "Fica", start: timed("2026-05-04T10:00:00+01:00"), end: timed("2026-05-04T11:00:00+01:00") });
    await sync(cookie);
    expect(await revokedTokens(sub)).toEqual([]);
    expect((await api("/calendar/google", { method: "DELETE", headers: { cookie } })).status).toBe(204);
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection).toBeNull();
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Fica"]);
    expect((await api("/calendar/google/sync", { method: "POST", headers: { cookie } })).status).toBe(404);
    // The grant (the calendar's token, which was the sign-in's) is revoked once, and no token is kept.
    expect(await revokedTokens(sub)).toEqual([`fake-refresh-${sub}`]);
    expect(await env.DB.prepare("select google_refresh_token from users where id = ?").bind(userId).first("google_refresh_token")).toBeNull();
    // Connecting again asks Google's consent for a new grant.
    await connectThroughConsent(cookie, sub);
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection.status).toBe("connected");
  });

  it("disconnects even when Google's revocation fails, and logs the failure without the token", async () => {
    const sub = "gc-disconnect-outage";
    const { cookie } = await connected(sub);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await fetch("https://oauth2.googleapis.com/__fake/revocations-fail", { method: "POST", body: JSON.stringify({ times: 1 }) });
      expect((await api("/calendar/google", { method: "DELETE", headers: { cookie } })).status).toBe(204);
      expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection).toBeNull();
      const logged = warnings.mock.calls.map((args) => String(args[0])).filter((line) => line.includes("google_revoke_failed"));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('"status":503');
      expect(logged.join("\n")).not.toContain("fake-refresh");
    } finally {
      warnings.mockRestore();
    }
  });
});

describe("initial import", () => {
  it("brings single, all-day and recurring events page by page, with EXDATE, changed and cancelled occurrences", async () => {
    const sub = "gc-initial";
    const { cookie } = await connected(sub);
    await google(sub, "POST", primary(sub), { summary: "Dentista", location: "Lisboa", start: timed("2026-03-10T15:00:00Z"), end: timed("2026-03-10T16:00:00Z") });
    await google(sub, "POST", primary(sub), { summary: "Feriado", start: { date: "2026-04-25" }, end: { date: "2026-04-26" }, transparency: "transparent" });
    const weekly = await google(sub, "POST", primary(sub), {
      summary: "Ioga",
      start: timed("2026-03-02T09:30:00+00:00"),
      end: timed("2026-03-02T10:30:00+00:00"),
      // 09:30 in Lisbon all year: summer time starts on 29 March.
      recurrence: ["RRULE:FREQ=WEEKLY;COUNT=6", "EXDATE;TZID=Europe/Lisbon:20260309T093000"],
    });
    // 30 March (summer time) moved to 18:00; 6 April cancelled.
    await google(sub, "PATCH", `${primary(sub)}/${weekly.id}_20260330T083000Z`, { summary: "Ioga (fim do dia)", start: timed("2026-03-30T18:00:00+01:00"), end: timed("2026-03-30T19:00:00+01:00") });
    await google(sub, "DELETE", `${primary(sub)}/${weekly.id}_20260406T083000Z`);
    await control("page-size", { size: 2 });
    try {
      const { result } = await sync(cookie);
      expect(result).toMatchObject({ status: "ok", created: 4, deleted: 1 });
    } finally {
      await control("page-size", { size: 250 });
    }
    const items = await eventsIn(cookie, "2026-03-01", "2026-04-30");
    expect(items.map((e) => [e.title, e.start, e.end, e.allDay])).toEqual([
      ["Ioga", "2026-03-02T09:30:00+00:00", "2026-03-02T10:30:00+00:00", false],
      ["Dentista", "2026-03-10T15:00:00+00:00", "2026-03-10T16:00:00+00:00", false],
      ["Ioga", "2026-03-16T09:30:00+00:00", "2026-03-16T10:30:00+00:00", false],
      ["Ioga", "2026-03-23T09:30:00+00:00", "2026-03-23T10:30:00+00:00", false],
      ["Ioga (fim do dia)", "2026-03-30T18:00:00+01:00", "2026-03-30T19:00:00+01:00", false],
      ["Feriado", "2026-04-25", "2026-04-26", true],
    ]);
    expect(items.find((e) => e.title === "Feriado")!.busy).toBe(false);
    expect(items.find((e) => e.title === "Dentista")!.location).toBe("Lisboa");
    const series = items.find((e) => e.title === "Ioga")!;
    const row = await json(await api(`/events/${series.id}`, { headers: { cookie } }));
    expect(row.event.exdates).toEqual(["2026-03-09T09:30:00+00:00", "2026-04-06T09:30:00+01:00"]);
    expect(row.event.rrule).toBe("FREQ=WEEKLY;COUNT=6");
    expect(row.event.uid).toBe(weekly.iCalUID);
  });

  it("shows a second calendar only once chosen, and hiding it removes its events here only", async () => {
    const sub = "gc-choose";
    const { cookie, status } = await connected(sub);
    const family = status.calendars.find((c: any) => !c.primary);
    await google(sub, "POST", `/calendars/${encodeURIComponent(`family-${sub}@group.calendar.test`)}/events`, { summary: "Jantar de família", start: { date: "2026-06-06" }, end: { date: "2026-06-07" } });
    await sync(cookie);
    expect(await eventsIn(cookie)).toEqual([]);
    expect((await api(`/calendar/google/calendars/${family.id}`, { method: "PATCH", body: { selected: true }, headers: { cookie } })).status).toBe(200);
    await sync(cookie);
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Jantar de família"]);
    await api(`/calendar/google/calendars/${family.id}`, { method: "PATCH", body: { selected: false }, headers: { cookie } });
    expect(await eventsIn(cookie)).toEqual([]);
    expect((await googleEvents(sub, `family-${sub}@group.calendar.test`)).map((e) => e.status)).toEqual(["confirmed"]);
  });

  /** A connected account with one Google event on the main calendar, synced, then renamed in Rumo (its push waiting). */
  async function renamedAfterSync(sub: string, title: string, day: string, renamed: string) {
    const { cookie, status } = await connected(sub);
    const main = status.calendars.find((c: any) => c.primary);
    const remote = await google(sub, "POST", primary(sub), { summary: title, start: timed(`${day}T10:00:00+01:00`), end: timed(`${day}T11:00:00+01:00`) });
    await sync(cookie);
    const [local] = await eventsIn(cookie);
    await api(`/events/${local.id}`, { method: "PATCH", headers: { cookie }, body: { title: renamed } });
    return { cookie, main, remote };
  }

  it("hiding a calendar sends the changes of its events still waiting first, so showing it again brings them back", async () => {
    const sub = "gc-hide-pending";
    const { cookie, main, remote } = await renamedAfterSync(sub, "Reunião", "2026-06-10", "Reunião (sala 3)");

    expect((await api(`/calendar/google/calendars/${main.id}`, { method: "PATCH", body: { selected: false }, headers: { cookie } })).status).toBe(200);
    expect((await googleEvents(sub)).find((e) => e.id === remote.id)!.summary).toBe("Reunião (sala 3)");
    expect(await eventsIn(cookie)).toEqual([]);
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection.pendingChanges).toBe(0);

    await api(`/calendar/google/calendars/${main.id}`, { method: "PATCH", body: { selected: true }, headers: { cookie } });
    await sync(cookie);
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Reunião (sala 3)"]);
  });

  it("refuses to hide a calendar while Google does not take its events' waiting changes, and loses nothing", async () => {
    const sub = "gc-hide-refused";
    const { cookie, main, remote } = await renamedAfterSync(sub, "Consulta", "2026-06-11", "Consulta (adiada)");

    await control("fail", { sub, status: 503, times: 1 });
    const refused = await api(`/calendar/google/calendars/${main.id}`, { method: "PATCH", body: { selected: false }, headers: { cookie } });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toMatch(/ainda não chegaram ao Google/);
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Consulta (adiada)"]);
    const after = (await json(await api("/calendar/google", { headers: { cookie } }))).connection;
    expect(after.calendars.find((c: any) => c.id === main.id).selected).toBe(true);
    expect(after.pendingChanges).toBe(1);
    expect((await googleEvents(sub)).find((e) => e.id === remote.id)!.summary).toBe("Consulta");
  });

  it("hiding the main calendar keeps the events created in Rumo (pushed there) and removes only those brought from Google", async () => {
    const sub = "gc-hide-own";
    const { cookie, status } = await connected(sub);
    const main = status.calendars.find((c: any) => c.primary);
    await google(sub, "POST", primary(sub), { summary: "Do Google", start: timed("2026-06-12T10:00:00+01:00"), end: timed("2026-06-12T11:00:00+01:00") });
    await api("/events", { headers: { cookie }, body: { title: "Criado no Rumo", start: "2026-06-13T10:00:00+01:00", end: "2026-06-13T11:00:00+01:00", rrule: "FREQ=DAILY;COUNT=2" } });
    expect((await sync(cookie)).result.pushed).toMatchObject({ pushed: 1, failed: 0 });
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Do Google", "Criado no Rumo", "Criado no Rumo"]);

    expect((await api(`/calendar/google/calendars/${main.id}`, { method: "PATCH", body: { selected: false }, headers: { cookie } })).status).toBe(200);
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Criado no Rumo", "Criado no Rumo"]);
    expect((await googleEvents(sub)).map((e) => e.summary).sort()).toEqual(["Criado no Rumo", "Do Google"]);
  });
});

describe("incremental sync", () => {
  it("from Google: only the changes since the sync token, deletions and cancelled occurrences mirrored", async () => {
    const sub = "gc-incremental";
    const { cookie } = await connected(sub);
    const a = await google(sub, "POST", primary(sub), { summary: "Reunião", start: timed("2026-05-05T10:00:00+01:00"), end: timed("2026-05-05T11:00:00+01:00") });
    const b = await google(sub, "POST", primary(sub), { summary: "Ginásio", start: timed("2026-05-06T18:00:00+01:00"), end: timed("2026-05-06T19:00:00+01:00") });
    const daily = await google(sub, "POST", primary(sub), { summary: "Caminhada", start: { date: "2026-05-10" }, end: { date: "2026-05-11" }, recurrence: ["RRULE:FREQ=DAILY;COUNT=3"] });
    await sync(cookie);
    await google(sub, "PATCH", `${primary(sub)}/${a.id}`, { summary: "Reunião de equipa" });
    await google(sub, "DELETE", `${primary(sub)}/${b.id}`);
    await google(sub, "DELETE", `${primary(sub)}/${daily.id}_20260511`);
    const { result } = await sync(cookie);
    expect(result).toMatchObject({ status: "ok", created: 0, updated: 1, deleted: 2, fullResyncs: 0 });
    expect((await eventsIn(cookie, "2026-05-01", "2026-05-31")).map((e) => [e.title, e.start])).toEqual([
      ["Reunião de equipa", "2026-05-05T10:00:00+01:00"],
      ["Caminhada", "2026-05-10"],
      ["Caminhada", "2026-05-12"],
    ]);
    // Nothing changed: nothing applied.
    expect((await sync(cookie)).result).toMatchObject({ created: 0, updated: 0, deleted: 0 });
  });

  it("to Google: create, change one occurrence, delete one occurrence, change and delete the series", async () => {
    const sub = "gc-push";
    const { cookie } = await connected(sub);
    const created = await json(
      await api("/events", {
        headers: { cookie },
        body: { title: "Aula", start: "2026-09-07T19:00:00+01:00", end: "2026-09-07T20:00:00+01:00", timeZone: "Europe/Lisbon", rrule: "FREQ=WEEKLY;COUNT=4", reminderMinutes: 15 },
      }),
    );
    const id = created.event.id;
    await api(`/events/${id}?occurrence=2026-09-14T19:00:00%2B01:00`, { method: "PATCH", headers: { cookie }, body: { title: "Aula (sala 2)" } });
    await api(`/events/${id}?occurrence=2026-09-21T19:00:00%2B01:00`, { method: "DELETE", headers: { cookie } });
    const single = (await json(await api("/events", { headers: { cookie }, body: { title: "Consulta", start: "2026-09-08T10:00:00+01:00", end: "2026-09-08T10:30:00+01:00" } }))).event;
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection.pendingChanges).toBe(2);

    const { result } = await sync(cookie);
    expect(result.pushed).toMatchObject({ pushed: 2, failed: 0 });
    let remote = await googleEvents(sub);
    const master = remote.find((e) => e.summary === "Aula")!;
    expect(master).toMatchObject({
      status: "confirmed",
      iCalUID: created.event.uid,
      start: { dateTime: "2026-09-07T19:00:00+01:00", timeZone: "Europe/Lisbon" },
      recurrence: ["RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE:20260921T180000Z"],
      reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 15 }] },
    });
    expect(remote.find((e) => e.summary === "Aula (sala 2)")).toMatchObject({ id: `${master.id}_20260914T180000Z`, recurringEventId: master.id });
    expect(remote.find((e) => e.summary === "Consulta")!.status).toBe("confirmed");
    // Our own pushes coming back in the next listing change nothing here.
    expect((await sync(cookie)).result).toMatchObject({ created: 0, updated: 0, deleted: 0 });

    await api(`/events/${id}`, { method: "PATCH", headers: { cookie }, body: { title: "Aula de dança" } });
    await api(`/events/${single.id}`, { method: "DELETE", headers: { cookie } });
    expect((await sync(cookie)).result.pushed).toMatchObject({ pushed: 1, deleted: 1 });
    remote = await googleEvents(sub);
    expect(remote.find((e) => e.id === master.id)!.summary).toBe("Aula de dança");
    expect(remote.find((e) => e.summary === "Consulta")!.status).toBe("cancelled");
    await api(`/events/${id}`, { method: "DELETE", headers: { cookie } });
    await sync(cookie);
    expect((await googleEvents(sub)).find((e) => e.id === master.id)!.status).toBe("cancelled");
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection.pendingChanges).toBe(0);
  });

  it("answers a 410 for an expired sync token with a full resync, not an error, and drops what Google no longer has", async () => {
    const sub = "gc-410";
    const { cookie } = await connected(sub);
    const kept = await google(sub, "POST", primary(sub), { summary: "Fica", start: timed("2026-07-01T09:00:00+01:00"), end: timed("2026-07-01T10:00:00+01:00") });
    const gone = await google(sub, "POST", primary(sub), { summary: "Sai", start: timed("2026-07-02T09:00:00+01:00"), end: timed("2026-07-02T10:00:00+01:00") });
    await sync(cookie);
    await google(sub, "PATCH", `${primary(sub)}/${kept.id}`, { summary: "Fica (mudou)" });
    await google(sub, "DELETE", `${primary(sub)}/${gone.id}`);
    await control("expire-sync-tokens");
    const { result, connection } = await sync(cookie);
    expect(result).toMatchObject({ status: "ok", fullResyncs: 1, updated: 1, deleted: 1 });
    expect(connection.lastError).toBeNull();
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Fica (mudou)"]);
  });
});

describe("failures and conflicts", () => {
  it("a revoked grant asks to reconnect, keeps local events and changes, and pushes them after reconnecting", async () => {
    const sub = "gc-revoked";
    const { cookie } = await connected(sub);
    await google(sub, "POST", primary(sub), { summary: "Do Google", start: timed("2026-08-01T09:00:00+01:00"), end: timed("2026-08-01T10:00:00+01:00") });
    await sync(cookie);
    await fetch("https://oauth2.googleapis.com/__fake/revoke", { method: "POST", body: JSON.stringify({ sub }) });
    try {
      await api("/events", { headers: { cookie }, body: { title: "Feito offline", start: "2026-08-02T09:00:00+01:00", end: "2026-08-02T10:00:00+01:00" } });
      const { result, connection } = await sync(cookie);
      expect(result.status).toBe("reconnect");
      expect(connection).toMatchObject({ status: "reconnect", pendingChanges: 1 });
      expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Do Google", "Feito offline"]);
    } finally {
      await fetch("https://oauth2.googleapis.com/__fake/restore", { method: "POST", body: JSON.stringify({ sub }) });
    }
    // Connecting again (the sign-in's token works again) clears the prompt; the queued change goes.
    expect((await json(await api("/calendar/google/connect", { method: "POST", headers: { cookie } }))).connection.status).toBe("connected");
    expect((await sync(cookie)).result.pushed.pushed).toBe(1);
    expect((await googleEvents(sub)).map((e) => e.summary)).toContain("Feito offline");
  });

  it("a 401 from the Calendar API itself also asks to reconnect", async () => {
    const sub = "gc-401";
    const { cookie } = await connected(sub);
    await control("fail", { sub, status: 401, times: 1 });
    const { result, connection } = await sync(cookie);
    expect(result.status).toBe("reconnect");
    expect(connection.status).toBe("reconnect");
  });

  it.each([403, 429, 500])("keeps a local change in the outbox when Google answers %i, backs off, and sends it later", async (status) => {
    const sub = `gc-retry-${status}`;
    const { cookie, userId } = await connected(sub);
    await sync(cookie);
    await api("/events", { headers: { cookie }, body: { title: "Não se perde", start: "2026-10-01T09:00:00+01:00", end: "2026-10-01T10:00:00+01:00" } });
    const user = (await findUserById(database(env.DB), userId))!;
    const now = Date.now();
    const deps = { ...syncDeps(env, user), now: () => new Date(now) };
    // The pull passes; the push's insert answers `status` (the engine takes its fetch as a parameter).
    const failing = { ...deps, fetch: (input: string, init?: RequestInit) => (init?.method === "POST" && input.includes("/events") ? Promise.resolve(Response.json({ error: { code: status, errors: [{ reason: "x" }] } }, { status })) : fetch(input, init)) };
    const first = await syncUser(failing);
    expect(first.pushed).toMatchObject({ pushed: 0, failed: 1 });
    const row = await env.DB.prepare("select attempts, next_attempt_at, last_error from google_outbox where user_id = ?").bind(userId).first<{ attempts: number; next_attempt_at: number; last_error: string }>();
    expect(row).toMatchObject({ attempts: 1, last_error: `google_${status}` });
    expect(row!.next_attempt_at).toBe(now + 60_000);
    // Before the backoff ends nothing is tried; after it, the change reaches Google.
    expect((await syncUser({ ...deps, now: () => new Date(now + 30_000) })).pushed.pushed).toBe(0);
    expect((await syncUser({ ...deps, now: () => new Date(now + 61_000) })).pushed.pushed).toBe(1);
    expect((await googleEvents(sub)).map((e) => e.summary)).toEqual(["Não se perde"]);
  });

  it("a Google outage during the pull backs the background sync off without losing anything", async () => {
    const sub = "gc-outage";
    const { cookie } = await connected(sub);
    await control("fail", { sub, status: 503, times: 1 });
    const { result, connection } = await sync(cookie);
    expect(result.status).toBe("retry");
    expect(connection).toMatchObject({ status: "connected", lastError: "google_503" });
    expect((await sync(cookie)).result.status).toBe("ok");
  });

  it("resolves a conflict by the later update time and keeps the losing version in the event's history", async () => {
    const sub = "gc-conflict";
    const { cookie } = await connected(sub);
    const remote = await google(sub, "POST", primary(sub), { summary: "Original", start: timed("2026-11-02T09:00:00Z"), end: timed("2026-11-02T10:00:00Z") });
    await sync(cookie);
    const [local] = await eventsIn(cookie);

    // Rumo changed first, Google later: Google's version wins.
    await api(`/events/${local.id}`, { method: "PATCH", headers: { cookie }, body: { title: "Mudado no Rumo" } });
    await new Promise((r) => setTimeout(r, 5));
    await google(sub, "PATCH", `${primary(sub)}/${remote.id}`, { summary: "Mudado no Google" });
    expect((await sync(cookie)).result).toMatchObject({ conflicts: 1, pushed: { pushed: 0 } });
    expect((await eventsIn(cookie))[0].title).toBe("Mudado no Google");
    let history = (await json(await api(`/calendar/google/events/${local.id}/history`, { headers: { cookie } }))).items;
    expect(history.map((h: any) => [h.source, h.snapshot.title])).toEqual([["rumo", "Mudado no Rumo"]]);

    // Google changed first, Rumo later: Rumo's version wins and goes to Google.
    await google(sub, "PATCH", `${primary(sub)}/${remote.id}`, { summary: "Google outra vez" });
    await new Promise((r) => setTimeout(r, 5));
    await api(`/events/${local.id}`, { method: "PATCH", headers: { cookie }, body: { title: "Rumo por último" } });
    expect((await sync(cookie)).result).toMatchObject({ conflicts: 1, pushed: { pushed: 1 } });
    expect((await eventsIn(cookie))[0].title).toBe("Rumo por último");
    expect((await googleEvents(sub)).find((e) => e.id === remote.id)!.summary).toBe("Rumo por último");
    history = (await json(await api(`/calendar/google/events/${local.id}/history`, { headers: { cookie } }))).items;
    expect(history.map((h: any) => [h.source, h.snapshot.summary ?? h.snapshot.title])).toEqual([
      ["google", "Google outra vez"],
      ["rumo", "Mudado no Rumo"],
    ]);
  });
});

describe("isolation and background sync", () => {
  it("one user's sync never touches another's events, calendars or history", async () => {
    const ana = await connected("gc-iso-ana");
    const rui = await connected("gc-iso-rui");
    await google("gc-iso-ana", "POST", primary("gc-iso-ana"), { summary: "Da Ana", start: timed("2026-06-01T09:00:00+01:00"), end: timed("2026-06-01T10:00:00+01:00") });
    await api("/events", { headers: { cookie: rui.cookie }, body: { title: "Do Rui", start: "2026-06-02T09:00:00+01:00", end: "2026-06-02T10:00:00+01:00" } });
    await sync(ana.cookie);
    await sync(rui.cookie);
    expect((await eventsIn(ana.cookie)).map((e) => e.title)).toEqual(["Da Ana"]);
    expect((await eventsIn(rui.cookie)).map((e) => e.title)).toEqual(["Do Rui"]);
    expect((await googleEvents("gc-iso-ana")).map((e) => e.summary)).toEqual(["Da Ana"]);
    expect((await googleEvents("gc-iso-rui")).map((e) => e.summary)).toEqual(["Do Rui"]);
    const anaCalendar = ana.status.calendars[0].id;
    expect((await api(`/calendar/google/calendars/${anaCalendar}`, { method: "PATCH", body: { selected: false }, headers: { cookie: rui.cookie } })).status).toBe(404);
    const anaEvent = (await eventsIn(ana.cookie))[0].id;
    // Another user's event is a 404, as for an id that does not exist (it was an empty 200: issue 20's isolation sweep).
    const history = await api(`/calendar/google/events/${anaEvent}/history`, { headers: { cookie: rui.cookie } });
    expect(history.status).toBe(404);
    expect(await json(history)).toEqual(await json(await api(`/calendar/google/events/${crypto.randomUUID()}/history`, { headers: { cookie: rui.cookie } })));
    expect((await eventsIn(ana.cookie)).map((e) => e.title)).toEqual(["Da Ana"]);
  });

  it("the quarter-hour job selects connected users (not those asked to reconnect) and syncs each", async () => {
    const sub = "gc-cron";
    const { userId, cookie } = await connected(sub);
    await google(sub, "POST", primary(sub), { summary: "Pelo cron", start: timed("2026-12-01T09:00:00Z"), end: timed("2026-12-01T10:00:00Z") });
    const selected: string[] = [];
    for (let afterId = ""; ; ) {
      const page = await googleCalendarSync.selectUsers(env, new Date(), { afterId, limit: 1000 }, undefined);
      selected.push(...page);
      if (page.length < 1000) break;
      afterId = page[page.length - 1];
    }
    expect(selected).toContain(userId);
    expect(await googleCalendarSync.perUser(env, userId, new Date(), undefined)).toBe(true);
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Pelo cron"]);
    await env.DB.prepare("update google_calendar_connections set status = 'reconnect' where user_id = ?").bind(userId).run();
    expect(await googleCalendarSync.selectUsers(env, new Date(), { afterId: "", limit: 1000 }, undefined)).not.toContain(userId);
  });

  it("a plan without calendar sync pauses it: the status says so, the job leaves the user out, and an upgrade resumes it (0079)", async () => {
    const sub = "gc-downgrade";
    const { userId, cookie, status } = await connected(sub);
    expect(status.paused).toBe(false);
    const selectedNow = async () => {
      const ids: string[] = [];
      for (let afterId = ""; ; ) {
        const page = await googleCalendarSync.selectUsers(env, new Date(), { afterId, limit: 1000 }, undefined);
        ids.push(...page);
        if (page.length < 1000) break;
        afterId = page[page.length - 1];
      }
      return ids;
    };
    expect(await selectedNow()).toContain(userId);

    // The trial ends on Free: the connection stays, but it is paused and no longer queued.
    await endTrial(userId);
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection).toMatchObject({ status: "connected", paused: true });
    expect(await selectedNow()).not.toContain(userId);
    await google(sub, "POST", primary(sub), { summary: "Depois do upgrade", start: timed("2026-12-02T09:00:00Z"), end: timed("2026-12-02T10:00:00Z") });
    expect(await googleCalendarSync.perUser(env, userId, new Date(), undefined)).toBe(false);

    // A Light subscription includes it again: the next quarter hour picks the user and syncs.
    await env.DB.prepare("insert into subscriptions (user_id, stripe_customer_id, tier, status, current_period_end) values (?, ?, 'light', 'active', ?)")
      .bind(userId, `cus_${sub}`, Date.now() + 30 * 86_400_000)
      .run();
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection).toMatchObject({ status: "connected", paused: false });
    expect(await selectedNow()).toContain(userId);
    expect(await googleCalendarSync.perUser(env, userId, new Date(), undefined)).toBe(true);
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Depois do upgrade"]);
    // A subscription Stripe no longer keeps live (canceled) is Free again.
    await env.DB.prepare("update subscriptions set status = 'canceled' where user_id = ?").bind(userId).run();
    expect(await selectedNow()).not.toContain(userId);
  });

  it("exports the sync's rows without the refresh token", async () => {
    const { cookie } = await connected("gc-export");
    const exported = await json(await api("/me/export", { headers: { cookie } }));
    const text = JSON.stringify(exported);
    expect(text).toContain("googleCalendars");
    expect(text).not.toContain("refresh");
    expect(text).not.toMatch(/refreshToken|refresh_token/);
  });
});

describe("events already here under the same UID", () => {
  const rowsOf = async (userId: string) => (await env.DB.prepare("select count(*) as n from events where user_id = ?").bind(userId).first<{ n: number }>())!.n;
  const importIcs = (cookie: string, body: string) =>
    SELF.fetch(`${ORIGIN}/api/v1/events/import`, { method: "POST", headers: { origin: ORIGIN, cookie, "content-type": "text/calendar" }, body });

  it("disconnecting and connecting again links the events already brought instead of bringing them twice", async () => {
    const sub = "gc-reconnect-twice";
    const { cookie, userId } = await connected(sub);
    await google(sub, "POST", primary(sub), { summary: "Dentista", start: timed("2026-05-04T10:00:00+01:00"), end: timed("2026-05-04T11:00:00+01:00") });
    const weekly = await google(sub, "POST", primary(sub), { summary: "Ioga", start: timed("2026-05-05T09:00:00+01:00"), end: timed("2026-05-05T10:00:00+01:00"), recurrence: ["RRULE:FREQ=WEEKLY;COUNT=3"] });
    await google(sub, "PATCH", `${primary(sub)}/${weekly.id}_20260512T080000Z`, { summary: "Ioga (sala 2)" });
    await sync(cookie);
    const before = (await eventsIn(cookie, "2026-05-01", "2026-05-31")).map((e) => [e.title, e.start]);
    expect(before).toHaveLength(4);
    expect(await rowsOf(userId)).toBe(3);

    expect((await api("/calendar/google", { method: "DELETE", headers: { cookie } })).status).toBe(204);
    await connectThroughConsent(cookie, sub);
    expect((await sync(cookie)).result.status).toBe("ok");
    expect((await eventsIn(cookie, "2026-05-01", "2026-05-31")).map((e) => [e.title, e.start])).toEqual(before);
    expect(await rowsOf(userId)).toBe(3);
    // Linked again: a change at Google reaches the same row, and nothing new is pushed back.
    await google(sub, "PATCH", `${primary(sub)}/${weekly.id}`, { summary: "Ioga matinal" });
    expect((await sync(cookie)).result).toMatchObject({ created: 0, updated: 1 });
    expect((await eventsIn(cookie, "2026-05-01", "2026-05-31")).map((e) => e.title)).toEqual(["Dentista", "Ioga matinal", "Ioga (sala 2)", "Ioga matinal"]);
    expect((await googleEvents(sub)).filter((e) => !e.recurringEventId)).toHaveLength(2);
  });

  it("an event imported from a Google .ics export is linked when Google lists it, not brought a second time", async () => {
    const sub = "gc-ics-then-connect";
    const cookie = await googleSignIn(sub);
    const userId = (await json(await api("/me", { headers: { cookie } }))).user.id as string;
    await google(sub, "POST", primary(sub), { summary: "Jantar", iCalUID: "jantar-123@google.com", start: timed("2026-06-10T20:00:00+01:00"), end: timed("2026-06-10T22:00:00+01:00") });
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
      "BEGIN:VEVENT",
      "UID:jantar-123@google.com",
      "DTSTART:20260610T190000Z",
      "DTEND:20260610T210000Z",
      "SUMMARY:Jantar",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    expect(await json(await importIcs(cookie, ics))).toMatchObject({ imported: 1 });
    expect((await api("/calendar/google/connect", { method: "POST", headers: { cookie } })).status).toBe(200);
    expect((await sync(cookie)).result).toMatchObject({ status: "ok", created: 0 });
    expect((await eventsIn(cookie)).map((e) => e.title)).toEqual(["Jantar"]);
    expect(await rowsOf(userId)).toBe(1);
    expect((await googleEvents(sub)).map((e) => e.summary)).toEqual(["Jantar"]);
  });

  it("an occurrence deleted at Google stays deleted after the series is edited there", async () => {
    const sub = "gc-exdate-kept";
    const { cookie } = await connected(sub);
    const weekly = await google(sub, "POST", primary(sub), { summary: "Natação", start: timed("2026-05-04T18:00:00+01:00"), end: timed("2026-05-04T19:00:00+01:00"), recurrence: ["RRULE:FREQ=WEEKLY;COUNT=4"] });
    await sync(cookie);
    await google(sub, "DELETE", `${primary(sub)}/${weekly.id}_20260511T170000Z`);
    await sync(cookie);
    const starts = ["2026-05-04T18:00:00+01:00", "2026-05-18T18:00:00+01:00", "2026-05-25T18:00:00+01:00"];
    expect((await eventsIn(cookie, "2026-05-01", "2026-05-31")).map((e) => e.start)).toEqual(starts);
    // Google's master still has no EXDATE line for it: the deletion is the cancelled instance.
    await google(sub, "PATCH", `${primary(sub)}/${weekly.id}`, { summary: "Natação livre" });
    expect((await sync(cookie)).result).toMatchObject({ updated: 1 });
    const items = await eventsIn(cookie, "2026-05-01", "2026-05-31");
    expect(items.map((e) => [e.title, e.start])).toEqual(starts.map((s) => ["Natação livre", s]));
  });
});

describe("every write reaches Google", () => {
  it("an .ics import and an event the assistant creates are pushed, like the events API's writes", async () => {
    const sub = "gc-import-push";
    const { cookie, userId } = await connected(sub);
    await sync(cookie);
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Teste//PT",
      "BEGIN:VEVENT",
      "UID:aula-9@example.com",
      "DTSTART;TZID=Europe/Lisbon:20260907T190000",
      "DTEND;TZID=Europe/Lisbon:20260907T200000",
      "RRULE:FREQ=WEEKLY;COUNT=3",
      "SUMMARY:Aula",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:aula-9@example.com",
      "RECURRENCE-ID;TZID=Europe/Lisbon:20260914T190000",
      "DTSTART;TZID=Europe/Lisbon:20260914T200000",
      "DTEND;TZID=Europe/Lisbon:20260914T210000",
      "SUMMARY:Aula (mais tarde)",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const imported = await SELF.fetch(`${ORIGIN}/api/v1/events/import`, { method: "POST", headers: { origin: ORIGIN, cookie, "content-type": "text/calendar" }, body: ics });
    expect(await json(imported)).toMatchObject({ imported: 2 });
    const user = (await findUserById(database(env.DB), userId))!;
    const fields = { title: "Pelo assistente", description: "", location: "", start: "2026-09-10T10:00:00+01:00", end: "2026-09-10T11:00:00+01:00", allDay: false, timeZone: "Europe/Lisbon", rrule: null, exdates: [], reminderMinutes: null, busy: true };
    await writeDraft({ env, db: database(env.DB), user, entitlements: [] }, { type: "event" }, fields, new Date());
    expect((await json(await api("/calendar/google", { headers: { cookie } }))).connection.pendingChanges).toBe(2);

    expect((await sync(cookie)).result.pushed).toMatchObject({ pushed: 2, failed: 0 });
    const remote = await googleEvents(sub);
    const master = remote.find((e) => e.summary === "Aula")!;
    expect(master).toMatchObject({ iCalUID: "aula-9@example.com", recurrence: ["RRULE:FREQ=WEEKLY;COUNT=3"] });
    expect(remote.find((e) => e.summary === "Aula (mais tarde)")).toMatchObject({ id: `${master.id}_20260914T180000Z`, recurringEventId: master.id });
    expect(remote.find((e) => e.summary === "Pelo assistente")!.status).toBe("confirmed");
    // Their own pushes coming back change nothing here.
    expect((await sync(cookie)).result).toMatchObject({ created: 0, updated: 0, deleted: 0 });
  });
});
