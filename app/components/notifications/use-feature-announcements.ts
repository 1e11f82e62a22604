import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { showToast } from "./toasts";

export const ANNOUNCEMENT_MS = 8000;
const storageKey = (userId: string) => `rumo-feature-check-${userId}`;

/**
 * New launched features since the user's last check raise the 'Novas funcionalidades disponíveis'
 * toast (8 s, 'Ver novidades'); dismissing it stores the time, on the server and in this browser.
 */
export function useFeatureAnnouncements(userId: string, whereToLook = "/app/notificacoes") {
  const { t } = useTranslation("notifications");
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    const since = localStorage.getItem(storageKey(userId));
    const query = since ? `?since=${encodeURIComponent(since)}` : "";
    fetch(`/api/v1/feature-flags/new${query}`, { credentials: "same-origin" })
      .then((r) => (r.ok ? (r.json() as Promise<{ items: unknown[] }>) : { items: [] }))
      .then((body: { items: unknown[] }) => {
        if (cancelled || !body.items.length) return;
        showToast({
          id: "feature-announcements",
          title: t("features.title"),
          variant: "success",
          durationMs: ANNOUNCEMENT_MS,
          action: { label: t("features.action"), onClick: () => navigate(whereToLook) },
          onDismiss: () => {
            const now = new Date().toISOString();
            localStorage.setItem(storageKey(userId), now);
            void fetch("/api/v1/feature-flags/dismiss", { method: "POST", credentials: "same-origin" }).catch(() => null);
          },
        });
      })
      .catch(() => null);
    return () => {
      cancelled = true;
    };
  }, [userId, t, navigate, whereToLook]);
}
