import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "~/components/shell/toast-store";
import { useAfterFirstPaint } from "~/lib/after-first-paint";

export const ANNOUNCEMENT_MS = 8000;
const storageKey = (userId: string) => `rumo-feature-check-${userId}`;

/**
 * New launched features since the user's last check raise the 'Novas funcionalidades disponíveis'
 * toast (8 s, 'Ver novidades'). Showing it counts as seen: the time is stored on the server and in
 * this browser (the shell's toasts have no dismiss callback), so it appears once per launch.
 * Asked after the first paint, in its turn (decision 0054).
 */
export function useFeatureAnnouncements(userId: string, whereToLook = "/app/notificacoes") {
  // Loads the catalogue the toaster reads the keys from.
  useTranslation("notifications");
  const navigate = useNavigate();
  useAfterFirstPaint(() => {
    let cancelled = false;
    const since = localStorage.getItem(storageKey(userId));
    const query = since ? `?since=${encodeURIComponent(since)}` : "";
    fetch(`/api/v1/feature-flags/new${query}`, { credentials: "same-origin" })
      .then((r) => (r.ok ? (r.json() as Promise<{ items: unknown[] }>) : { items: [] }))
      .then((body: { items: unknown[] }) => {
        if (cancelled || !body.items.length) return;
        toast({
          tone: "success",
          // Keys, which the toaster translates as it renders: the toast follows a language switch.
          title: { key: "notifications:features.title" },
          durationMs: ANNOUNCEMENT_MS,
          action: { label: { key: "notifications:features.action" }, onClick: () => navigate(whereToLook) },
        });
        localStorage.setItem(storageKey(userId), new Date().toISOString());
        void fetch("/api/v1/feature-flags/dismiss", { method: "POST", credentials: "same-origin" }).catch(() => null);
      })
      .catch(() => null);
    return () => {
      cancelled = true;
    };
  }, [userId, navigate, whereToLook]);
}
