import worker from "./vitest.worker.config";

// `npm run bench:google-sync`: the worker layer (workerd, real local D1, the fake Google Calendar
// API as outbound service) running only the Google sync benchmark, kept out of `npm test`.
export default async () => {
  const base = (await (worker as unknown as () => Promise<{ test: Record<string, unknown> }>)()) as { test: Record<string, unknown> };
  return { ...base, test: { ...base.test, name: "bench-google-sync", include: ["tests/bench/google-sync.bench.test.ts"], testTimeout: 600_000 } };
};
