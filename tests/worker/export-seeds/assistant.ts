import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into assistant_messages (id, user_id, role, content, provider) values (?, ?, 'assistant', ?, 'builtin')", `am-${tag}`, userId, marker("assistant_messages"));
  await run("insert into assistant_drafts (id, user_id, message_id, type, fields) values (?, ?, ?, 'task', ?)", `ad-${tag}`, userId, `am-${tag}`, JSON.stringify({ title: marker("assistant_drafts") }));
  return { assistant_messages: { markers: [marker("assistant_messages")] }, assistant_drafts: { markers: [marker("assistant_drafts")] } };
};
