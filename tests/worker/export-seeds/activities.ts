import type { ExportSeed } from "./types";

/** The platform's user_activities (issue 16): not a module, but seeded here like one. */
export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into user_activities (id, user_id, activity_type, activity_title) values (?, ?, 'session_start', ?)", `act-${tag}`, userId, marker("user_activities"));
  return { user_activities: { markers: [marker("user_activities")] } };
};
