/**
 * The Google Calendar connection's status as the screens read it: apart from the settings panel
 * (google-settings.tsx) so the calendar's sync line does not bring that panel into the calendar's
 * first load (bundle budgets, decision 0049).
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { intlLocale } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { dateTimeFormat } from "~/lib/intl";
import type { loader as layoutLoader } from "~/routes/app/layout";

export type GoogleCalendarStatus = {
  connection: null | {
    status: "connected" | "reconnect";
    /** The plan no longer includes calendar sync: nothing is synced until it does again. */
    paused: boolean;
    lastSyncAt: string | null;
    lastError: string | null;
    pendingChanges: number;
    calendars: { id: string; summary: string; color: string | null; primary: boolean; selected: boolean }[];
  };
};

/**
 * A moment as the user reads it: their language's date and time, in their account's time zone
 * (the signed-in layout's, as the calendar's own times), not the browser's.
 */
export function useSyncTime() {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const timeZone = useRouteLoaderData<typeof layoutLoader>("routes/app/layout")?.user.timeZone;
  return (iso: string) => dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
}

/** The connection's status from the API (null while loading; `error` when it could not be read). */
export function useGoogleCalendarStatus() {
  const [state, setState] = useState<GoogleCalendarStatus | null>(null);
  const [error, setError] = useState(false);
  const reload = useCallback(async () => {
    const result = await apiFetch<GoogleCalendarStatus>("/calendar/google");
    if (result.ok) {
      setState(result.data);
      setError(false);
    } else setError(true);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, setState, error, reload };
}
