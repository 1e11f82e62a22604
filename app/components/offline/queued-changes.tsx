import { lazy, Suspense, useEffect, type ReactNode } from "react";
import type { ChangeKind, QueuedChange } from "~/lib/offline/queue";
import { whenIdle } from "~/lib/on-demand";
import { useQueuedChanges } from "~/lib/offline/state";

// Most visits have nothing queued: the list's code (items, edit and discard) is out of the first
// load and fetched when the browser is idle, so it is at hand before a change is made offline
// (bundle budgets, decision 0049).
const loadList = () => import("./queued-change-list");
const QueuedChangeList = lazy(() => loadList().then((module) => ({ default: module.QueuedChangeList })));

/**
 * Changes of these kinds made offline, at once in the screen: waiting ones with a badge, refused
 * ones with the server's reason and Edit / Try again / Discard. Nothing leaves the list silently.
 */
export function QueuedChanges({ kinds, actions }: { kinds: readonly ChangeKind[]; actions?: (change: QueuedChange) => ReactNode }) {
  const count = useQueuedChanges(kinds).length;
  useEffect(() => whenIdle(() => void loadList()), []);
  if (count === 0) return null;
  return (
    <Suspense fallback={null}>
      <QueuedChangeList kinds={kinds} actions={actions} />
    </Suspense>
  );
}
