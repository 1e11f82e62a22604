/**
 * Where the Stripe simulator keeps its objects. Tests keep them in memory for the run; `npm start`
 * keeps them in the local KV namespace under `stripe-sim:` (simulator.ts, docs/decisions/0017),
 * because a workerd isolate's module globals do not reliably survive between requests.
 */
export type SimStore = {
  get<T>(key: string): Promise<T | null>;
  put(key: string, value: unknown): Promise<void>;
};

/** State for one process (the Workers pool's outbound fake). */
export function memoryStore(): SimStore {
  const values = new Map<string, string>();
  return {
    // Stored as JSON so callers never share (and mutate) one object.
    get: async <T>(key: string) => (values.has(key) ? (JSON.parse(values.get(key)!) as T) : null),
    put: async (key, value) => void values.set(key, JSON.stringify(value)),
  };
}
