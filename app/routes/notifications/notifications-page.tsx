import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { NotificationList } from "~/components/notifications/notification-list";
import { Toaster } from "~/components/notifications/toasts";
import { useFeatureAnnouncements } from "~/components/notifications/use-feature-announcements";
import { useNotifications } from "~/components/notifications/use-notifications";
import { createI18n } from "~/i18n/i18n";
import { authenticate } from "@worker/auth/middleware";
import type { Route } from "./+types/notifications-page";

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await authenticate(context.cloudflare.env, request);
  if (!auth || auth.session.pendingSecondFactor) throw redirect(`/auth?next=${encodeURIComponent("/app/notificacoes")}`);
  const { t } = createI18n(context.lang);
  return { userId: auth.user.id, title: t("notifications:ui.pageTitle") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

/** /app/notificacoes: every notification, with the header bell (until the app shell places it). */
export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const notifications = useNotifications();
  useFeatureAnnouncements(loaderData.userId);
  return (
    <>
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-2">
          <Link to="/app/meu-impacto" className="text-lg font-bold text-brand-700">
            Rumo
          </Link>
          <NotificationBell className="ml-auto" />
        </div>
      </header>
      <main id="conteudo" className="mx-auto max-w-3xl px-4 py-6">
        <div className="mb-4 flex items-center justify-between">
          <h1 className="text-2xl font-semibold">{t("ui.title")}</h1>
          <button type="button" className="text-sm font-medium text-brand-700 hover:underline disabled:opacity-40" disabled={!notifications.unreadCount} onClick={() => void notifications.markAllRead()}>
            {t("ui.markAllRead")}
          </button>
        </div>
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {notifications.loaded ? (
            <NotificationList items={notifications.items} emptyText={t("ui.empty")} onOpen={notifications.open} onRemove={(id) => void notifications.remove(id)} />
          ) : (
            <p className="px-4 py-8 text-center text-sm text-slate-500">{t("ui.loading")}</p>
          )}
        </div>
      </main>
      <Toaster />
    </>
  );
}
