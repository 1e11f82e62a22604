/**
 * D1 and KV bindings that record what a request asks of them, for the round-trip budgets
 * (tests/worker/pipeline-round-trips.test.ts, tests/worker/query-plans.test.ts). A D1 "round trip"
 * is one call that reaches the database: a statement's first/all/raw/run, a batch, an exec.
 */
export type D1Call = { kind: "statement" | "batch" | "exec"; sql: string[]; params: unknown[][]; rowsRead?: number };

/** The rows D1 says it read for an answer (`meta.rows_read`; absent from `first` and `raw`). */
const rowsReadOf = (answer: unknown) => (answer as { meta?: { rows_read?: number } } | null)?.meta?.rows_read;

export function countingD1(db: D1Database, calls: D1Call[]): D1Database {
  // A batch receives our proxies: it needs the real statements (and records their SQL).
  const real = new WeakMap<D1PreparedStatement, { inner: D1PreparedStatement; sql: string; params: unknown[] }>();
  const statement = (inner: D1PreparedStatement, sql: string, params: unknown[] = []): D1PreparedStatement => {
    const proxy = new Proxy(inner, {
      get(target, name) {
        if (name === "bind") return (...values: unknown[]) => statement(target.bind(...values), sql, values);
        if (name === "first" || name === "all" || name === "raw" || name === "run") {
          return async (...args: unknown[]) => {
            const call: D1Call = { kind: "statement", sql: [sql], params: [params] };
            calls.push(call);
            const answer = await (target[name] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            call.rowsRead = rowsReadOf(answer);
            return answer;
          };
        }
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, { inner, sql, params });
    return proxy;
  };
  return new Proxy(db, {
    get(target, name) {
      if (name === "prepare") return (sql: string) => statement(target.prepare(sql), sql);
      if (name === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const unwrapped = statements.map((s) => real.get(s) ?? { inner: s, sql: "?", params: [] });
          const call: D1Call = { kind: "batch", sql: unwrapped.map((s) => s.sql), params: unwrapped.map((s) => s.params) };
          calls.push(call);
          const answers = await target.batch(unwrapped.map((s) => s.inner));
          call.rowsRead = answers.reduce((sum, answer) => sum + (rowsReadOf(answer) ?? 0), 0);
          return answers;
        };
      }
      if (name === "exec") {
        return (sql: string) => {
          calls.push({ kind: "exec", sql: [sql], params: [[]] });
          return target.exec(sql);
        };
      }
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export type KvCall = { method: string; key: string };

export function countingKv(kv: KVNamespace, calls: KvCall[]): KVNamespace {
  return new Proxy(kv, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.push({ method: String(name), key: String(args[0]) });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
