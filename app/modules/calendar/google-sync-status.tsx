/**
 * The calendar screen's small Google Calendar line: when it last synced, that it is paused (the
 * plan no longer includes it) with the upgrade link, or a prompt to connect again (the access was
 * revoked or expired). Nothing when Google Calendar is not connected.
 */
import { ExclamationTriangleIcon } from "@heroicons/react/24/outline";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useEntityChanges } from "~/lib/use-entity-changes";
import { useGoogleCalendarStatus, useSyncTime } from "./google-status";

export function GoogleSyncStatus() {
  const { t } = useTranslation(["calendar", "billing"]);
  const when = useSyncTime();
  const { state, reload } = useGoogleCalendarStatus();
  // A sync (the button, or the background job) publishes an event change: read the time again.
  useEntityChanges(["event"], () => void reload());
  const connection = state?.connection;
  if (!connection) return null;
  if (connection.paused)
    return (
      <p role="status" className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="google-sync-status">
        <ExclamationTriangleIcon className="h-4 w-4 shrink-0" aria-hidden="true" />
        {t("google.statusPaused")}
        <Link to="/app/premium" className="font-semibold underline">
          {t("billing:actions.upgrade")}
        </Link>
      </p>
    );
  if (connection.status === "reconnect")
    return (
      <p role="status" className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="google-sync-status">
        <ExclamationTriangleIcon className="h-4 w-4 shrink-0" aria-hidden="true" />
        {t("google.statusReconnect")}
        <Link to="/app/perfil?tab=preferences" className="font-semibold underline">
          {t("google.reconnect")}
        </Link>
      </p>
    );
  return (
    <p className="text-xs text-slate-500" data-testid="google-sync-status">
      {connection.lastSyncAt ? t("google.statusSynced", { date: when(connection.lastSyncAt) }) : `${t("google.title")}: ${t("google.neverSynced")}`}
      {" · "}
      <Link to="/app/perfil?tab=preferences" className="underline">
        {t("google.statusSettings")}
      </Link>
    </p>
  );
}
