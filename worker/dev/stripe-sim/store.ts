/**
 * Where the Stripe simulator keeps its objects. Tests keep them in memory for the run; `npm start`
 * keeps them in the local KV namespace under `stripe-sim:` (docs/decisions/0017), because a
 * workerd isolate's module globals do not reliably survive between requests.
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

export const KV_PREFIX = "stripe-sim:";

/** State in a KV namespace, every key prefixed so it cannot meet the app's own (sessions). */
export function kvStore(kv: KVNamespace): SimStore {
  return {
    get: <T>(key: string) => kv.get<T>(`${KV_PREFIX}${key}`, "json"),
    put: (key, value) => kv.put(`${KV_PREFIX}${key}`, JSON.stringify(value)),
  };
}
