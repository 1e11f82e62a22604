import type { RealtimeMessage } from "./realtime-client";

/** A change to one of the user's records, pushed by the server (worker/notifications/notify.ts). */
export type EntityChange = Extract<RealtimeMessage, { type: "entity.changed" }>;

/**
 * The account itself (language, zone, preferences, plan): published by `PATCH /me` and by Stripe's
 * webhook, so the user's other tabs reload what the layout read from it.
 */
export const ACCOUNT_ENTITY = "account";

/** Which changes a screen cares about: entity names ("task", "transaction"…) or a predicate. */
export type EntityFilter = readonly string[] | ((change: EntityChange) => boolean);

/** A burst of changes (an import, a sync) settles into one revalidation after this quiet time… */
export const ENTITY_CHANGE_DEBOUNCE_MS = 250;
/** …but a change is never held back longer than this while the burst goes on. */
export const ENTITY_CHANGE_MAX_WAIT_MS = 2000;

export function matchesFilter(filter: EntityFilter, change: EntityChange): boolean {
  return typeof filter === "function" ? filter(change) : filter.includes(change.entity);
}

type Listener = { filter: EntityFilter; onChange?: (changes: EntityChange[]) => void };

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void; now: () => number };

/**
 * One subscription to the realtime connection for every screen of the tab. Screens register a
 * filter; when a burst of messages settles, each screen with a matching change gets its callback
 * and the page revalidates once, however many screens matched. A `resync` (the server could not
 * replay what was missed) counts as a change for every screen.
 */
export function createEntityChangeHub(options: {
  subscribe: (listener: (message: RealtimeMessage) => void) => () => void;
  revalidate: () => void;
  timers?: Timers;
  debounceMs?: number;
  maxWaitMs?: number;
}) {
  const timers: Timers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (id) => clearTimeout(id as number), now: () => Date.now() };
  const debounceMs = options.debounceMs ?? ENTITY_CHANGE_DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? ENTITY_CHANGE_MAX_WAIT_MS;
  const listeners = new Set<Listener>();
  let pending: EntityChange[] = [];
  let resync = false;
  let firstPendingAt: number | null = null;
  let timer: unknown = null;
  let unsubscribe: (() => void) | null = null;

  function flush() {
    timer = null;
    firstPendingAt = null;
    const changes = pending;
    const everything = resync;
    pending = [];
    resync = false;
    let touched = false;
    for (const listener of listeners) {
      const mine = everything ? changes : changes.filter((change) => matchesFilter(listener.filter, change));
      if (!everything && mine.length === 0) continue;
      touched = true;
      listener.onChange?.(mine);
    }
    if (touched) options.revalidate();
  }

  function receive(message: RealtimeMessage) {
    if (message.type === "resync") resync = true;
    else if (message.type === "entity.changed") pending.push(message);
    else return;
    const now = timers.now();
    firstPendingAt ??= now;
    if (timer !== null) timers.clearTimeout(timer);
    const wait = Math.min(debounceMs, Math.max(0, firstPendingAt + maxWaitMs - now));
    timer = timers.setTimeout(flush, wait);
  }

  return {
    /** Registers a screen's interest; returns the function that removes it. */
    register(listener: Listener): () => void {
      listeners.add(listener);
      unsubscribe ??= options.subscribe(receive);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unsubscribe?.();
        unsubscribe = null;
        if (timer !== null) timers.clearTimeout(timer);
        timer = null;
        pending = [];
        resync = false;
        firstPendingAt = null;
      };
    },
  };
}
