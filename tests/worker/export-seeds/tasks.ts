import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into tasks (id, user_id, title, due_date) values (?, ?, ?, '2026-11-20')", `task-${tag}`, userId, marker("tasks"));
  return { tasks: { markers: [marker("tasks")] } };
};
