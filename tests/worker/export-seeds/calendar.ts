import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run(
    "insert into events (id, user_id, title, start, end, time_zone, uid, starts_at, ends_at) values (?, ?, ?, '2026-11-20T09:30:00+00:00', '2026-11-20T10:30:00+00:00', 'Europe/Lisbon', ?, 1795685400000, 1795689000000)",
    `ev-${tag}`,
    userId,
    marker("events"),
    `ev-${tag}@rumo.app`,
  );
  await run("insert into event_reminders (id, user_id, event_id, occurrence_start, sent_at) values (?, ?, ?, ?, ?)", `er-${tag}`, userId, `ev-${tag}`, marker("event_reminders"), Date.now());
  // The feed's id is what its export carries (the token stays sealed and its hash is left out).
  await run("insert into calendar_feeds (id, user_id, token_hash, token_sealed) values (?, ?, ?, ?)", marker("calendar_feeds"), userId, `hash-${tag}`, "sealed");
  return { events: { markers: [marker("events")] }, event_reminders: { markers: [marker("event_reminders")] }, calendar_feeds: { markers: [marker("calendar_feeds")] } };
};
