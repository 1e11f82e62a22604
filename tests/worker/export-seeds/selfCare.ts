import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into routines (id, user_id, title) values (?, ?, ?)", `rt-${tag}`, userId, marker("routines"));
  // A check-in has no free text: its marker is its id.
  await run("insert into routine_check_ins (id, user_id, routine_id, date) values (?, ?, ?, '2026-11-20')", marker("routine_check_ins"), userId, `rt-${tag}`);
  await run("insert into routine_steps (id, user_id, routine_id, position, text) values (?, ?, ?, 0, ?)", `rs-${tag}`, userId, `rt-${tag}`, marker("routine_steps"));
  // A tick has no free text either: its marker is its id.
  await run("insert into routine_step_ticks (id, user_id, routine_id, step_id, date) values (?, ?, ?, ?, '2026-11-20')", marker("routine_step_ticks"), userId, `rt-${tag}`, `rs-${tag}`);
  // A day's count has no free text either: its marker is its id (decision 0117).
  await run("insert into routine_day_counts (id, user_id, routine_id, date, count) values (?, ?, ?, '2026-11-20', 3)", marker("routine_day_counts"), userId, `rt-${tag}`);
  return {
    routines: { markers: [marker("routines")] },
    routine_check_ins: { markers: [marker("routine_check_ins")] },
    routine_steps: { markers: [marker("routine_steps")] },
    routine_step_ticks: { markers: [marker("routine_step_ticks")] },
    routine_day_counts: { markers: [marker("routine_day_counts")] },
  };
};
