/**
 * Development-only fault injection (docs/decisions/0047-faults-and-retries.md): for a while, D1, KV
 * or the Durable Objects fail or answer slowly, so the 503 path, the client's retries and the
 * offline queue can be exercised on purpose. The switch is set through POST /api/dev/faults (or
 * `npm run faults`) and lives in this isolate's memory: `wrangler dev` and the test pool run one
 * isolate, and a deployed Worker never applies it (the root applies it only to a development env).
 *
 * Injected failures copy the messages of the real outages, so they take the same path as a real
 * one through `isServiceUnavailable` (worker/lib/errors.ts).
 */

export const FAULT_TARGETS = ["d1", "kv", "do"] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];
export type FaultMode = "fail" | "slow";
export type Fault = { mode: FaultMode; ms: number; until: number };

const faults = new Map<FaultTarget, Fault>();

/** Sets (or with `null` clears) the fault of one target; `seconds` from now. */
export function setFault(target: FaultTarget, fault: { mode: FaultMode; ms?: number; seconds: number } | null, now = Date.now()) {
  if (!fault) faults.delete(target);
  else faults.set(target, { mode: fault.mode, ms: fault.ms ?? 0, until: now + fault.seconds * 1000 });
}

export function clearFaults() {
  faults.clear();
}

/** The faults still running (expired ones are forgotten here). */
export function activeFaults(now = Date.now()): Partial<Record<FaultTarget, Fault>> {
  const active: Partial<Record<FaultTarget, Fault>> = {};
  for (const [target, fault] of faults) {
    if (fault.until <= now) faults.delete(target);
    else active[target] = fault;
  }
  return active;
}

/** Cheap enough for every request: one size check when nothing is set. */
export const faultsSet = () => faults.size > 0;

/** A real D1 outage's message (what workerd throws when the database cannot be reached). */
const D1_FAILURE = "D1_ERROR: Network connection lost. (injected fault)";
const KV_FAILURE = (op: string) => `KV ${op} failed: 503 Service Unavailable (injected fault)`;
const DO_FAILURE = "Network connection lost. (injected fault)";

/** Applies the target's fault, if any, right before an operation: throws or waits. */
async function strike(target: FaultTarget, failure: () => Error) {
  const fault = activeFaults()[target];
  if (!fault) return;
  if (fault.mode === "fail") throw failure();
  await new Promise((resolve) => setTimeout(resolve, fault.ms));
}

const d1Failure = () => new Error(D1_FAILURE);
const kvFailure = (op: string) => () => new Error(KV_FAILURE(op));
/** Durable Object stubs mark transient failures `retryable` (Cloudflare's documented flag). */
const doFailure = () => Object.assign(new Error(DO_FAILURE), { retryable: true });

const STATEMENT_RUNS = new Set(["run", "all", "first", "raw"]);
const unwrapped = new WeakMap<object, D1PreparedStatement>();

function faultyStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "bind") return (...args: unknown[]) => faultyStatement(target.bind(...args));
      if (typeof prop === "string" && STATEMENT_RUNS.has(prop)) {
        return async (...args: unknown[]) => {
          await strike("d1", d1Failure);
          return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  unwrapped.set(proxy, statement);
  return proxy;
}

export function faultyD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare") return (query: string) => faultyStatement(target.prepare(query));
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          await strike("d1", d1Failure);
          return target.batch(statements.map((s) => unwrapped.get(s) ?? s));
        };
      }
      if (prop === "exec") {
        return async (query: string) => {
          await strike("d1", d1Failure);
          return target.exec(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const KV_OPERATIONS: Record<string, string> = { get: "GET", getWithMetadata: "GET", put: "PUT", delete: "DELETE", list: "LIST" };

export function faultyKv(kv: KVNamespace): KVNamespace {
  return new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof prop === "string" && prop in KV_OPERATIONS) {
        return async (...args: unknown[]) => {
          await strike("kv", kvFailure(KV_OPERATIONS[prop]));
          return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function faultyStub<T extends object>(stub: T): T {
  return new Proxy(stub, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      // `then` must stay undefined (a stub is not a promise); `id` and `name` are plain values.
      // RPC methods are called through Reflect.apply: `method.apply` would itself be an RPC name.
      if (typeof value !== "function" || prop === "then") return value;
      return async (...args: unknown[]) => {
        await strike("do", doFailure);
        return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
      };
    },
  });
}

/** A Durable Object namespace whose stubs fail or wait before each call (fetch and RPC alike). */
export function faultyNamespace<T extends object>(namespace: T): T {
  return new Proxy(namespace, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "get" || prop === "getByName") {
        return (...args: unknown[]) => faultyStub(Reflect.apply(value as (...a: unknown[]) => object, target, args));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The bindings with faults applied, or `env` itself when no fault is set (no wrapper, no cost).
 * Only for a development env: the root calls it after `effectiveEnv`, and checks again here.
 */
export function withFaults<E extends Pick<Env, "ENVIRONMENT" | "DB" | "SESSIONS" | "USER_REALTIME" | "RATE_LIMITER">>(env: E): E {
  if (!faultsSet() || env.ENVIRONMENT !== "development") return env;
  // Forgets the expired ones: after the last ends, requests get the plain bindings again.
  if (Object.keys(activeFaults()).length === 0) return env;
  return {
    ...env,
    DB: faultyD1(env.DB),
    SESSIONS: faultyKv(env.SESSIONS),
    USER_REALTIME: faultyNamespace(env.USER_REALTIME),
    RATE_LIMITER: faultyNamespace(env.RATE_LIMITER),
  };
}
