import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  const data = JSON.stringify({ version: 1, weekStart: "2026-11-16", note: marker("weekly_reports") });
  await run("insert into weekly_reports (id, user_id, week_start, data) values (?, ?, '2026-11-16', ?)", `wr-${tag}`, userId, data);
  return { weekly_reports: { markers: [marker("weekly_reports")] } };
};
