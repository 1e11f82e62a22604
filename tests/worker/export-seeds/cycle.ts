import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into cycle_days (id, user_id, date, flow, symptoms, mood, notes) values (?, ?, '2026-11-02', 'medium', '[\"cramps\"]', 3, ?)", `cd-${tag}`, userId, marker("cycle_days"));
  await run("insert into cycle_reminders (id, user_id, period_start, sent_at) values (?, ?, ?, ?)", `cr-${tag}`, userId, marker("cycle_reminders"), Date.now());
  await run("insert into cycle_long_cycles (id, user_id, cycle_start) values (?, ?, ?)", `cl-${tag}`, userId, marker("cycle_long_cycles"));
  return { cycle_days: { markers: [marker("cycle_days")] }, cycle_reminders: { markers: [marker("cycle_reminders")] }, cycle_long_cycles: { markers: [marker("cycle_long_cycles")] } };
};
