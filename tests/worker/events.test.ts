import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { EVERY_MINUTE, runSchedule } from "../../worker/cron/registry";
import { deleteExpiredNotificationsJob } from "../../worker/cron/delete-expired-notifications";
import { userTimeline } from "../../worker/modules/timeline";
import { expandOccurrences } from "../../worker/modules/calendar/recurrence";
import { seedCalendar } from "../../worker/modules/calendar/seed";
import { database } from "../../worker/db/client";
import { scopedTo } from "../../worker/db/scoped";
import { allDayRemindersIn, eventFieldsOf, findSeries, occurrencesWithinRead, upsertOverride, windowMs, type EventFields } from "../../worker/modules/calendar/queries";
import { me } from "./billing-helpers";
import { app } from "../../worker/app";
import { countingD1, type D1Call } from "./counting-bindings";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

let ana: string;
let bruno: string;
let counter = 0;
const as = (cookie: string) => ({ cookie });

async function create(cookie: string, body: Record<string, unknown>) {
  const response = await api("/events", { body, headers: as(cookie) });
  if (response.status !== 201) throw new Error(`create ${response.status}: ${await response.text()}`);
  return (await json(response)).event;
}
const list = async (cookie: string, from: string, to: string) => {
  const response = await api(`/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { headers: as(cookie) });
  expect(response.status).toBe(200);
  return (await json(response)).items as { id: string; occurrenceStart: string; title: string; start: string; end: string; allDay: boolean; recurring: boolean; modified: boolean }[];
};
const patch = (cookie: string, path: string, body: unknown) => api(path, { method: "PATCH", body, headers: as(cookie) });
const del = (cookie: string, path: string) => api(path, { method: "DELETE", headers: as(cookie) });
/** The date `days` after a YYYY-MM-DD date. */
const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const setZone = async (cookie: string, timeZone: string) => expect((await patch(cookie, "/me", { timeZone })).status).toBe(200);

/** A fresh signed-in user (own zone Europe/Lisbon, the default). */
async function freshUser() {
  return signUpAndLogIn(`events-${Date.now()}-${++counter}@example.com`);
}

// Two sign-ups hash two passwords: slow on a loaded machine.
beforeAll(async () => {
  ana = await freshUser();
  bruno = await freshUser();
}, 60_000);

describe("/events CRUD", () => {
  it("creates, reads, lists, changes and deletes a single event", async () => {
    const event = await create(ana, { title: "Dentista", start: "2026-06-10T09:30:00+01:00", end: "2026-06-10T10:00:00+01:00", location: "Areeiro", reminderMinutes: 30 });
    expect(event).toMatchObject({ title: "Dentista", allDay: false, timeZone: "Europe/Lisbon", rrule: null, recurring: false, exdates: [], reminderMinutes: 30, busy: true });
    expect(event.start).toBe("2026-06-10T09:30:00+01:00");
    expect(event.uid).toMatch(/@rumo\.app$/);

    const read = await api(`/events/${event.id}`, { headers: as(ana) });
    expect((await json(read)).event.id).toBe(event.id);

    const items = await list(ana, "2026-06-10", "2026-06-10");
    expect(items.map((i) => [i.id, i.occurrenceStart, i.start])).toEqual([[event.id, event.start, event.start]]);
    expect(await list(ana, "2026-06-11", "2026-06-11")).toEqual([]);

    const changed = await patch(ana, `/events/${event.id}`, { title: "Dentista (Dr. Luís)", start: "2026-06-10T11:00:00Z", end: "2026-06-10T11:30:00Z" });
    expect(changed.status).toBe(200);
    // Instants are written back in the event zone's offset.
    expect((await json(changed)).event).toMatchObject({ title: "Dentista (Dr. Luís)", start: "2026-06-10T12:00:00+01:00", end: "2026-06-10T12:30:00+01:00" });

    expect((await del(ana, `/events/${event.id}`)).status).toBe(204);
    expect((await api(`/events/${event.id}`, { headers: as(ana) })).status).toBe(404);
    expect(await list(ana, "2026-06-10", "2026-06-10")).toEqual([]);
  });

  it("lists with instants as bounds (end exclusive) and includes an event that started before the window", async () => {
    const cookie = await freshUser();
    await create(cookie, { title: "Longo", start: "2026-07-01T22:00:00+01:00", end: "2026-07-02T02:00:00+01:00" });
    expect((await list(cookie, "2026-07-02T00:00:00+01:00", "2026-07-02T01:00:00+01:00")).map((i) => i.title)).toEqual(["Longo"]);
    expect(await list(cookie, "2026-07-02T02:00:00+01:00", "2026-07-02T03:00:00+01:00")).toEqual([]);
  });

  it("answers 400 with field messages in pt and en for bad input, and saves nothing", async () => {
    const cookie = await freshUser();
    const base = { title: "Ok", start: "2026-06-10T09:00:00+01:00", end: "2026-06-10T10:00:00+01:00" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, title: "   " }, "title", "O título do evento é obrigatório"],
      [{ ...base, title: "x".repeat(201) }, "title", "O título não pode ter mais de 200 caracteres"],
      [{ ...base, end: "2026-06-10T08:00:00+01:00" }, "end", "O fim não pode ser antes do início"],
      [{ ...base, rrule: "FREQ=SOMETIMES" }, "rrule", "Regra de repetição inválida"],
      [{ ...base, rrule: "FREQ=HOURLY" }, "rrule", "Uma repetição sem fim não pode ter mais de 1000 ocorrências num ano: indique um número de vezes ou uma data final"],
      [{ ...base, timeZone: "Lisbon" }, "timeZone", "Fuso horário inválido: use um nome IANA como Europe/Lisbon"],
      [{ ...base, timeZone: "+01:00" }, "timeZone", "Fuso horário inválido: use um nome IANA como Europe/Lisbon"],
      [{ title: "Dia", allDay: true, start: "2026-02-30", end: "2026-03-01" }, "start", "Data inválida: use AAAA-MM-DD com um dia que exista"],
      [{ ...base, start: "2026-02-30T09:00:00+01:00" }, "start", "Data e hora inválidas: use ISO 8601 com fuso (ex.: 2026-03-30T09:30:00+01:00)"],
      [{ title: "Dia", allDay: true, start: "2026-03-02", end: "2026-03-02" }, "end", "O fim não pode ser antes do início"],
      [{ ...base, reminderMinutes: -5 }, "reminderMinutes", "O lembrete é um número de minutos de 0 a 40320 (quatro semanas)"],
      [{ ...base, reminderMinutes: "10" }, "reminderMinutes", "O lembrete é um número de minutos de 0 a 40320 (quatro semanas)"],
      [{ ...base, colour: "red" }, "body", "Campo desconhecido."],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("/events", { body, headers: as(cookie) });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields[field], field).toBe(message);
    }
    await patch(cookie, "/me", { language: "en" });
    const en = await api("/events", { body: { ...base, title: "" }, headers: as(cookie) });
    expect((await json(en)).error.fields.title).toBe("The event title is required");
    expect(await list(cookie, "2026-01-01", "2026-12-31")).toEqual([]);

    const badRange = await api("/events?from=2026-02-30&to=2026-03-01", { headers: as(cookie) });
    expect(badRange.status).toBe(400);
    expect((await api("/events?from=2026-01-01&to=2027-06-01", { headers: as(cookie) })).status).toBe(400);
    expect((await api("/events", { headers: as(cookie) })).status).toBe(400);
    // The window's checks in the user's zone come after the account is read (with the events, in one
    // batch), and still answer in the account's language.
    const inverted = await api("/events?from=2026-03-02&to=2026-03-01", { headers: as(cookie) });
    expect(inverted.status).toBe(400);
    expect((await json(inverted)).error.fields).toEqual({ to: "The end cannot be before the start" });
    const overAYear = await api("/events?from=2026-01-01&to=2027-01-03", { headers: as(cookie) });
    expect((await json(overAYear)).error.fields).toEqual({ to: "The requested range cannot be longer than a year" });
    expect(await list(cookie, "2026-01-01", "2027-01-01")).toEqual([]);
  });

  it("accepts an endless rule that stays under 1,000 occurrences a year and a bounded dense one", async () => {
    const cookie = await freshUser();
    await create(cookie, { title: "Diário", start: "2026-06-10T09:00:00+01:00", end: "2026-06-10T09:15:00+01:00", rrule: "FREQ=DAILY" });
    await create(cookie, { title: "Horário", start: "2026-06-10T09:00:00+01:00", end: "2026-06-10T09:15:00+01:00", rrule: "FREQ=HOURLY;COUNT=48" });
    const items = await list(cookie, "2026-06-10", "2026-06-11");
    expect(items.filter((i) => i.title === "Diário")).toHaveLength(2);
    expect(items.filter((i) => i.title === "Horário")).toHaveLength(39); // 09:00..23:00 and 00:00..23:00
  });
});

describe("recurrence across time zones and daylight saving", () => {
  it("a weekly 09:30 Lisbon series stays 09:30 local across 29 March and 25 October 2026", async () => {
    const event = await create(ana, { title: "Reunião semanal", start: "2026-03-23T09:30:00Z", end: "2026-03-23T10:30:00Z", rrule: "FREQ=WEEKLY;BYDAY=MO", timeZone: "Europe/Lisbon" });
    const spring = await list(ana, "2026-03-23", "2026-04-05");
    expect(spring.filter((i) => i.id === event.id).map((i) => i.start)).toEqual(["2026-03-23T09:30:00+00:00", "2026-03-30T09:30:00+01:00"]);
    const autumn = await list(ana, "2026-10-19", "2026-11-01");
    expect(autumn.filter((i) => i.id === event.id).map((i) => [i.start, i.end])).toEqual([
      ["2026-10-19T09:30:00+01:00", "2026-10-19T10:30:00+01:00"],
      ["2026-10-26T09:30:00+00:00", "2026-10-26T10:30:00+00:00"],
    ]);
  });

  it("a series created in America/New_York stays at its New York time for a Lisbon user", async () => {
    const cookie = await freshUser();
    // 09:00 in New York every Tuesday; the US changes on 8 March, Lisbon on 29 March: in between the gap is 4 h, otherwise 5 h.
    const event = await create(cookie, { title: "Call NY", start: "2026-03-03T09:00:00-05:00", end: "2026-03-03T09:30:00-05:00", rrule: "FREQ=WEEKLY;BYDAY=TU;COUNT=6", timeZone: "America/New_York" });
    const items = (await list(cookie, "2026-03-01", "2026-04-10")).filter((i) => i.id === event.id);
    expect(items.map((i) => i.start)).toEqual([
      "2026-03-03T09:00:00-05:00",
      "2026-03-10T09:00:00-04:00",
      "2026-03-17T09:00:00-04:00",
      "2026-03-24T09:00:00-04:00",
      "2026-03-31T09:00:00-04:00",
      "2026-04-07T09:00:00-04:00",
    ]);
    // Seen from Lisbon: 14:00, then 13:00 during the three weeks only the US has changed, then 14:00 again.
    const lisbonHours = items.map((i) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit" }).format(new Date(i.start)));
    expect(lisbonHours).toEqual(["14:00", "13:00", "13:00", "13:00", "14:00", "14:00"]);
  });

  it("all-day events never shift a day, whatever the user's zone (Kiritimati +14, Pago Pago −11)", async () => {
    const cookie = await freshUser();
    const single = await create(cookie, { title: "Feriado", allDay: true, start: "2026-06-10", end: "2026-06-11" });
    const yearly = await create(cookie, { title: "Aniversário", allDay: true, start: "2026-06-12", end: "2026-06-13", rrule: "FREQ=YEARLY" });
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Lisbon"]) {
      await setZone(cookie, zone);
      const items = await list(cookie, "2026-06-10", "2026-06-12");
      expect(items.map((i) => [i.id, i.start, i.end]), zone).toEqual([
        [single.id, "2026-06-10", "2026-06-11"],
        [yearly.id, "2026-06-12", "2026-06-13"],
      ]);
      expect(await list(cookie, "2026-06-11", "2026-06-11"), zone).toEqual([]);
      expect((await list(cookie, "2026-06-09", "2026-06-09")).length, zone).toBe(0);
    }
  });

  it("a timed event is listed on the viewer's own day at both ends of the zones (Kiritimati +14, Pago Pago −11)", async () => {
    const cookie = await freshUser();
    // 1 December 11:00 UTC: 2 December 01:00 in Kiritimati (13 hours before 2 December in UTC), and
    // the first minute of 1 December in Pago Pago.
    const early = await create(cookie, { title: "Cedo", start: "2026-12-01T11:00:00Z", end: "2026-12-01T11:30:00Z" });
    // 2 December 09:30 UTC: 2 December 23:30 in Kiritimati, 1 December 22:30 in Pago Pago (9.5 hours
    // after 1 December ends in UTC).
    const late = await create(cookie, { title: "Tarde", start: "2026-12-02T09:30:00Z", end: "2026-12-02T09:45:00Z" });
    await setZone(cookie, "Pacific/Kiritimati");
    expect((await list(cookie, "2026-12-02", "2026-12-02")).map((i) => i.id)).toEqual([early.id, late.id]);
    expect(await list(cookie, "2026-12-01", "2026-12-01")).toEqual([]);
    await setZone(cookie, "Pacific/Pago_Pago");
    expect((await list(cookie, "2026-12-01", "2026-12-01")).map((i) => i.id)).toEqual([early.id, late.id]);
    expect(await list(cookie, "2026-12-02", "2026-12-02")).toEqual([]);
    await setZone(cookie, "Europe/Lisbon");
    expect((await list(cookie, "2026-12-01", "2026-12-01")).map((i) => i.id)).toEqual([early.id]);
    expect((await list(cookie, "2026-12-02", "2026-12-02")).map((i) => i.id)).toEqual([late.id]);
  });
});

describe("occurrence edits", () => {
  const series = (cookie: string) =>
    create(cookie, { title: "Ginásio", start: "2026-05-04T18:00:00+01:00", end: "2026-05-04T19:00:00+01:00", rrule: "FREQ=WEEKLY;BYDAY=MO;COUNT=6", reminderMinutes: 15 });
  const occ = (value: string) => encodeURIComponent(value);

  it("removing several occurrences at once keeps every removal (the deletes a closing page sends together)", async () => {
    const cookie = await freshUser();
    const event = await series(cookie);
    const gone = ["2026-05-11T18:00:00+01:00", "2026-05-18T18:00:00+01:00", "2026-05-25T18:00:00+01:00"];
    const answers = await Promise.all(gone.map((start) => del(cookie, `/events/${event.id}?occurrence=${occ(start)}`)));
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204]);
    const items = await list(cookie, "2026-05-01", "2026-06-30");
    expect(items.map((i) => i.start)).toEqual(["2026-05-04T18:00:00+01:00", "2026-06-01T18:00:00+01:00", "2026-06-08T18:00:00+01:00"]);
    expect([...(await json(await api(`/events/${event.id}`, { headers: as(cookie) }))).event.exdates].sort()).toEqual(gone);
  });

  it("changes only one occurrence (an override), then deletes only one (an exdate)", async () => {
    const cookie = await freshUser();
    const event = await series(cookie);
    const moved = await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-05-11T18:00:00+01:00")}`, { title: "Ginásio (adiado)", start: "2026-05-12T19:00:00+01:00", end: "2026-05-12T20:00:00+01:00" });
    expect(moved.status).toBe(200);
    const answer = await json(moved);
    expect(answer.occurrenceStart).toBe("2026-05-11T18:00:00+01:00");
    // The changed occurrence as GET /events names it: the series' id (the override row's own id is reachable by no route).
    expect(answer.event).toMatchObject({ id: event.id, occurrenceStart: "2026-05-11T18:00:00+01:00", recurring: true, title: "Ginásio (adiado)", start: "2026-05-12T19:00:00+01:00" });
    expect((await api(`/events/${answer.event.id}`, { headers: as(cookie) })).status).toBe(200);
    // A list, as every list of the contract: the whole window, no further page.
    expect((await json(await api("/events?from=2026-05-01&to=2026-05-31", { headers: as(cookie) }))).nextCursor).toBeNull();
    let items = await list(cookie, "2026-05-01", "2026-06-30");
    expect(items.map((i) => [i.start, i.title, i.modified])).toEqual([
      ["2026-05-04T18:00:00+01:00", "Ginásio", false],
      ["2026-05-12T19:00:00+01:00", "Ginásio (adiado)", true],
      ["2026-05-18T18:00:00+01:00", "Ginásio", false],
      ["2026-05-25T18:00:00+01:00", "Ginásio", false],
      ["2026-06-01T18:00:00+01:00", "Ginásio", false],
      ["2026-06-08T18:00:00+01:00", "Ginásio", false],
    ]);
    expect(items[1]).toMatchObject({ id: event.id, occurrenceStart: "2026-05-11T18:00:00+01:00" });
    // Editing it again (same occurrence id) updates the override instead of adding one.
    expect((await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-05-11T17:00:00Z")}`, { title: "Ginásio (outra vez)" })).status).toBe(200);
    items = await list(cookie, "2026-05-12", "2026-05-12");
    expect(items.map((i) => [i.start, i.title])).toEqual([["2026-05-12T19:00:00+01:00", "Ginásio (outra vez)"]]);

    expect((await del(cookie, `/events/${event.id}?occurrence=${occ("2026-05-18T18:00:00+01:00")}`)).status).toBe(204);
    expect((await del(cookie, `/events/${event.id}?occurrence=${occ("2026-05-11T18:00:00+01:00")}`)).status).toBe(204);
    items = await list(cookie, "2026-05-01", "2026-06-30");
    expect(items.map((i) => i.start)).toEqual(["2026-05-04T18:00:00+01:00", "2026-05-25T18:00:00+01:00", "2026-06-01T18:00:00+01:00", "2026-06-08T18:00:00+01:00"]);
    expect((await json(await api(`/events/${event.id}`, { headers: as(cookie) }))).event.exdates).toEqual(["2026-05-18T18:00:00+01:00", "2026-05-11T18:00:00+01:00"]);

    // Not an occurrence of the series (wrong time, or already removed): 404; a one-off cannot take ?occurrence.
    expect((await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-05-19T18:00:00+01:00")}`, { title: "x" })).status).toBe(404);
    expect((await del(cookie, `/events/${event.id}?occurrence=${occ("2026-05-18T18:00:00+01:00")}`)).status).toBe(404);
    const single = await create(cookie, { title: "Uma vez", start: "2026-05-04T10:00:00+01:00", end: "2026-05-04T11:00:00+01:00" });
    const notRecurring = await patch(cookie, `/events/${single.id}?occurrence=${occ(single.start)}`, { title: "x" });
    expect(notRecurring.status).toBe(400);
    expect((await json(notRecurring)).error.fields.occurrence).toBe("Este evento não se repete");
    // One occurrence cannot change the rule.
    expect((await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-05-25T18:00:00+01:00")}`, { rrule: "FREQ=DAILY" })).status).toBe(400);
  });

  it("changes this and the following: the series splits, the earlier part keeps its times", async () => {
    const cookie = await freshUser();
    const event = await series(cookie);
    await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-06-01T18:00:00+01:00")}`, { title: "Override later" });
    const response = await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-05-18T18:00:00+01:00")}&scope=following`, {
      title: "Ginásio novo",
      start: "2026-05-18T19:00:00+01:00",
      end: "2026-05-18T20:00:00+01:00",
    });
    expect(response.status).toBe(200);
    const created = (await json(response)).event;
    expect(created.id).not.toBe(event.id);
    expect(created.rrule).toBe("FREQ=WEEKLY;BYDAY=MO;COUNT=4");
    const items = await list(cookie, "2026-05-01", "2026-06-30");
    expect(items.map((i) => [i.id === event.id ? "old" : "new", i.start, i.title])).toEqual([
      ["old", "2026-05-04T18:00:00+01:00", "Ginásio"],
      ["old", "2026-05-11T18:00:00+01:00", "Ginásio"],
      ["new", "2026-05-18T19:00:00+01:00", "Ginásio novo"],
      ["new", "2026-05-25T19:00:00+01:00", "Ginásio novo"],
      // The override moved with the series (its occurrence moved an hour with it).
      ["new", "2026-06-01T18:00:00+01:00", "Override later"],
      ["new", "2026-06-08T19:00:00+01:00", "Ginásio novo"],
    ]);
    expect((await json(await api(`/events/${event.id}`, { headers: as(cookie) }))).event.rrule).toBe("FREQ=WEEKLY;BYDAY=MO;COUNT=2");
  });

  it("deletes this and the following, and at the first occurrence the whole series", async () => {
    const cookie = await freshUser();
    const event = await series(cookie);
    expect((await del(cookie, `/events/${event.id}?occurrence=${occ("2026-05-25T18:00:00+01:00")}&scope=following`)).status).toBe(204);
    expect((await list(cookie, "2026-05-01", "2026-06-30")).map((i) => i.start)).toEqual(["2026-05-04T18:00:00+01:00", "2026-05-11T18:00:00+01:00", "2026-05-18T18:00:00+01:00"]);
    expect((await del(cookie, `/events/${event.id}?occurrence=${occ("2026-05-04T18:00:00+01:00")}&scope=following`)).status).toBe(204);
    expect(await list(cookie, "2026-05-01", "2026-06-30")).toEqual([]);
    expect((await api(`/events/${event.id}`, { headers: as(cookie) })).status).toBe(404);
  });

  it("this and the following on a series with a COUNT: the rule sent back as it was keeps the count left and the later exceptions", async () => {
    const cookie = await freshUser();
    // Ten Mondays from 4 May 2026; the 8th moved to the Tuesday, the 9th deleted.
    const event = await create(cookie, { title: "Pilates", start: "2026-05-04T18:00:00+01:00", end: "2026-05-04T19:00:00+01:00", rrule: "FREQ=WEEKLY;BYDAY=MO;COUNT=10" });
    await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-06-22T18:00:00+01:00")}`, { title: "Pilates (terça)", start: "2026-06-23T18:00:00+01:00", end: "2026-06-23T19:00:00+01:00" });
    await del(cookie, `/events/${event.id}?occurrence=${occ("2026-06-29T18:00:00+01:00")}`);
    // The 6th occurrence's title, this and the following, as the event dialog sends it: its times and the whole series' rule.
    const response = await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-06-08T18:00:00+01:00")}&scope=following`, {
      title: "Pilates clínico",
      start: "2026-06-08T18:00:00+01:00",
      end: "2026-06-08T19:00:00+01:00",
      rrule: "FREQ=WEEKLY;BYDAY=MO;COUNT=10",
    });
    expect(response.status).toBe(200);
    expect((await json(response)).event.rrule).toBe("FREQ=WEEKLY;BYDAY=MO;COUNT=5");
    const items = await list(cookie, "2026-05-01", "2026-09-30");
    expect(items.map((i) => [i.start.slice(0, 10), i.title])).toEqual([
      ["2026-05-04", "Pilates"],
      ["2026-05-11", "Pilates"],
      ["2026-05-18", "Pilates"],
      ["2026-05-25", "Pilates"],
      ["2026-06-01", "Pilates"],
      ["2026-06-08", "Pilates clínico"],
      ["2026-06-15", "Pilates clínico"],
      ["2026-06-23", "Pilates (terça)"],
      ["2026-07-06", "Pilates clínico"],
    ]);
    // A rule that really changes still gives the following ones that rule (and drops what belonged to the old one).
    const split = items[5].id;
    const changed = await patch(cookie, `/events/${split}?occurrence=${occ("2026-06-15T18:00:00+01:00")}&scope=following`, { rrule: "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3" });
    expect(changed.status).toBe(200);
    expect((await list(cookie, "2026-06-10", "2026-09-30")).map((i) => [i.start.slice(0, 10), i.title])).toEqual([
      ["2026-06-15", "Pilates clínico"],
      ["2026-06-17", "Pilates clínico"],
      ["2026-06-22", "Pilates clínico"],
    ]);
  });

  it("the whole series of an imported rule keeps its exceptions when the rule comes back in the editor's words", async () => {
    const cookie = await freshUser();
    const cases: [string, string, string, string][] = [
      // Tuesday 5 May 2026: the imported rule leaves the weekday to the start; the editor writes it.
      ["2026-05-05T10:00:00+01:00", "FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=TU", "2026-05-12T10:00:00+01:00"],
      // The 12th: the imported rule leaves the day of the month to the start.
      ["2026-05-12T10:00:00+01:00", "FREQ=MONTHLY;COUNT=6", "FREQ=MONTHLY;BYMONTHDAY=12;COUNT=6", "2026-06-12T10:00:00+01:00"],
      // An UNTIL date, given back as the end of that day in Lisbon, parts in the editor's order.
      ["2026-05-05T10:00:00+01:00", "FREQ=WEEKLY;UNTIL=20260630;WKST=MO", "FREQ=WEEKLY;BYDAY=TU;UNTIL=20260630T225959Z", "2026-05-12T10:00:00+01:00"],
    ];
    for (const [start, imported, rewritten, changedOne] of cases) {
      const event = await create(cookie, { title: "Importado", start, end: start.replace("T10:", "T11:"), rrule: imported });
      await patch(cookie, `/events/${event.id}?occurrence=${occ(changedOne)}`, { title: "Mudado" });
      const occurrences = (await list(cookie, "2026-05-01", "2026-12-31")).filter((i) => i.id === event.id);
      await del(cookie, `/events/${event.id}?occurrence=${occ(occurrences[2].occurrenceStart)}`);
      const before = (await list(cookie, "2026-05-01", "2026-12-31")).filter((i) => i.id === event.id);
      expect((await patch(cookie, `/events/${event.id}`, { title: "Renomeado", rrule: rewritten })).status, imported).toBe(200);
      const after = (await list(cookie, "2026-05-01", "2026-12-31")).filter((i) => i.id === event.id);
      expect(after.map((i) => [i.start, i.title]), imported).toEqual(before.map((i) => [i.start, i.title === "Mudado" ? "Mudado" : "Renomeado"]));
      expect((await json(await api(`/events/${event.id}`, { headers: as(cookie) }))).event.exdates, imported).toEqual([occurrences[2].occurrenceStart]);
    }
  });

  it("changes the whole series: a move in time carries its exdates and overrides along", async () => {
    const cookie = await freshUser();
    const event = await series(cookie);
    await del(cookie, `/events/${event.id}?occurrence=${occ("2026-05-11T18:00:00+01:00")}`);
    await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-05-18T18:00:00+01:00")}`, { title: "Especial" });
    const response = await patch(cookie, `/events/${event.id}`, { start: "2026-05-04T07:30:00+01:00", end: "2026-05-04T08:30:00+01:00" });
    expect(response.status).toBe(200);
    const items = await list(cookie, "2026-05-01", "2026-06-30");
    expect(items.map((i) => [i.start, i.title])).toEqual([
      ["2026-05-04T07:30:00+01:00", "Ginásio"],
      ["2026-05-18T18:00:00+01:00", "Especial"],
      ["2026-05-25T07:30:00+01:00", "Ginásio"],
      ["2026-06-01T07:30:00+01:00", "Ginásio"],
      ["2026-06-08T07:30:00+01:00", "Ginásio"],
    ]);
    // A new rule drops what belonged to the old one.
    await patch(cookie, `/events/${event.id}?scope=all`, { rrule: "FREQ=DAILY;COUNT=3" });
    expect((await list(cookie, "2026-05-01", "2026-06-30")).map((i) => [i.start, i.title])).toEqual([
      ["2026-05-04T07:30:00+01:00", "Ginásio"],
      ["2026-05-05T07:30:00+01:00", "Ginásio"],
      ["2026-05-06T07:30:00+01:00", "Ginásio"],
    ]);
  });

  it("a series moved a week later across Lisbon's spring change carries its exdate and override to occurrences (by wall clock, not 168 hours)", async () => {
    const cookie = await freshUser();
    const event = await create(cookie, { title: "Coro", start: "2026-03-23T18:00:00+00:00", end: "2026-03-23T19:00:00+00:00", timeZone: "Europe/Lisbon", rrule: "FREQ=WEEKLY;COUNT=5" });
    expect((await del(cookie, `/events/${event.id}?occurrence=${occ("2026-04-06T18:00:00+01:00")}`)).status).toBe(204);
    expect((await patch(cookie, `/events/${event.id}?occurrence=${occ("2026-04-13T18:00:00+01:00")}`, { title: "Ensaio geral" })).status).toBe(200);
    expect((await patch(cookie, `/events/${event.id}`, { start: "2026-03-30T18:00:00+01:00", end: "2026-03-30T19:00:00+01:00" })).status).toBe(200);
    expect((await list(cookie, "2026-03-01", "2026-05-31")).map((i) => [i.start, i.title])).toEqual([
      ["2026-03-30T18:00:00+01:00", "Coro"],
      ["2026-04-06T18:00:00+01:00", "Coro"],
      // The changed occurrence keeps its own time and stands for the series' 20 April (as a move
      // carries overrides above); the removed one is 13 April's now.
      ["2026-04-13T18:00:00+01:00", "Ensaio geral"],
      ["2026-04-27T18:00:00+01:00", "Coro"],
    ]);
    expect((await json(await api(`/events/${event.id}`, { headers: as(cookie) }))).event.exdates).toEqual(["2026-04-13T18:00:00+01:00"]);
  });
});

/**
 * The reminder tests' dates, moved by whole 52-week steps until they are ahead of the real clock:
 * an event's next reminder is planned from the time it is saved, so a reminder already past would
 * never come. The weekday and the hours stay (December and November: no summer time in Lisbon), and
 * the event is less than a year ahead, within the reminders' 400-day horizon.
 */
const REMINDER_SHIFT_MS = (() => {
  const step = 364 * 86_400_000;
  let shift = 0;
  while (Date.parse("2026-12-01T00:00:00Z") + shift < Date.now() + 2 * 86_400_000) shift += step;
  return shift;
})();
/** A literal instant of 2026 moved by that shift, in the form it was written ("Z" or "+00:00"). */
const ahead = (iso: string) => {
  const moved = new Date(Date.parse(iso) + REMINDER_SHIFT_MS).toISOString().replace(".000Z", "Z");
  return iso.endsWith("+00:00") ? moved.replace("Z", "+00:00") : moved;
};

describe("a window of series with a long history", () => {
  it("reads only the changed occurrences near the window (not every one ever made), and lists the same", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    const scoped = scopedTo(database(env.DB), userId);
    const long = "Notas da reunião. ".repeat(100);
    const daily = (await findSeries(scoped, (await create(cookie, { title: "Diário", description: long, start: "2025-01-01T09:00:00+00:00", end: "2025-01-01T09:30:00+00:00", timeZone: "UTC", rrule: "FREQ=DAILY" })).id))!;
    // Monday 11:00 to Thursday 11:00 in Lisbon, weekly: the occurrence of 8 June still runs on 10 June.
    const retreat = (await findSeries(scoped, (await create(cookie, { title: "Retiro", description: long, start: "2025-01-06T11:00:00+00:00", end: "2025-01-09T11:00:00+00:00", rrule: "FREQ=WEEKLY" })).id))!;
    const fields = (row: typeof daily, start: string, end: string, title = row.title): EventFields => ({ ...eventFieldsOf(row), title, start, end });
    const now = new Date();
    // Sixty changed occurrences of 2025, each with the series' long description.
    for (let d = 0; d < 60; d++) {
      const day = shiftDate("2025-01-01", d * 5);
      await upsertOverride(scoped, daily, `${day}T09:00:00+00:00`, fields(daily, `${day}T10:00:00+00:00`, `${day}T10:30:00+00:00`), now);
    }
    await upsertOverride(scoped, retreat, "2025-03-03T11:00:00+00:00", fields(retreat, "2025-03-04T11:00:00+00:00", "2025-03-07T11:00:00+00:00"), now);
    // Near the window: one changed in place, one moved in from long ago, one moved out, and the retreat moved away.
    await upsertOverride(scoped, daily, "2026-06-10T09:00:00+00:00", fields(daily, "2026-06-10T09:00:00+00:00", "2026-06-10T09:30:00+00:00", "Mudado"), now);
    await upsertOverride(scoped, daily, "2025-02-02T09:00:00+00:00", fields(daily, "2026-06-11T15:00:00+00:00", "2026-06-11T15:30:00+00:00", "Trazido"), now);
    await upsertOverride(scoped, daily, "2026-06-11T09:00:00+00:00", fields(daily, "2026-07-01T09:00:00+00:00", "2026-07-01T09:30:00+00:00", "Levado"), now);
    await upsertOverride(scoped, retreat, "2026-06-08T11:00:00+01:00", fields(retreat, "2026-09-07T11:00:00+01:00", "2026-09-10T11:00:00+01:00"), now);

    // What the calendar's read loads for these two days: the rows it needs, not the 60 old ones.
    const { fromMs, toMs } = windowMs("2026-06-10", "2026-06-11", "Europe/Lisbon");
    const read = occurrencesWithinRead(scoped, fromMs, toMs);
    const results = (await database(env.DB).batch(read.statements as never)) as unknown as Record<string, unknown>[][];
    const rows = results.flat();
    expect(rows.length).toBeLessThanOrEqual(10);
    expect(rows.reduce((n, row) => n + String(row.description ?? "").length, 0)).toBeLessThanOrEqual(4 * long.length);

    const expected = [
      ["2026-06-10T09:00:00+00:00", "Mudado", true],
      ["2026-06-11T15:00:00+00:00", "Trazido", true],
    ];
    expect(read.answer(results)(fromMs, toMs, "Europe/Lisbon").map((i) => [i.start, i.title, i.modified])).toEqual(expected);
    expect((await list(cookie, "2026-06-10", "2026-06-11")).map((i) => [i.start, i.title, i.modified])).toEqual(expected);
    // Around it, the series go on as before.
    expect((await list(cookie, "2026-06-12", "2026-06-16")).map((i) => [i.start, i.title])).toEqual([
      ["2026-06-12T09:00:00+00:00", "Diário"],
      ["2026-06-13T09:00:00+00:00", "Diário"],
      ["2026-06-14T09:00:00+00:00", "Diário"],
      ["2026-06-15T09:00:00+00:00", "Diário"],
      ["2026-06-15T11:00:00+01:00", "Retiro"],
      ["2026-06-16T09:00:00+00:00", "Diário"],
    ]);
    expect((await list(cookie, "2025-03-03", "2025-03-04")).map((i) => [i.start, i.title, i.modified])).toEqual([
      ["2025-03-03T09:00:00+00:00", "Diário", false],
      ["2025-03-04T09:00:00+00:00", "Diário", false],
      ["2025-03-04T11:00:00+00:00", "Retiro", true],
    ]);
  }, 60_000);
});

describe("reminders", () => {
  it("the minute job sends each reminder once at its minute, and the next one of a series later", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    const first = ahead("2026-12-07T09:30:00Z");
    const dayAndMonth = (iso: string) => new Intl.DateTimeFormat("pt-PT", { timeZone: "Europe/Lisbon", day: "numeric", month: "long" }).format(new Date(iso));
    const event = await create(cookie, { title: "Reunião de equipa", start: first, end: ahead("2026-12-07T10:30:00Z"), rrule: "FREQ=WEEKLY;COUNT=3", reminderMinutes: 10 });
    const at = (iso: string) => runSchedule(EVERY_MINUTE, env, new Date(iso), { inline: true });
    const reminders = async () =>
      (await env.DB.prepare("select title, message, type, action_url from notifications where user_id = ? and type = 'reminder' order by created_at").bind(userId).all<{ title: string; message: string; action_url: string }>()).results;

    await at(ahead("2026-12-07T09:19:00Z"));
    expect(await reminders()).toEqual([]);
    await at(ahead("2026-12-07T09:20:00Z"));
    expect(await reminders()).toEqual([
      { title: "Reunião de equipa", message: `Começa a segunda-feira, ${dayAndMonth(first)} às 09:30.`, type: "reminder", action_url: `/app/calendario?date=${first.slice(0, 10)}&event=${event.id}` },
    ]);
    await at(ahead("2026-12-07T09:20:00Z"));
    await at(ahead("2026-12-07T09:21:00Z"));
    expect(await reminders()).toHaveLength(1);
    // The series' next occurrence reminds a week later, not before.
    await at(ahead("2026-12-14T09:19:00Z"));
    expect(await reminders()).toHaveLength(1);
    await at(ahead("2026-12-14T09:20:00Z"));
    expect(await reminders()).toHaveLength(2);
    const sent = await env.DB.prepare("select count(*) as n from event_reminders where event_id = ?").bind(event.id).first<{ n: number }>();
    expect(sent!.n).toBe(2);
  });

  it("a reminder's notification is kept until a week after its occurrence (the weekly digest's window), then deleted", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    const start = ahead("2026-12-09T18:00:00Z");
    const end = ahead("2026-12-09T19:00:00Z");
    await create(cookie, { title: "Jantar de anos", start, end, reminderMinutes: 30 });
    await runSchedule(EVERY_MINUTE, env, new Date(Date.parse(start) - 30 * 60_000), { inline: true });
    const expiry = async () => (await env.DB.prepare("select expires_at from notifications where user_id = ? and type = 'reminder'").bind(userId).all<{ expires_at: number | null }>()).results;
    expect(await expiry()).toEqual([{ expires_at: Date.parse(end) + 8 * 86_400_000 }]);
    await deleteExpiredNotificationsJob(env, new Date(Date.parse(end) + 8 * 86_400_000 - 1));
    expect(await expiry()).toHaveLength(1);
    await deleteExpiredNotificationsJob(env, new Date(Date.parse(end) + 8 * 86_400_000));
    expect(await expiry()).toEqual([]);
  });

  it("a reminder links to the day the recipient sees the event on, in their time zone", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    await setZone(cookie, "Asia/Tokyo");
    // 23:30 UTC is 08:30 the next morning in Tokyo.
    const start = ahead("2026-12-07T23:30:00Z");
    const event = await create(cookie, { title: "Voo", start, end: ahead("2026-12-08T00:30:00Z"), timeZone: "Asia/Tokyo", reminderMinutes: 0 });
    await runSchedule(EVERY_MINUTE, env, new Date(start), { inline: true });
    const row = await env.DB.prepare("select message, action_url from notifications where user_id = ? and type = 'reminder'").bind(userId).first<{ message: string; action_url: string }>();
    const tokyoDay = new Date(Date.parse(start) + 9 * 3600_000).toISOString().slice(0, 10);
    expect(tokyoDay).not.toBe(start.slice(0, 10));
    expect(row).toEqual({ message: expect.stringContaining("às 08:30"), action_url: `/app/calendario?date=${tokyoDay}&event=${event.id}` });
  });

  it("a deleted occurrence does not remind, and a moved one reminds at its new time", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    const event = await create(cookie, { title: "Aula", start: ahead("2026-12-01T18:00:00Z"), end: ahead("2026-12-01T19:00:00Z"), rrule: "FREQ=DAILY;COUNT=3", reminderMinutes: 0 });
    await del(cookie, `/events/${event.id}?occurrence=${encodeURIComponent(ahead("2026-12-01T18:00:00+00:00"))}`);
    await patch(cookie, `/events/${event.id}?occurrence=${encodeURIComponent(ahead("2026-12-02T18:00:00+00:00"))}`, { start: ahead("2026-12-02T20:00:00Z"), end: ahead("2026-12-02T21:00:00Z") });
    const count = async () => (await env.DB.prepare("select count(*) as n from notifications where user_id = ? and type = 'reminder'").bind(userId).first<{ n: number }>())!.n;
    for (const minute of [ahead("2026-12-01T18:00:00Z"), ahead("2026-12-02T18:00:00Z")]) await runSchedule(EVERY_MINUTE, env, new Date(minute), { inline: true });
    expect(await count()).toBe(0);
    await runSchedule(EVERY_MINUTE, env, new Date(ahead("2026-12-02T20:00:00Z")), { inline: true });
    expect(await count()).toBe(1);
    await runSchedule(EVERY_MINUTE, env, new Date(ahead("2026-12-03T18:00:00Z")), { inline: true });
    expect(await count()).toBe(2);
  });
});

describe("all-day reminders follow the account's zone", () => {
  // December: Lisbon is on UTC, São Paulo three hours behind it.
  const day = ahead("2026-12-10T00:00:00Z").slice(0, 10);
  const lisbonMidnight = `${day}T00:00:00Z`;
  const saoPauloMidnight = `${day}T03:00:00Z`;
  const at = (iso: string) => runSchedule(EVERY_MINUTE, env, new Date(iso), { inline: true });
  const sentTo = async (userId: string) => (await env.DB.prepare("select count(*) as n from notifications where user_id = ? and type = 'reminder'").bind(userId).first<{ n: number }>())!.n;
  const nextOf = async (id: string) => (await env.DB.prepare("select next_reminder_at as at, next_reminder_occurrence as occurrence from events where id = ?").bind(id).first<{ at: number | null; occurrence: string | null }>())!;

  it("an event written in another zone reminds at the account's midnight", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    await setZone(cookie, "America/Sao_Paulo");
    await create(cookie, { title: "Feriado", allDay: true, start: day, end: shiftDate(day, 1), timeZone: "Europe/Lisbon", reminderMinutes: 0 });
    await at(lisbonMidnight);
    expect(await sentTo(userId)).toBe(0);
    await at(saoPauloMidnight);
    expect(await sentTo(userId)).toBe(1);
  });

  it("a series' next reminder, planned by the minute job, is at the account's midnight too", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    await setZone(cookie, "America/Sao_Paulo");
    await create(cookie, { title: "Férias", allDay: true, start: day, end: shiftDate(day, 1), timeZone: "Europe/Lisbon", rrule: "FREQ=DAILY;COUNT=2", reminderMinutes: 0 });
    await at(saoPauloMidnight);
    expect(await sentTo(userId)).toBe(1);
    await at(`${shiftDate(day, 1)}T00:00:00Z`);
    expect(await sentTo(userId)).toBe(1);
    await at(`${shiftDate(day, 1)}T03:00:00Z`);
    expect(await sentTo(userId)).toBe(2);
  });

  it("changing the account's zone moves the reminders already planned", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    const single = await create(cookie, { title: "Feriado", allDay: true, start: day, end: shiftDate(day, 1), timeZone: "Europe/Lisbon", reminderMinutes: 0 });
    const series = await create(cookie, { title: "Férias", allDay: true, start: day, end: shiftDate(day, 1), timeZone: "Europe/Lisbon", rrule: "FREQ=WEEKLY;COUNT=3", reminderMinutes: 60 });
    const timed = await create(cookie, { title: "Voo", start: ahead("2026-12-10T09:00:00Z"), end: ahead("2026-12-10T10:00:00Z"), reminderMinutes: 0 });
    expect(await nextOf(single.id)).toEqual({ at: Date.parse(lisbonMidnight), occurrence: day });
    await setZone(cookie, "America/Sao_Paulo");
    expect(await nextOf(single.id)).toEqual({ at: Date.parse(saoPauloMidnight), occurrence: day });
    expect(await nextOf(series.id)).toEqual({ at: Date.parse(saoPauloMidnight) - 3600_000, occurrence: day });
    expect(await nextOf(timed.id)).toEqual({ at: Date.parse(ahead("2026-12-10T09:00:00Z")), occurrence: timed.start });
    await at(lisbonMidnight);
    expect(await sentTo(userId)).toBe(0);
    await at(saoPauloMidnight);
    expect(await sentTo(userId)).toBe(2);
  });

  it("a zone change whose reminders cannot be moved is undone: never a zone without its reminders", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    const event = await create(cookie, { title: "Feriado", allDay: true, start: day, end: shiftDate(day, 1), timeZone: "Europe/Lisbon", reminderMinutes: 0 });
    // D1 refuses the batch that moves the reminders (countingD1 records each batch's SQL before running it).
    const calls: D1Call[] = [];
    const refusing = new Proxy(env.DB, {
      get(target, name) {
        if (name === "batch") return (statements: D1PreparedStatement[]) => (calls.at(-1)!.sql.some((sql) => sql.includes("next_reminder_at")) ? Promise.reject(new Error("D1_ERROR: refused")) : target.batch(statements));
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const failing = countingD1(refusing, calls);
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/api/v1/me`, { method: "PATCH", body: JSON.stringify({ timeZone: "America/Sao_Paulo" }), headers: { cookie, origin: ORIGIN, "content-type": "application/json" } });
    const response = await app.fetch(request, { ...env, DB: failing }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect((await env.DB.prepare("select time_zone as zone from users where id = ?").bind(userId).first<{ zone: string }>())!.zone).toBe("Europe/Lisbon");
    expect(await nextOf(event.id)).toEqual({ at: Date.parse(lisbonMidnight), occurrence: day });
  });

  it("a reminder the new zone puts in the past is sent at once, not dropped", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    await setZone(cookie, "America/Sao_Paulo");
    const event = await create(cookie, { title: "Feriado", allDay: true, start: day, end: shiftDate(day, 1), timeZone: "America/Sao_Paulo", reminderMinutes: 0 });
    // At 01:00 UTC the account moves to Lisbon, whose midnight has just passed.
    const scoped = scopedTo(database(env.DB), userId);
    await scoped.batch(await allDayRemindersIn(scoped, "Europe/Lisbon", new Date(`${day}T01:00:00Z`)));
    expect(await nextOf(event.id)).toEqual({ at: Date.parse(lisbonMidnight), occurrence: day });
    await at(`${day}T01:01:00Z`);
    expect(await sentTo(userId)).toBe(1);
  });
});

describe("timeline, search and isolation", () => {
  it("places events on the user's timeline (a free one is not busy) and finds them in search", async () => {
    const cookie = await freshUser();
    const userId = (await me(cookie)).user.id;
    await create(cookie, { title: "Consulta de nutrição", start: "2026-09-01T10:00:00+01:00", end: "2026-09-01T11:00:00+01:00" });
    await create(cookie, { title: "Almoço livre", start: "2026-09-01T13:00:00+01:00", end: "2026-09-01T14:00:00+01:00", busy: false });
    const items = await userTimeline(database(env.DB), userId, { from: new Date("2026-09-01T00:00:00+01:00"), to: new Date("2026-09-02T00:00:00+01:00"), timeZone: "Europe/Lisbon" });
    expect(items.map((i) => [i.module, i.title, i.busy])).toEqual([
      ["calendar", "Consulta de nutrição", true],
      ["calendar", "Almoço livre", false],
    ]);
    const search = await json(await api("/search?q=NUTRI&type=event", { headers: as(cookie) }));
    expect(search.items ?? search.results).toEqual([expect.objectContaining({ title: "Consulta de nutrição", type: "event", module: "calendar" })]);
  });

  it("another user's events answer 404 on every route and never show in their lists", async () => {
    const event = await create(ana, { title: "Privado", start: "2026-08-03T09:00:00+01:00", end: "2026-08-03T10:00:00+01:00", rrule: "FREQ=DAILY;COUNT=5" });
    const occurrence = encodeURIComponent("2026-08-04T09:00:00+01:00");
    expect((await api(`/events/${event.id}`, { headers: as(bruno) })).status).toBe(404);
    expect((await patch(bruno, `/events/${event.id}`, { title: "x" })).status).toBe(404);
    expect((await patch(bruno, `/events/${event.id}?occurrence=${occurrence}`, { title: "x" })).status).toBe(404);
    expect((await patch(bruno, `/events/${event.id}?occurrence=${occurrence}&scope=following`, { title: "x" })).status).toBe(404);
    expect((await del(bruno, `/events/${event.id}?occurrence=${occurrence}`)).status).toBe(404);
    expect((await del(bruno, `/events/${event.id}?occurrence=${occurrence}&scope=following`)).status).toBe(404);
    expect((await del(bruno, `/events/${event.id}`)).status).toBe(404);
    expect((await api("/events/..%2F..", { headers: as(bruno) })).status).toBe(404);
    expect(await list(bruno, "2026-08-01", "2026-08-31")).toEqual([]);
    const search = await json(await api("/search?q=Privado&type=event", { headers: as(bruno) }));
    expect(search.items ?? search.results).toEqual([]);
    // Untouched for its owner.
    expect((await list(ana, "2026-08-01", "2026-08-31")).filter((i) => i.id === event.id)).toHaveLength(5);
  });

  it("requires a session", async () => {
    expect((await api("/events?from=2026-01-01&to=2026-01-31")).status).toBe(401);
  });
});

describe("the demo account's calendar (npm start)", () => {
  it("starts every series on one of its own occurrences, whatever day of the week it is seeded", async () => {
    const userId = (await me(await freshUser())).user.id;
    // Noon in Lisbon, Monday 30 November to Sunday 6 December 2026.
    for (let day = 0; day < 7; day++) await seedCalendar(database(env.DB), userId, new Date(Date.parse("2026-11-30T12:00:00Z") + day * 86_400_000));
    const { results } = await env.DB.prepare("select title, start, end, all_day, time_zone, rrule from events where user_id = ? and rrule is not null")
      .bind(userId)
      .all<{ title: string; start: string; end: string; all_day: number; time_zone: string; rrule: string }>();
    expect(results.length).toBe(14);
    for (const row of results) {
      const event = { start: row.start, end: row.end, allDay: !!row.all_day, timeZone: row.time_zone, rrule: row.rrule, exdates: [] };
      const [first] = expandOccurrences(event, { from: row.start, to: new Date(Date.parse(row.start) + 8 * 86_400_000).toISOString() }).items;
      expect(first?.start, `${row.title} from ${row.start}`).toBe(row.start);
    }
  });

  it("fills the week the calendar opens on and the days ahead, whatever day of the week it is seeded", async () => {
    for (let day = 0; day < 7; day++) {
      const userId = (await me(await freshUser())).user.id;
      const now = new Date(Date.parse("2026-11-30T12:00:00Z") + day * 86_400_000);
      await seedCalendar(database(env.DB), userId, now);
      const { results } = await env.DB.prepare("select title, start, end, all_day, time_zone, rrule, exdates from events where user_id = ?").bind(userId).all<{ title: string; start: string; end: string; all_day: number; time_zone: string; rrule: string | null }>();
      const between = (from: string, to: string) =>
        results.flatMap((row) => expandOccurrences({ start: row.start, end: row.end, allDay: !!row.all_day, timeZone: row.time_zone, rrule: row.rrule, exdates: [] }, { from, to }).items.map(() => row.title));
      // Monday 30 November to Sunday 6 December is the week on screen every day of this loop.
      expect(between("2026-11-30T00:00:00Z", "2026-12-06T23:59:59Z").length, `seeded on day ${day}`).toBeGreaterThan(0);
      expect(between(now.toISOString(), new Date(now.getTime() + 7 * 86_400_000).toISOString()).length, `seeded on day ${day}`).toBeGreaterThan(0);
    }
  });
});
