import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into routines (id, user_id, title) values (?, ?, ?)", `rt-${tag}`, userId, marker("routines"));
  // A check-in has no free text: its marker is its id.
  await run("insert into routine_check_ins (id, user_id, routine_id, date) values (?, ?, ?, '2026-11-20')", marker("routine_check_ins"), userId, `rt-${tag}`);
  return { routines: { markers: [marker("routines")] }, routine_check_ins: { markers: [marker("routine_check_ins")] } };
};
