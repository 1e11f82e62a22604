import type { ExportSeed } from "./types";

/** The calendar module's Google Calendar sync tables (docs/decisions/0035); its events are in calendar.ts. */
export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  const now = Date.now();
  await run(
    "insert into google_calendar_connections (user_id, status, refresh_token, last_error, created_at, updated_at) values (?, 'connected', 'sealed-token', ?, ?, ?)",
    userId,
    marker("google_calendar_connections"),
    now,
    now,
  );
  await run("insert into google_calendars (id, user_id, google_id, summary, \"primary\", selected, created_at, updated_at) values (?, ?, ?, ?, 1, 1, ?, ?)", `gcal-${tag}`, userId, `g-${tag}`, marker("google_calendars"), now, now);
  await run(
    "insert into events (id, user_id, title, start, end, time_zone, uid, starts_at, ends_at) values (?, ?, 'Google', '2026-11-21T09:30:00+00:00', '2026-11-21T10:30:00+00:00', 'Europe/Lisbon', ?, 1795771800000, 1795775400000)",
    `gev-${tag}`,
    userId,
    `gev-${tag}@google.com`,
  );
  await run("insert into google_event_links (event_id, user_id, calendar_id, google_event_id, google_updated_at) values (?, ?, ?, ?, ?)", `gev-${tag}`, userId, `gcal-${tag}`, marker("google_event_links"), now);
  await run(
    "insert into google_outbox (id, user_id, event_id, action, calendar_id, google_event_id, next_attempt_at, changed_at, created_at) values (?, ?, ?, 'delete', ?, ?, ?, ?, ?)",
    `gout-${tag}`,
    userId,
    `gone-${tag}`,
    `g-${tag}`,
    marker("google_outbox"),
    now,
    now,
    now,
  );
  await run("insert into event_history (id, user_id, event_id, source, reason, snapshot, created_at) values (?, ?, ?, 'google', 'conflict', ?, ?)", `ghist-${tag}`, userId, `gev-${tag}`, JSON.stringify({ title: marker("event_history") }), now);
  return Object.fromEntries(["google_calendar_connections", "google_calendars", "google_event_links", "google_outbox", "event_history"].map((t) => [t, { markers: [marker(t)] }]));
};
