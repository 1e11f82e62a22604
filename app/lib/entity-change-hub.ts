/**
 * The tab's one entity-change hub, over the realtime connection. Loaded by useEntityChanges when
 * the first screen subscribes, after the first paint, as the connection it serves is (decision
 * 0061): every /app screen's first load carried it before.
 */
import { createEntityChangeHub } from "./entity-changes";
import { withRealtime } from "./realtime";

export { matchesFilter } from "./entity-changes";

let hub: ReturnType<typeof createEntityChangeHub> | null = null;

/** The hub, made on first use; `revalidate` reloads the page's loaders (every screen's reloads the same page). */
export const sharedHub = (revalidate: () => void) => (hub ??= createEntityChangeHub({ subscribe: (listener) => withRealtime((client) => client.subscribe(listener)), revalidate }));
