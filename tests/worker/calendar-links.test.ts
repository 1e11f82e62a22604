import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "../../worker/auth/middleware";
import { database } from "../../worker/db/client";
import { newId } from "../../worker/lib/ids";
import { userTimeline } from "../../worker/modules/timeline";
import { resized } from "../../app/modules/calendar/layout";
import { taskChange } from "../../app/modules/calendar/task-change";
import { me } from "./billing-helpers";
import { countingD1, type D1Call } from "./counting-bindings";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

// Links into the calendar (the timeline's, the search's) open on the day the user sees the event
// on, in the user's zone, not the date the event is written with in its own zone.

type CalendarData = { date: string; from: string; to: string; events: { id: string; title: string }[]; others: { title: string }[] };
const CALENDAR = "../../app/modules/calendar/routes/calendar.tsx";

/** Runs the calendar screen's loader at `path` as React Router would, counting its D1 round trips. */
async function openCalendar(cookie: string, path: string) {
  const module = (await import(CALENDAR)) as { loader: (args: unknown) => Promise<CalendarData> };
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie } });
  const auth = await authenticate(env, request);
  if (!auth) throw new Error("no session");
  const calls: D1Call[] = [];
  const ctx = createExecutionContext();
  const context = { cloudflare: { env: { ...env, DB: countingD1(env.DB, calls) }, ctx }, auth, lang: "pt", cspNonce: "test", requestId: "test", fetchApi: () => Promise.reject(new Error("no API in this test")) };
  const data = await module.loader({ request, params: {}, context });
  await waitOnExecutionContext(ctx);
  return { data, roundTrips: calls.length, calls };
}

const create = async (cookie: string, path: string, body: Record<string, unknown>) => {
  const response = await api(path, { body, headers: { cookie } });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return json(response);
};

let lia: string;
let liaId: string;
let other: string;

beforeAll(async () => {
  lia = await signUpAndLogIn(`calendar-links-${Date.now()}@example.com`);
  other = await signUpAndLogIn(`calendar-links-other-${Date.now()}@example.com`);
  for (const cookie of [lia, other]) await api("/me/onboarding", { method: "POST", headers: { cookie }, body: { fullName: "Lia", language: "pt", timeZone: "Europe/Lisbon", firstModules: [] } });
  liaId = (await me(lia)).user.id;
}, 60_000);

describe("links to an event written in another zone", () => {
  it("the timeline links to the day in the user's zone", async () => {
    // Sunday 29 November 2026, 21:00 in New York: Monday 30 November, 02:00 in Lisbon.
    const { event } = await create(lia, "/events", { title: "Voo de Nova Iorque", start: "2026-11-29T21:00:00-05:00", end: "2026-11-29T23:00:00-05:00", timeZone: "America/New_York" });
    const items = await userTimeline(database(env.DB), liaId, { from: new Date("2026-11-30T00:00:00Z"), to: new Date("2026-12-01T00:00:00Z"), timeZone: "Europe/Lisbon" });
    expect(items.find((i) => i.id === event.id)?.url).toBe(`/app/calendario?date=2026-11-30&event=${event.id}`);
  });

  it("a search result opens the calendar on the event's day in the user's zone, from one D1 round trip", async () => {
    const cookie = await signUpAndLogIn(`calendar-links-search-${Date.now()}@example.com`);
    await api("/me/onboarding", { method: "POST", headers: { cookie }, body: { fullName: "Rui", language: "pt", timeZone: "Europe/Lisbon", firstModules: [] } });
    const { event } = await create(cookie, "/events", { title: "Voo noturno", start: "2026-11-29T21:00:00-05:00", end: "2026-11-29T23:00:00-05:00", timeZone: "America/New_York" });
    await create(cookie, "/events", { title: "Na semana antes", start: "2026-11-27T10:00:00Z", end: "2026-11-27T11:00:00Z" });
    await create(cookie, "/events", { title: "Na mesma semana", start: "2026-12-02T10:00:00Z", end: "2026-12-02T11:00:00Z" });
    await create(cookie, "/tasks", { title: "Tarefa da semana", scheduledStart: "2026-12-01T10:00:00Z", durationMinutes: 30 });
    await create(cookie, "/tasks", { title: "Tarefa da semana antes", scheduledStart: "2026-11-25T10:00:00Z", durationMinutes: 30 });

    const found = await json(await api("/search?q=noturno&type=event", { headers: { cookie } }));
    const url: string = found.items[0].url;
    expect(url).toBe(`/app/calendario?event=${event.id}`);

    // The week of Monday 30 November, not the week of the 29th (the date in New York).
    const week = await openCalendar(cookie, url);
    expect(week.roundTrips).toBe(1);
    expect(week.data).toMatchObject({ date: "2026-11-30", from: "2026-11-30", to: "2026-12-06" });
    expect(week.data.events.map((e) => e.title)).toEqual(["Voo noturno", "Na mesma semana"]);
    expect(week.data.others.map((o) => o.title)).toEqual(["Tarefa da semana"]);
    // What is read around the event's start goes by the indexes, as the week's own reads do.
    const [batch] = week.calls;
    for (const [i, statement] of batch.sql.entries()) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement}`).bind(...batch.params[i]).all<{ detail: string }>();
      expect(results.map((r) => r.detail).filter((detail) => /^SCAN (tasks|events)\b/.test(detail)), statement).toEqual([]);
    }
    // The same as asking for that week by its date.
    const byDate = await openCalendar(cookie, `/app/calendario?date=2026-11-30&event=${event.id}`);
    expect(byDate.data).toEqual(week.data);
    // The day and month views around it.
    expect((await openCalendar(cookie, `${url}&view=day`)).data).toMatchObject({ date: "2026-11-30", events: [{ title: "Voo noturno" }] });
    const month = (await openCalendar(cookie, `${url}&view=month`)).data;
    expect(month).toMatchObject({ date: "2026-11-30", from: "2026-10-26", to: "2026-12-06" });
    expect(month.events.map((e) => e.title)).toEqual(["Na semana antes", "Voo noturno", "Na mesma semana"]);
    // A date in the link is the day asked for (the screen's own moves keep the event in the URL).
    expect((await openCalendar(cookie, `/app/calendario?view=day&date=2026-11-29&event=${event.id}`)).data).toMatchObject({ date: "2026-11-29", events: [] });
  });

  it("another user's event opens nothing of it, exactly as an id that does not exist", async () => {
    const { event } = await create(lia, "/events", { title: "Só da Lia", start: "2026-11-29T21:00:00-05:00", end: "2026-11-29T23:00:00-05:00", timeZone: "America/New_York" });
    const foreign = await openCalendar(other, `/app/calendario?event=${event.id}`);
    const random = await openCalendar(other, `/app/calendario?event=${newId()}`);
    expect(foreign.roundTrips).toBe(1);
    expect(foreign.data).toEqual(random.data);
    expect(foreign.data.events).toEqual([]);
  });
});

describe("a task resized on the calendar's time grid", () => {
  it("gets the new duration from the tasks API (the start stays)", async () => {
    const { task } = await create(lia, "/tasks", { title: "Relatório", scheduledStart: "2026-12-03T09:00:00Z", durationMinutes: 30 });
    const block = { start: task.scheduledStart, end: task.scheduledEnd, allDay: false };
    const change = taskChange(block, resized(block, 45, "Europe/Lisbon"));
    const response = await api(`/tasks/${task.id}`, { method: "PATCH", body: change.body, headers: { cookie: lia } });
    expect(response.status).toBe(200);
    expect((await json(response)).task).toMatchObject({ scheduledStart: "2026-12-03T09:00:00.000Z", durationMinutes: 75, scheduledEnd: "2026-12-03T10:15:00.000Z" });
    // Dragged past a day, it stops at the longest task the API takes.
    const long = taskChange(block, resized(block, 30 * 60, "Europe/Lisbon"));
    expect((await api(`/tasks/${task.id}`, { method: "PATCH", body: long.body, headers: { cookie: lia } })).status).toBe(200);
  });
});
