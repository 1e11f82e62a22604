import worker from "./vitest.worker.config";

// `npm run bench:self-care`: the worker layer (workerd, real local D1) running only the self-care
// benchmark, kept out of `npm test` (tests/bench is not in the worker include).
export default async () => {
  const base = (await (worker as unknown as () => Promise<{ test: Record<string, unknown> }>)()) as { test: Record<string, unknown> };
  // Replaced, not merged: mergeConfig would append to the worker suite's include list.
  return { ...base, test: { ...base.test, name: "bench-self-care", include: ["tests/bench/self-care.bench.test.ts"], testTimeout: 600_000 } };
};
