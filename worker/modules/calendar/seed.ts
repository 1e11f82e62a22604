import type { Db } from "../../db/client";
import { scopedTo } from "../../db/scoped";
import { insertEvent } from "./queries";
import { firstDateOf, NO_REPEAT } from "~/modules/calendar/recurrence-form";
import { formatInstant, localDayStartMs } from "./recurrence";

const ZONE = "Europe/Lisbon";
const DAY_MS = 86_400_000;

/** The demo account's calendar (npm start): a weekly meeting, a one-off, an all-day day out, around today. */
export async function seedCalendar(db: Db, userId: string, now = new Date()) {
  const scoped = scopedTo(db, userId);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(now);
  const date = (offsetDays: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offsetDays * DAY_MS).toISOString().slice(0, 10);
  // Local midnight of that day plus the hours (no demo event sits in a DST night).
  const atOn = (day: string, hour: number, minute = 0) => formatInstant(localDayStartMs(day, ZONE) + (hour * 60 + minute) * 60_000, ZONE);
  const at = (offsetDays: number, hour: number, minute = 0) => atOn(date(offsetDays), hour, minute);
  const base = { description: "", location: "", allDay: false, timeZone: ZONE, rrule: null, exdates: [], reminderMinutes: null, busy: true };
  // A series starts on one of its own days, as the event dialog makes it (firstDateOf). The
  // meeting's first is this week's Monday, so the week the calendar opens on is never empty (on a
  // Sunday every other demo event falls in the next week).
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = date(-((weekday + 6) % 7));
  const meeting = firstDateOf({ ...NO_REPEAT, freq: "WEEKLY", days: ["MO", "WE"] }, monday);
  await insertEvent(scoped, { ...base, title: "Reunião de equipa", start: atOn(meeting, 9, 30), end: atOn(meeting, 10, 30), rrule: "FREQ=WEEKLY;BYDAY=MO,WE", reminderMinutes: 10, location: "Sala 2" }, now);
  await insertEvent(scoped, { ...base, title: "Dentista", start: at(2, 15), end: at(2, 16), reminderMinutes: 60, location: "Clínica do Areeiro" }, now);
  await insertEvent(scoped, { ...base, title: "Ginásio", start: at(1, 18), end: at(1, 19), rrule: "FREQ=WEEKLY;COUNT=12" }, now);
  await insertEvent(scoped, { ...base, title: "Dia de praia", allDay: true, start: date(5), end: date(6), busy: false }, now);
}
