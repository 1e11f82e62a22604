import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into tasks (id, user_id, title, due_date) values (?, ?, ?, '2026-11-20')", `task-${tag}`, userId, marker("tasks"));
  await run("insert into task_steps (id, user_id, task_id, position, text) values (?, ?, ?, 0, ?)", `ts-${tag}`, userId, `task-${tag}`, marker("task_steps"));
  return { tasks: { markers: [marker("tasks")] }, task_steps: { markers: [marker("task_steps")] } };
};
