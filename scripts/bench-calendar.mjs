#!/usr/bin/env node
// `npm run bench:calendar`: the calendar's heaviest reads against the production build in workerd
// (wrangler dev through scripts/start.mjs, fresh local D1), on this machine. A user with 500 events
// in one month, 50 of them recurring (weekly, weekdays, daily with COUNT, monthly "second Tuesday",
// yearly); prints the median and p95 of:
//   - GET /api/v1/events for that month (what the month view loads);
//   - GET /api/v1/events for a whole year (every recurring occurrence of the year expanded).
import { setTimeout as sleep } from "node:timers/promises";
import { fmt, loginDemo, machine, startApp, time } from "./bench-lib.mjs";

const { base, stop } = await startApp({ stateDir: ".wrangler/bench-calendar-state" });

const RULES = ["FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "FREQ=DAILY;COUNT=400", "FREQ=MONTHLY;BYDAY=2TU", "FREQ=YEARLY", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR"];

try {
  const cookie = await loginDemo(base);
  const post = async (body) => {
    const response = await fetch(`${base}/api/v1/events`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`create ${response.status}: ${await response.text()}`);
  };
  // March 2027: 450 single events over the month (some all-day), and 50 series begun earlier in Lisbon or New York time.
  for (let i = 0; i < 450; i++) {
    const day = String(1 + (i % 31)).padStart(2, "0");
    const hour = String(8 + (i % 11)).padStart(2, "0");
    const nextDay = new Date(Date.parse(`2027-03-${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (i % 15 === 0) await post({ title: `Dia ${i}`, allDay: true, start: `2027-03-${day}`, end: nextDay });
    else await post({ title: `Evento ${i}`, start: `2027-03-${day}T${hour}:00:00Z`, end: `2027-03-${day}T${hour}:45:00Z`, location: "Lisboa" });
  }
  for (let i = 0; i < 50; i++) {
    const rule = RULES[i % RULES.length];
    const zone = i % 5 === 0 ? "America/New_York" : "Europe/Lisbon";
    await post({ title: `Série ${i}`, start: `2027-01-${String(4 + (i % 20)).padStart(2, "0")}T09:30:00${zone === "America/New_York" ? "-05:00" : "Z"}`, end: `2027-01-${String(4 + (i % 20)).padStart(2, "0")}T10:30:00${zone === "America/New_York" ? "-05:00" : "Z"}`, rrule: rule, timeZone: zone, reminderMinutes: 10 });
  }
  const get = (query) => fetch(`${base}/api/v1/events?${query}`, { headers: { cookie } }).then(async (r) => {
    if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
    return r.json();
  });
  const monthItems = (await get("from=2027-03-01&to=2027-03-31")).items.length;
  const yearItems = (await get("from=2027-01-01&to=2027-12-31")).items.length;
  for (let i = 0; i < 5; i++) await get("from=2027-03-01&to=2027-03-31");

  const month = await time(() => get("from=2027-03-01&to=2027-03-31"), 60);
  const year = await time(() => get("from=2027-01-01&to=2027-12-31"), 20);

  console.log(machine());
  console.log(`month (GET /events March 2027, 500 events of which 50 recurring → ${monthItems} occurrences): median ${fmt(month.median)}, p95 ${fmt(month.p95)} (60 runs)`);
  console.log(`year (GET /events 2027, recurrences expanded → ${yearItems} occurrences): median ${fmt(year.median)}, p95 ${fmt(year.p95)} (20 runs)`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stop();
  await sleep(1500);
  process.exit(process.exitCode ?? 0);
}
