/**
 * Issue 13 part 1: .ics import (POST /events/import, ?dryRun=true) with real-shaped exports of
 * Google Calendar, Outlook/Exchange and Apple Calendar, and the private feed (GET/DELETE
 * /calendar/feed-url, GET /calendar/feed/:token), with the exact instants expected.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import apple from "../fixtures/ics/apple.ics?raw";
import google from "../fixtures/ics/google.ics?raw";
import outlook from "../fixtures/ics/outlook.ics?raw";
import { database } from "../../worker/db/client";
import { scopedTo } from "../../worker/db/scoped";
import { FEED_PAGE_ROWS, IMPORT_BATCH_ROWS, rowsWithUids, writeImport } from "../../worker/modules/calendar/queries";
import { endTrial, userIdOf } from "./billing-helpers";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

let counter = 0;
const freshUser = async () => {
  const email = `ics-${Date.now()}-${++counter}@example.com`;
  return { cookie: await signUpAndLogIn(email), email };
};

const importIcs = (cookie: string, body: string | Uint8Array, query = "") =>
  SELF.fetch(`${ORIGIN}/api/v1/events/import${query}`, { method: "POST", headers: { origin: ORIGIN, cookie, "content-type": "text/calendar" }, body: body as BodyInit });

type Item = { id: string; occurrenceStart: string; title: string; description: string; location: string; start: string; end: string; allDay: boolean; timeZone: string; recurring: boolean; rrule: string | null; reminderMinutes: number | null; busy: boolean; modified: boolean };
const list = async (cookie: string, from: string, to: string): Promise<Item[]> => {
  const response = await api(`/events?from=${from}&to=${to}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await json(response)).items;
};
const countRows = async (userId: string) => (await env.DB.prepare("select count(*) as n from events where user_id = ?").bind(userId).first<{ n: number }>())!.n;

let ana: { cookie: string; email: string };
beforeAll(async () => {
  ana = await freshUser();
}, 60_000);

describe("POST /events/import", () => {
  it("imports a Google Calendar export: series with EXDATE, an override before its master, all-day, UTC, VALARM", async () => {
    const preview = await importIcs(ana.cookie, google, "?dryRun=true");
    expect(preview.status).toBe(200);
    const planned = await json(preview);
    expect(planned).toMatchObject({ imported: 4, updated: 0, skipped: [] });
    expect(planned.items.map((i: { title: string; action: string }) => [i.title, i.action])).toEqual([
      ["Reunião de equipa", "create"],
      ["Páscoa no Algarve", "create"],
      ["Chamada com Nova Iorque", "create"],
      ["Reunião de equipa (adiada)", "create"],
    ]);
    // The preview saved nothing.
    expect(await countRows(await userIdOf(ana.email))).toBe(0);

    const response = await importIcs(ana.cookie, google);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ imported: 4, updated: 0, skipped: [] });

    const march = await list(ana.cookie, "2026-03-01", "2026-04-05");
    const meetings = march.filter((i) => i.title.startsWith("Reunião"));
    // Weekly on Thursday 09:30 Lisbon: 12 March removed, 19 March moved to 11:00, and 09:30 stays
    // local across the change to summer time on 29 March.
    expect(meetings.map((i) => [i.occurrenceStart, i.start, i.end, i.title])).toEqual([
      ["2026-03-05T09:30:00+00:00", "2026-03-05T09:30:00+00:00", "2026-03-05T10:00:00+00:00", "Reunião de equipa"],
      ["2026-03-19T09:30:00+00:00", "2026-03-19T11:00:00+00:00", "2026-03-19T12:00:00+00:00", "Reunião de equipa (adiada)"],
      ["2026-03-26T09:30:00+00:00", "2026-03-26T09:30:00+00:00", "2026-03-26T10:00:00+00:00", "Reunião de equipa"],
      ["2026-04-02T09:30:00+01:00", "2026-04-02T09:30:00+01:00", "2026-04-02T10:00:00+01:00", "Reunião de equipa"],
    ]);
    expect(meetings[0]).toMatchObject({
      timeZone: "Europe/Lisbon",
      description: "Pauta:\n1. Números, metas; riscos",
      location: "Sala 2, Lisboa",
      reminderMinutes: 10,
      rrule: "FREQ=WEEKLY;BYDAY=TH;UNTIL=20260430T083000Z",
    });
    expect(meetings[1].modified).toBe(true);
    // UNTIL 30 April 08:30Z is 09:30 Lisbon: the last Thursday is included.
    const april = await list(ana.cookie, "2026-04-27", "2026-05-10");
    expect(april.filter((i) => i.title === "Reunião de equipa").map((i) => i.start)).toEqual(["2026-04-30T09:30:00+01:00"]);

    const easter = (await list(ana.cookie, "2026-04-10", "2026-04-12")).find((i) => i.title === "Páscoa no Algarve")!;
    expect(easter).toMatchObject({ allDay: true, start: "2026-04-10", end: "2026-04-13", busy: false });
    const call = (await list(ana.cookie, "2026-06-01", "2026-06-01")).find((i) => i.title === "Chamada com Nova Iorque")!;
    // A single UTC event is shown in the user's zone.
    expect(call).toMatchObject({ start: "2026-06-01T15:00:00+01:00", end: "2026-06-01T16:00:00+01:00", timeZone: "Europe/Lisbon" });
  });

  it("importing the same file again changes nothing, and a changed event is updated", async () => {
    const userId = await userIdOf(ana.email);
    const before = await countRows(userId);
    const again = await json(await importIcs(ana.cookie, google));
    expect(again.imported).toBe(0);
    expect(again.updated).toBe(0);
    expect(again.skipped).toHaveLength(4);
    expect(again.skipped.every((s: { reason: string }) => s.reason === "unchanged")).toBe(true);
    expect(await countRows(userId)).toBe(before);

    const renamed = google.replace("SUMMARY:Páscoa no Algarve", "SUMMARY:Páscoa em Tavira");
    const changed = await json(await importIcs(ana.cookie, renamed));
    expect(changed).toMatchObject({ imported: 0, updated: 1 });
    expect(await countRows(userId)).toBe(before);
    expect((await list(ana.cookie, "2026-04-11", "2026-04-11")).map((i) => i.title)).toContain("Páscoa em Tavira");
  });

  it("a file that now excludes or cancels a changed occurrence removes its saved change", async () => {
    const user = await freshUser();
    const userId = await userIdOf(user.email);
    const vevent = (...props: string[]) => ["BEGIN:VEVENT", "UID:coro-1@example.com", ...props, "END:VEVENT"];
    const file = (...events: string[][]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Teste//PT", ...events.flat(), "END:VCALENDAR", ""].join("\r\n");
    const master = (...extra: string[]) => vevent("DTSTART;TZID=Europe/Lisbon:20260504T193000", "DTEND;TZID=Europe/Lisbon:20260504T210000", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Coro", ...extra);
    const moved = (day: string) => vevent(`RECURRENCE-ID;TZID=Europe/Lisbon:202605${day}T193000`, `DTSTART;TZID=Europe/Lisbon:202605${day}T200000`, `DTEND;TZID=Europe/Lisbon:202605${day}T213000`, "SUMMARY:Coro (igreja)");
    expect(await json(await importIcs(user.cookie, file(master(), moved("11"), moved("18"))))).toMatchObject({ imported: 3 });
    expect((await list(user.cookie, "2026-05-01", "2026-05-31")).map((i) => i.title)).toEqual(["Coro", "Coro (igreja)", "Coro (igreja)", "Coro"]);

    // The 11th is now an EXDATE of the series, the 18th a cancelled instance.
    const updated = file(master("EXDATE;TZID=Europe/Lisbon:20260511T193000"), [...moved("18").slice(0, -1), "STATUS:CANCELLED", "END:VEVENT"]);
    expect(await json(await importIcs(user.cookie, updated))).toMatchObject({ imported: 0, updated: 1 });
    expect((await list(user.cookie, "2026-05-01", "2026-05-31")).map((i) => [i.title, i.start])).toEqual([
      ["Coro", "2026-05-04T19:30:00+01:00"],
      ["Coro", "2026-05-25T19:30:00+01:00"],
    ]);
    expect(await countRows(userId)).toBe(1);
  });

  it("imports an Outlook export: Windows zone names, a zone only its VTIMEZONE defines, a cancelled occurrence", async () => {
    const user = await freshUser();
    const result = await json(await importIcs(user.cookie, outlook));
    expect(result).toEqual({ imported: 4, updated: 0, skipped: [] });

    const monthly = (await list(user.cookie, "2026-11-01", "2027-04-30")).filter((i) => i.title === "Revisão mensal (Berlim)");
    // "W. Europe Standard Time" is Europe/Berlin: the first Thursday at 10:00 Berlin, six times.
    expect(monthly.map((i) => i.start)).toEqual([
      "2026-11-05T10:00:00+01:00",
      "2026-12-03T10:00:00+01:00",
      "2027-01-07T10:00:00+01:00",
      "2027-02-04T10:00:00+01:00",
      "2027-03-04T10:00:00+01:00",
      "2027-04-01T10:00:00+02:00",
    ]);
    expect(monthly[0]).toMatchObject({ timeZone: "Europe/Berlin", reminderMinutes: 15, location: "Microsoft Teams" });

    const december = await list(user.cookie, "2026-12-01", "2026-12-12");
    expect(december.find((i) => i.title === "Dentista em Londres")).toMatchObject({ start: "2026-12-01T09:00:00+00:00", timeZone: "Europe/London" });
    // "Customized Time Zone" (+05:30 all year, no IANA name): the zone with that clock, 15:00 there.
    // (workerd's ICU names Asia/Kolkata by its older name, as the import does for that TZID.)
    expect(december.find((i) => i.title === "Chamada com Bangalore")).toMatchObject({ start: "2026-12-02T15:00:00+05:30", end: "2026-12-02T16:00:00+05:30", timeZone: "Asia/Calcutta" });
    // Daily 08:00 Berlin until 11 Dec, 9 Dec removed by EXDATE and 10 Dec cancelled by its own VEVENT.
    expect(december.filter((i) => i.title === "Pequeno-almoço de equipa").map((i) => i.start)).toEqual([
      "2026-12-07T08:00:00+01:00",
      "2026-12-08T08:00:00+01:00",
      "2026-12-11T08:00:00+01:00",
    ]);
  });

  it("imports an Apple export: bare LF, DURATION, floating times, yearly all-day without end or DTEND, a -PT15H alarm", async () => {
    const user = await freshUser();
    expect(await json(await importIcs(user.cookie, apple))).toEqual({ imported: 3, updated: 0, skipped: [] });
    const boston = (await list(user.cookie, "2026-03-10", "2026-03-10")).find((i) => i.title === "Call with Boston")!;
    // New York is already on summer time (8 March 2026): UTC-4; DURATION 45 minutes.
    expect(boston).toMatchObject({ start: "2026-03-10T09:00:00-04:00", end: "2026-03-10T09:45:00-04:00", timeZone: "America/New_York" });
    // Floating 07:30 is read in the user's zone.
    expect((await list(user.cookie, "2026-07-14", "2026-07-20")).filter((i) => i.title === "Ioga na praia").map((i) => i.start)).toEqual([
      "2026-07-15T07:30:00+01:00",
      "2026-07-16T07:30:00+01:00",
      "2026-07-17T07:30:00+01:00",
    ]);
    // A DATE start without DTEND lasts one day; no end to the rule is fine; Apple's "no alarm" sentinel is ignored.
    const birthdays = (await list(user.cookie, "2027-09-01", "2027-09-30")).filter((i) => i.title === "Aniversário da Rita");
    expect(birthdays).toMatchObject([{ start: "2027-09-23", end: "2027-09-24", allDay: true, rrule: "FREQ=YEARLY", reminderMinutes: 900 }]);
  });

  it("reads a BOM, a fold inside a multi-byte character, escapes, DURATION and no UID", async () => {
    const user = await freshUser();
    const encoder = new TextEncoder();
    const head = encoder.encode("\uFEFFBEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:fold-1\r\nDTSTART;TZID=Europe/Lisbon:20261010T180000\r\nDURATION:PT2H\r\nSUMMARY:Jantar no caf");
    const e9 = encoder.encode("é"); // two bytes, split by the fold
    const tail = encoder.encode(" com a Ana\\, o Rui\\; e a Inês\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261011\r\nSUMMARY:Sem identificador\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n");
    const bytes = new Uint8Array([...head, e9[0], 0x0d, 0x0a, 0x20, e9[1], ...tail]);
    expect(await json(await importIcs(user.cookie, bytes))).toEqual({ imported: 2, updated: 0, skipped: [] });
    const items = await list(user.cookie, "2026-10-10", "2026-10-11");
    expect(items.map((i) => [i.title, i.start, i.end])).toEqual([
      ["Jantar no café com a Ana, o Rui; e a Inês", "2026-10-10T18:00:00+01:00", "2026-10-10T20:00:00+01:00"],
      ["Sem identificador", "2026-10-11", "2026-10-12"],
    ]);
    // The event without a UID gets a stable one: importing again creates nothing.
    expect(await json(await importIcs(user.cookie, bytes))).toMatchObject({ imported: 0, updated: 0 });
  });

  it("refuses what is not iCalendar, too many events and over 2 MB, saving nothing", async () => {
    const user = await freshUser();
    const userId = await userIdOf(user.email);
    const html = await importIcs(user.cookie, "<!doctype html><html><body>Calendar</body></html>");
    expect(html.status).toBe(400);
    expect((await json(html)).error).toMatchObject({ code: "not_ical", message: "O ficheiro não é um calendário iCalendar (.ics): nada foi importado." });
    const binary = await importIcs(user.cookie, new Uint8Array([0x42, 0x45, 0x47, 0, 1, 2, 255, 254]));
    expect(binary.status).toBe(400);
    const event = (n: number) => `BEGIN:VEVENT\r\nUID:bulk-${n}\r\nDTSTART:20260101T100000Z\r\nSUMMARY:E${n}\r\nEND:VEVENT\r\n`;
    const many = `BEGIN:VCALENDAR\r\n${Array.from({ length: 5001 }, (_, n) => event(n)).join("")}END:VCALENDAR\r\n`;
    const tooMany = await importIcs(user.cookie, many);
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).error.code).toBe("too_many_events");
    const huge = await importIcs(user.cookie, `BEGIN:VCALENDAR\r\nX-PAD:${"a".repeat(2 * 1024 * 1024)}\r\nEND:VCALENDAR\r\n`);
    expect(huge.status).toBe(413);
    const json415 = await api("/events/import", { body: { ics: "BEGIN:VCALENDAR" }, headers: { cookie: user.cookie } });
    expect(json415.status).toBe(415);
    expect(await countRows(userId)).toBe(0);
  });

  it("skips with a reason what it cannot keep, and keeps one user's import away from another's", async () => {
    const user = await freshUser();
    const doc = [
      "BEGIN:VCALENDAR",
      "BEGIN:VEVENT\r\nUID:too-dense\r\nDTSTART:20260101T100000Z\r\nRRULE:FREQ=MINUTELY\r\nSUMMARY:Cada minuto\r\nEND:VEVENT",
      "BEGIN:VEVENT\r\nUID:orphan\r\nRECURRENCE-ID:20260101T100000Z\r\nDTSTART:20260101T110000Z\r\nSUMMARY:Sem série\r\nEND:VEVENT",
      "BEGIN:VEVENT\r\nUID:gone\r\nSTATUS:CANCELLED\r\nDTSTART:20260101T100000Z\r\nSUMMARY:Cancelado\r\nEND:VEVENT",
      "BEGIN:VEVENT\r\nUID:twice\r\nDTSTART:20260102T100000Z\r\nSUMMARY:Uma vez\r\nEND:VEVENT",
      "BEGIN:VEVENT\r\nUID:twice\r\nDTSTART:20260102T100000Z\r\nSUMMARY:Outra vez\r\nEND:VEVENT",
      "BEGIN:VEVENT\r\nUID:7kq2mqd1r0d6t4l9a3p1s8v5bc@google.com\r\nDTSTART:20260103T100000Z\r\nSUMMARY:Mesmo UID que outra pessoa\r\nEND:VEVENT",
      "END:VCALENDAR\r\n",
    ].join("\r\n");
    const result = await json(await importIcs(user.cookie, doc));
    expect(result.imported).toBe(2);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { uid: "too-dense", reason: "rruleTooDense" },
        { uid: "orphan", reason: "noSeries" },
        { uid: "gone", reason: "cancelled" },
        { uid: "twice", reason: "duplicate" },
      ]),
    );
    // Ana's series with that UID is untouched.
    expect((await list(ana.cookie, "2026-03-05", "2026-03-05")).map((i) => i.title)).toContain("Reunião de equipa");
    expect((await list(user.cookie, "2026-01-03", "2026-01-03")).map((i) => i.title)).toEqual(["Mesmo UID que outra pessoa"]);
  });
});

describe("writing an import in chunks", () => {
  it("undoes the chunks already written when a later one fails: no half import", async () => {
    const user = await freshUser();
    const userId = await userIdOf(user.email);
    await importIcs(user.cookie, apple);
    const scoped = scopedTo(database(env.DB), userId);
    const [boston] = await rowsWithUids(scoped, ["6B29FC40-CA47-1067-B31D-00DD010662DA"]);
    const before = await countRows(userId);
    const fields = { title: "Novo", description: "", location: "", start: "2026-05-01T10:00:00+01:00", end: "2026-05-01T11:00:00+01:00", allDay: false, timeZone: "Europe/Lisbon", rrule: null, exdates: [], reminderMinutes: null, busy: true };
    const rows = [
      { id: boston.id, existingId: boston.id, uid: boston.uid, seriesId: null, recurrenceId: null, fields: { ...fields, title: "Mudado" } },
      ...Array.from({ length: IMPORT_BATCH_ROWS + 10 }, (_, i) => ({ id: `chunk-${counter}-${i}`, existingId: null, uid: `chunk-${i}`, seriesId: null, recurrenceId: null, fields })),
      // The last chunk fails: an override of a series that does not exist (foreign key).
      { id: `chunk-${counter}-bad`, existingId: null, uid: "bad", seriesId: "no-such-series", recurrenceId: "2026-05-01T10:00:00+01:00", fields },
    ];
    await expect(writeImport(scoped, rows, [boston], new Date())).rejects.toThrow();
    expect(await countRows(userId)).toBe(before);
    const [after] = await rowsWithUids(scoped, [boston.uid]);
    expect(after.title).toBe("Call with Boston");
    expect(after.start).toBe(boston.start);
  });
});

const lines = (text: string) => text.split("\r\n");
/**
 * The fixtures a year later than the feed's window can reach: 2037 has 2026's calendar (weekdays,
 * the last Sundays of March and October), and the feed leaves out what ended over a year ago, so
 * the tests of the feed pass at whatever date they run (docs/decisions/0066).
 */
const in2037 = (text: string) => text.replaceAll("2026", "2037");

describe("the private feed", () => {
  it("gives a feed URL that serves valid iCalendar; replacing and revoking stop the old address", async () => {
    const user = await freshUser();
    await importIcs(user.cookie, in2037(google));
    const long = "Uma descrição muito longa com acentuação — ã, é, ç, ü — que passa dos setenta e cinco octetos de uma linha";
    await api("/events", { body: { title: "Evento; com, vírgulas", description: long, start: "2037-05-04T10:00:00+01:00", end: "2037-05-04T11:00:00+01:00" }, headers: { cookie: user.cookie } });
    await api("/tasks", { body: { title: "Tarefa agendada", durationMinutes: 30, scheduledStart: new Date(Date.now() + 86_400_000).toISOString() }, headers: { cookie: user.cookie } });

    const first = await json(await api("/calendar/feed-url", { headers: { cookie: user.cookie } }));
    expect(first.url).toMatch(/^http:\/\/localhost\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // Asking again gives the same address.
    expect((await json(await api("/calendar/feed-url", { headers: { cookie: user.cookie } }))).url).toBe(first.url);
    // The token is kept hashed: the database does not hold it in clear.
    const token = first.url.split("/").pop().replace(".ics", "");
    const row = await env.DB.prepare("select token_hash, token_sealed from calendar_feeds where user_id = ?").bind(await userIdOf(user.email)).first<{ token_hash: string; token_sealed: string }>();
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(`${row!.token_hash}${row!.token_sealed}`).not.toContain(token);

    const feed = await SELF.fetch(first.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = await feed.text();
    expect(body.endsWith("\r\n")).toBe(true);
    expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const encoder = new TextEncoder();
    expect(lines(body).every((l) => encoder.encode(l).length <= 75)).toBe(true);
    const unfolded = body.replace(/\r\n /g, "");
    expect(unfolded).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Lisbon");
    expect(unfolded).toContain("SUMMARY:Evento\\; com\\, vírgulas");
    expect(unfolded).toContain(`DESCRIPTION:${long.replace(/,/g, "\\,")}`);
    expect(unfolded).toContain("DTSTART;TZID=Europe/Lisbon:20370305T093000");
    expect(unfolded).toContain("RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20370430T083000Z");
    expect(unfolded).toContain("EXDATE;TZID=Europe/Lisbon:20370312T093000");
    expect(unfolded).toContain("RECURRENCE-ID;TZID=Europe/Lisbon:20370319T093000");
    expect(unfolded).toContain("DTSTART;VALUE=DATE:20370410");
    expect(unfolded).toContain("SUMMARY:Tarefa agendada");
    expect(unfolded).toContain("TRIGGER:-PT10M");

    // Replacing (revoke, ask again) gives a new address; the old one is a bare 404.
    expect((await api("/calendar/feed-url", { method: "DELETE", headers: { cookie: user.cookie } })).status).toBe(204);
    expect((await SELF.fetch(first.url)).status).toBe(404);
    const second = await json(await api("/calendar/feed-url", { headers: { cookie: user.cookie } }));
    expect(second.url).not.toBe(first.url);
    expect((await SELF.fetch(second.url)).status).toBe(200);
    const unknown = await SELF.fetch(`${ORIGIN}/api/v1/calendar/feed/${"A".repeat(43)}.ics`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("Not found");
  });

  it("exporting then importing gives the same events", async () => {
    const from = await freshUser();
    await importIcs(from.cookie, in2037(google));
    await importIcs(from.cookie, in2037(outlook));
    await importIcs(from.cookie, in2037(apple));
    const { url } = await json(await api("/calendar/feed-url", { headers: { cookie: from.cookie } }));
    const feed = await (await SELF.fetch(url)).text();

    const to = await freshUser();
    const result = await json(await importIcs(to.cookie, feed));
    expect(result.skipped).toEqual([]);
    const shape = (items: Item[]) => items.map((i) => [i.title, i.start, i.end, i.allDay, i.timeZone, i.rrule, i.reminderMinutes, i.busy, i.description, i.location, i.modified]);
    for (const [a, b] of [
      ["2037-03-01", "2037-06-30"],
      ["2037-07-01", "2038-04-30"],
    ])
      expect(shape(await list(to.cookie, a, b))).toEqual(shape(await list(from.cookie, a, b)));
  });

  it("leaves out what ended more than a year ago; a series still going stays whole, without its old changes", async () => {
    const user = await freshUser();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const at = (offset: number, hour = 10) => `${day(offset)}T${hour}:00:00+00:00`;
    const stamp = (offset: number) => `${day(offset).replace(/-/g, "")}T100000Z`;
    const create = async (title: string, offset: number, rrule: string | null = null) =>
      (await json(await api("/events", { body: { title, start: at(offset), end: at(offset, 11), timeZone: "UTC", rrule }, headers: { cookie: user.cookie } }))).event;
    const change = async (id: string, offset: number, body: Record<string, unknown>) =>
      expect((await api(`/events/${id}?occurrence=${encodeURIComponent(at(offset))}`, { method: "PATCH", body, headers: { cookie: user.cookie } })).status).toBe(200);
    await create("Há mais de um ano", -400);
    await create("Há dez meses", -300);
    await create("Série acabada", -800, "FREQ=DAILY;COUNT=5");
    // Weekly for three years: one occurrence changed two years ago, one a month ago.
    const weekly = await create("Semanal", -1092, "FREQ=WEEKLY");
    await change(weekly.id, -728, { title: "Mudança antiga" });
    await change(weekly.id, -28, { title: "Mudança recente" });
    // Over long ago, but its last occurrence was moved to last month: written with its series.
    const moved = await create("Adiada", -800, "FREQ=DAILY;COUNT=3");
    await change(moved.id, -798, { title: "Adiada para agora", start: at(-20), end: at(-20, 11) });

    const { url } = await json(await api("/calendar/feed-url", { headers: { cookie: user.cookie } }));
    const feed = (await (await SELF.fetch(url)).text()).replace(/\r\n /g, "");
    const summaries = lines(feed).filter((l) => l.startsWith("SUMMARY:")).map((l) => l.slice(8));
    expect(summaries.sort()).toEqual(["Adiada", "Adiada para agora", "Há dez meses", "Mudança recente", "Semanal"]);
    const vevent = (summary: string) => feed.split("BEGIN:VEVENT").find((block) => block.includes(`SUMMARY:${summary}\r\n`))!;
    expect(vevent("Semanal")).toContain(`DTSTART:${stamp(-1092)}\r\nDTEND`);
    expect(vevent("Semanal")).toContain("RRULE:FREQ=WEEKLY\r\n");
    // The occurrence changed two years ago is left out, not shown as it was before the change.
    expect(vevent("Semanal")).toContain(`EXDATE:${stamp(-728)}\r\n`);
    expect(vevent("Mudança recente")).toContain(`RECURRENCE-ID:${stamp(-28)}\r\n`);
    expect(vevent("Adiada")).toContain("RRULE:FREQ=DAILY;COUNT=3\r\n");
    expect(vevent("Adiada para agora")).toContain(`RECURRENCE-ID:${stamp(-798)}\r\n`);
    expect(vevent("Adiada para agora")).toContain(`UID:${moved.uid}\r\n`);
  });

  it("writes every event of a calendar longer than a page, in order of start", async () => {
    const user = await freshUser();
    const count = 2 * FEED_PAGE_ROWS + 50;
    // Three events a day: pages also end between events that start at the same time.
    const event = (n: number) =>
      `BEGIN:VEVENT\r\nUID:page-${n}\r\nDTSTART:${new Date(Date.UTC(2037, 0, 1) + Math.floor(n / 3) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, "")}T100000Z\r\nSUMMARY:E${n}\r\nDESCRIPTION:${"é".repeat(60)}\r\nEND:VEVENT\r\n`;
    const doc = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${Array.from({ length: count }, (_, n) => event(n)).join("")}END:VCALENDAR\r\n`;
    expect((await json(await importIcs(user.cookie, doc))).imported).toBe(count);
    const { url } = await json(await api("/calendar/feed-url", { headers: { cookie: user.cookie } }));
    const feed = await (await SELF.fetch(url)).text();
    expect(feed.startsWith("BEGIN:VCALENDAR\r\n") && feed.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const uids = lines(feed).filter((l) => l.startsWith("UID:page-")).map((l) => Number(l.slice(9)));
    expect(uids.length).toBe(count);
    expect([...uids].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(uids.map((n) => Math.floor(n / 3))).toEqual(Array.from({ length: count }, (_, n) => Math.floor(n / 3)));
  });

  it("is a Light feature: 402 for a Free user after the trial, whose address stops answering", async () => {
    const user = await freshUser();
    const { url } = await json(await api("/calendar/feed-url", { headers: { cookie: user.cookie } }));
    expect((await SELF.fetch(url)).status).toBe(200);
    await endTrial(await userIdOf(user.email));
    expect((await api("/calendar/feed-url", { headers: { cookie: user.cookie } })).status).toBe(402);
    expect((await SELF.fetch(url)).status).toBe(404);
    // Revoking stays open.
    expect((await api("/calendar/feed-url", { method: "DELETE", headers: { cookie: user.cookie } })).status).toBe(204);
    // Import is in every plan.
    expect((await importIcs(user.cookie, apple)).status).toBe(200);
  });
});
