import worker from "./vitest.worker.config";

// `npm run bench:finances-import`: the worker layer (workerd, real local D1) running only the
// finances import benchmark, kept out of `npm test` (tests/bench is not in the worker include).
export default async () => {
  const base = (await (worker as unknown as () => Promise<{ test: Record<string, unknown> }>)()) as { test: Record<string, unknown> };
  // Replaced, not merged: mergeConfig would append to the worker suite's include list.
  return { ...base, test: { ...base.test, name: "bench-finances-io", include: ["tests/bench/finances-import.bench.test.ts"], testTimeout: 600_000 } };
};
