/**
 * Perfil → Preferências → Google Calendar (docs/decisions/0035): connect (or connect again after
 * Google refused the access), the calendars to show, 'Sincronizar agora', the last sync, and
 * disconnect; while the plan does not include sync, that it is paused and the upgrade notice
 * (0079). Everything goes through /api/v1/calendar/google.
 */
import { ArrowPathIcon } from "@heroicons/react/24/outline";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PremiumNotice } from "~/components/billing/premium-notice";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Notice } from "~/components/ui/form";
import { Loading } from "~/components/ui/skeleton";
import { Switch } from "~/components/ui/switch";
import { screenToast } from "~/components/shell/toast-store";
import { localeOf, sanitizeLanguage, type Language } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { useGoogleCalendarStatus, useSyncTime, type GoogleCalendarStatus } from "./google-status";

type SyncAnswer = GoogleCalendarStatus & { result: { status: string; created: number; updated: number; deleted: number } };

const OUTCOMES = ["connected", "failed", "scope", "unavailable"] as const;

export function GoogleCalendarSettings() {
  const { t } = useTranslation("calendar");
  const when = useSyncTime();
  const [params] = useSearchParams();
  const { state, setState, error } = useGoogleCalendarStatus();
  const [busy, setBusy] = useState<null | "connect" | "sync" | "disconnect" | string>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(() => {
    const outcome = OUTCOMES.find((o) => o === params.get("google"));
    if (!outcome) return null;
    return outcome === "connected" ? { tone: "success", text: t("google.connectedNotice") } : { tone: "error", text: t(`google.${outcome}`) };
  });
  const [confirming, setConfirming] = useState(false);
  // The calendar about to be hidden: its events brought from Google leave Rumo, so the user confirms first.
  const [hiding, setHiding] = useState<{ id: string; summary: string } | null>(null);

  async function connect() {
    setBusy("connect");
    setMessage(null);
    const result = await apiFetch<GoogleCalendarStatus & { authorizeUrl: string | null }>("/calendar/google/connect", { method: "POST" });
    if (result.ok && result.data.authorizeUrl) {
      // Google asks for the calendar scope (only what is missing) and sends the browser back here.
      window.location.assign(result.data.authorizeUrl);
      return;
    }
    setBusy(null);
    if (result.ok) {
      setState(result.data);
      setMessage({ tone: "success", text: t("google.connectedNotice") });
      void syncNow();
    } else setMessage({ tone: "error", text: result.status === 402 ? t("google.premium") : result.error.message || t("google.failed") });
  }

  async function syncNow() {
    setBusy("sync");
    const result = await apiFetch<SyncAnswer>("/calendar/google/sync", { method: "POST" });
    setBusy(null);
    if (!result.ok) {
      setMessage({ tone: "error", text: result.status === 402 ? t("google.premium") : result.error.message || t("google.retryLater") });
      return;
    }
    setState(result.data);
    const { result: r } = result.data;
    if (r.status === "ok") screenToast(
        t("google.synced", {
          created: t("google.syncedCreated", { count: r.created }),
          updated: t("google.syncedUpdated", { count: r.updated }),
          deleted: t("google.syncedDeleted", { count: r.deleted }),
        }),
        undefined,
        "success",
      );
    else if (r.status === "retry") setMessage({ tone: "info", text: t("google.retryLater") });
  }

  async function toggle(id: string, selected: boolean) {
    setBusy(id);
    const result = await apiFetch<GoogleCalendarStatus>(`/calendar/google/calendars/${id}`, { method: "PATCH", body: { selected } });
    setBusy(null);
    setHiding(null);
    if (!result.ok) {
      setMessage({ tone: "error", text: result.status === 402 ? t("google.premium") : result.error.message });
      return;
    }
    setState(result.data);
    // A calendar just chosen comes in with the next sync: run it now.
    if (selected) void syncNow();
  }

  async function disconnect() {
    setBusy("disconnect");
    const result = await apiFetch("/calendar/google", { method: "DELETE" });
    setBusy(null);
    setConfirming(false);
    if (result.ok) {
      setState({ connection: null });
      screenToast({ key: "calendar:google.disconnected" }, undefined, "success");
    } else setMessage({ tone: "error", text: result.error.message });
  }

  const connection = state?.connection;
  // Paused by the plan: nothing to choose or sync (those are paid writes) until it includes sync again.
  const active = connection?.status === "connected" && !connection.paused;
  return (
    <section aria-labelledby="google-calendar-title" className="space-y-3 border-t border-slate-200 pt-6" data-testid="google-calendar-settings">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="google-calendar-title" className="text-lg font-semibold">
          {t("google.title")}
        </h2>
        {active && <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">{t("google.connected")}</span>}
        {connection?.paused && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t("google.paused")}</span>}
      </div>
      <p className="text-sm text-slate-600">{t("google.description")}</p>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {error && !state && <Notice tone="error">{t("google.loadError")}</Notice>}
      {!state && !error && <Loading lines={2} />}

      {state && !connection && (
        <div className="space-y-2">
          <Button onClick={() => void connect()} loading={busy === "connect"}>
            {busy === "connect" ? t("google.connecting") : t("google.connect")}
          </Button>
          <p className="text-xs text-slate-500">{t("google.premium")}</p>
        </div>
      )}

      {connection?.paused && (
        <div className="space-y-2" data-testid="google-paused">
          <p className="text-sm text-slate-700">{t("google.pausedBody")}</p>
          <PremiumNotice />
        </div>
      )}

      {connection?.status === "reconnect" && !connection.paused && (
        <div role="alert" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold text-amber-900">{t("google.reconnectTitle")}</p>
          <p className="text-sm text-amber-900">{t("google.reconnectBody")}</p>
          <Button onClick={() => void connect()} loading={busy === "connect"}>
            {t("google.reconnect")}
          </Button>
        </div>
      )}

      {connection && (
        <div className="space-y-4">
          {active && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-800">{t("google.calendars")}</legend>
              {connection.calendars.length === 0 && <p className="text-sm text-slate-500">{t("google.noCalendars")}</p>}
              <ul className="space-y-2">
                {connection.calendars.map((calendar) => (
                  <li key={calendar.id} className="flex items-center gap-3">
                    <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: calendar.color ?? "#94a3b8" }} />
                    <Switch
                      className="flex-1"
                      label={calendar.primary ? `${calendar.summary} (${t("google.primary")})` : calendar.summary}
                      checked={calendar.selected}
                      disabled={busy !== null}
                      onChange={(selected) => (selected ? void toggle(calendar.id, true) : setHiding({ id: calendar.id, summary: calendar.summary }))}
                    />
                  </li>
                ))}
              </ul>
              <p className="text-xs text-slate-500">{t("google.hideHint")}</p>
            </fieldset>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {active && (
              <Button variant="secondary" onClick={() => void syncNow()} loading={busy === "sync"} disabled={busy !== null && busy !== "sync"}>
                <ArrowPathIcon className="h-4 w-4" aria-hidden="true" />
                {busy === "sync" ? t("google.syncing") : t("google.syncNow")}
              </Button>
            )}
            <Button variant="ghost" onClick={() => setConfirming(true)} disabled={busy !== null}>
              {t("google.disconnect")}
            </Button>
          </div>
          <p className="text-sm text-slate-600" data-testid="google-last-sync">
            {connection.lastSyncAt ? t("google.lastSync", { date: when(connection.lastSyncAt) }) : t("google.neverSynced")}
            {connection.pendingChanges > 0 && <span className="ml-2 text-amber-800">· {t("google.pending", { count: connection.pendingChanges })}</span>}
          </p>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title={t("google.disconnectTitle")}
        description={t("google.disconnectBody")}
        confirmLabel={t("google.disconnect")}
        destructive
        pending={busy === "disconnect"}
        onConfirm={disconnect}
        onCancel={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={hiding !== null}
        title={t("google.hideTitle", { name: hiding?.summary ?? "" })}
        description={t("google.hideBody")}
        confirmLabel={t("google.hide")}
        destructive
        pending={hiding !== null && busy === hiding.id}
        onConfirm={() => (hiding ? toggle(hiding.id, false) : undefined)}
        onCancel={() => setHiding(null)}
      />
    </section>
  );
}
