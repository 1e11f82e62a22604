import type { RealtimeClient } from "./realtime-client";

let loaded: RealtimeClient | null = null;

/**
 * The tab's realtime client, loaded on first use rather than with every /app page: nothing on a
 * first view needs the connection before the page has painted (decision 0061).
 */
export const loadRealtime = (): Promise<RealtimeClient> => import("./realtime-client").then((m) => (loaded = m.realtime()));

/**
 * Runs `start` with the tab's realtime client once its code has arrived and returns the function
 * that undoes it, whether called before or after that: a screen left while the code was on its
 * way never opens the connection.
 */
export function withRealtime(start: (client: RealtimeClient) => () => void): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  loadRealtime().then(
    (client) => {
      if (!cancelled) stop = start(client);
    },
    // The code could not arrive (a deploy replaced it): the page goes on without live updates, as
    // it would with the socket down; its next load brings the new code.
    () => undefined,
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}

/**
 * Sign-out: forgets the connection and what it saw. A client never loaded has nothing to forget,
 * and its code is not fetched for that (offline, it could not be).
 */
export function resetRealtime() {
  loaded?.reset();
}
