import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into diary_entries (id, user_id, title, content, mood, emotions, date) values (?, ?, ?, 'texto', 3, '[\"calm\"]', '2026-11-20')", `de-${tag}`, userId, marker("diary_entries"));
  return { diary_entries: { markers: [marker("diary_entries")] } };
};
