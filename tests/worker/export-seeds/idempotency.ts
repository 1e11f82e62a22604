import type { ExportSeed } from "./types";

/** The platform's idempotency keys (worker/middleware/idempotency.ts): the key itself is exported. */
export const seedExport: ExportSeed = async ({ userId, run, marker }) => {
  await run(
    "insert into idempotency_keys (user_id, key, request_hash, method, path, status, content_type, body) values (?, ?, 'hash', 'POST', '/api/v1/tasks', 201, 'application/json', '{}')",
    userId,
    marker("idempotency_keys"),
  );
  return { idempotency_keys: { markers: [marker("idempotency_keys")] } };
};
