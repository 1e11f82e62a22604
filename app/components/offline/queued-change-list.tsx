import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { ChangeKind, QueuedChange } from "~/lib/offline/queue";
import { EDITABLE } from "./editable";
import { useOfflineSnapshot, useQueuedChanges } from "~/lib/offline/state";

const runtime = () => import("~/lib/offline/runtime");
// Correcting a refused change is rare: its form (and the money input) loads when asked for.
const EditForm = lazy(() => import("./queued-change-edit").then((module) => ({ default: module.EditForm })));

/**
 * The list behind `QueuedChanges` (queued-changes.tsx), loaded on demand. Changes of these kinds made offline, at once in the screen: waiting ones with a badge, refused
 * ones with the server's reason and Edit / Try again / Discard. Nothing leaves the list silently.
 */
export function QueuedChangeList({ kinds, actions }: { kinds: readonly ChangeKind[]; actions?: (change: QueuedChange) => ReactNode }) {
  const { t } = useTranslation("shell");
  const changes = useQueuedChanges(kinds);
  const all = useOfflineSnapshot().changes;
  if (changes.length === 0) return null;
  // Items whose creation the server refused: their queued edits wait for it (edit or discard).
  const refused = all.filter((change) => change.status === "failed" && change.tempId);
  return (
    <section aria-label={t("offline.listTitle")} className="space-y-2" data-testid="queued-changes">
      <h2 className="text-sm font-semibold text-slate-700">{t("offline.listTitle")}</h2>
      <ul className="space-y-2">
        {changes.map((change) => {
          const waitingFor = refused.find((creation) => change.path.split("/").includes(creation.tempId!));
          const dependents = change.tempId ? all.filter((later) => later.seq !== change.seq && later.path.split("/").includes(change.tempId!)).length : 0;
          return <QueuedItem key={change.seq ?? change.key} change={change} waitingFor={waitingFor?.label ?? null} dependents={dependents} actions={actions} />;
        })}
      </ul>
    </section>
  );
}

function QueuedItem({ change, waitingFor, dependents, actions }: { change: QueuedChange; waitingFor: string | null; dependents: number; actions?: (change: QueuedChange) => ReactNode }) {
  const { t } = useTranslation("shell");
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const failed = change.status === "failed";
  // The item was deleted meanwhile (another tab or device): nothing to correct, only to discard.
  const gone = change.error?.status === 404;
  // Sent more than a day ago with no answer (queue.ts, KEY_REMEMBERED_MS): not refused, unknown.
  // Compared as text so that this list does not load the queue's code on the first view.
  const unconfirmed = change.error?.code === "unconfirmed";
  const reason = gone ? t("offline.gone") : change.error ? [change.error.message, ...Object.values(change.error.fields ?? {})].filter(Boolean).join(" ") || String(change.error.status) : "";
  return (
    <li data-testid="pending-change" data-status={change.status} className={`rounded-xl border p-3 text-sm ${failed ? "border-red-200 bg-red-50" : "border-dashed border-amber-300 bg-amber-50"}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0">
          <span className="block text-xs text-slate-600">{t(`offline.kinds.${change.kind.replace(".", "_") as "task_create"}`)}</span>
          <span className="font-medium break-words text-slate-900">{change.label}</span>
        </span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${failed ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900"}`}>
          {failed ? t("offline.failedBadge") : t("offline.pendingBadge")}
        </span>
      </div>
      {waitingFor !== null && <p className="mt-1 text-amber-900">{t("offline.waitingFor", { label: waitingFor })}</p>}
      {!failed && actions && <div className="mt-2 flex flex-wrap items-center gap-2">{actions(change)}</div>}
      {failed && (
        <>
          <p className="mt-1 text-red-900" role="alert">
            {unconfirmed ? t("offline.unconfirmed") : t("offline.failedReason", { reason })}
          </p>
          {editing ? (
            <Suspense fallback={null}>
              <EditForm change={change} onDone={() => setEditing(false)} />
            </Suspense>
          ) : (
            <div className="mt-2 flex flex-wrap gap-2">
              {!gone && EDITABLE[change.kind].length > 0 && (
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  {t("offline.edit")}
                </Button>
              )}
              {!gone && (
                <Button variant="secondary" onClick={async () => (await runtime()).queue.retry(change).then(async () => (await runtime()).replayNow())}>
                  {t("offline.retry")}
                </Button>
              )}
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                {t("offline.discard")}
              </Button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        destructive
        title={t("offline.discard")}
        description={dependents > 0 ? t("offline.discardConfirmWithEdits", { count: dependents }) : t("offline.discardConfirm")}
        confirmLabel={t("offline.discard")}
        cancelLabel={t("offline.cancel")}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await (await runtime()).queue.discard(change);
          setConfirming(false);
        }}
      />
    </li>
  );
}
