import { useTranslation } from "react-i18next";
import { useOfflineSnapshot } from "~/lib/offline/state";
import { usePwaState } from "~/lib/pwa/state";
import { useOnline } from "~/lib/use-online";

/**
 * Above every /app screen, only when there is something to say: offline (the data shown is the
 * last saved), the count of changes waiting to be sent or refused, and a storage that refused one.
 * Only the state of the connection and the dropped changes are announced: the counts and the
 * storage's refusal change with each write, whose own toast says it already.
 */
export function OfflineStatus() {
  const { t } = useTranslation("shell");
  const online = useOnline();
  const { servedFromCache } = usePwaState();
  const { changes, storageError, dropped } = useOfflineSnapshot();
  const pending = changes.filter((change) => change.status === "pending").length;
  const failed = changes.length - pending;
  if (online && !servedFromCache && changes.length === 0 && !storageError && dropped === 0) return null;
  return (
    <div data-testid="offline-status" data-served-from-cache={servedFromCache || undefined} className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-800">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1">
        <span role="status" className="empty:hidden">
          {!online ? <span className="font-medium">{t("offline.banner")}</span> : servedFromCache && t("offline.servedFromCache")}
        </span>
        {pending > 0 && (
          <span data-testid="offline-pending-count" className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
            {t("offline.pending", { count: pending })}
          </span>
        )}
        {failed > 0 && <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-900">{t("offline.failed", { count: failed })}</span>}
        {storageError && <span className="text-red-800">{t(`offline.storage.${storageError}`)}</span>}
        {dropped > 0 && (
          <span role="status" className="text-red-800" data-testid="offline-dropped">
            {t("offline.dropped", { count: dropped })}
          </span>
        )}
      </div>
    </div>
  );
}
