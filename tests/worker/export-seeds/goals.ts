import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into goals (id, user_id, title, deadline, progress, status) values (?, ?, ?, '2026-12-31', 50, 'in_progress')", `goal-${tag}`, userId, marker("goals"));
  await run("insert into goal_milestones (id, goal_id, user_id, title, done, position) values (?, ?, ?, ?, 1, 0)", `gm-${tag}`, `goal-${tag}`, userId, marker("goal_milestones"));
  return { goals: { markers: [marker("goals")] }, goal_milestones: { markers: [marker("goal_milestones")] } };
};
