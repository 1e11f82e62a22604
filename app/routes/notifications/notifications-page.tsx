import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { NotificationList } from "~/components/notifications/notification-list";
import { useNotifications } from "~/components/notifications/use-notifications";
import { Button } from "~/components/ui/button";
import { serverI18n } from "~/i18n/i18n.server";
import type { Route } from "./+types/notifications-page";

export const handle: I18nHandle = { i18n: ["notifications"] };

export function loader({ context }: Route.LoaderArgs) {
  // The /app layout's loader is the sign-in guard.
  return { title: serverI18n(context.lang).t("notifications:ui.pageTitle") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

/** /app/notificacoes: every notification, page by page (the bell's panel shows the same, live). */
export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const notifications = useNotifications();
  const { items, loaded, nextCursor } = notifications.lists.all;
  return (
    <section>
      <div className="mb-4 flex items-center justify-between">
        <h1 className="text-2xl font-bold">{t("ui.title")}</h1>
        <Button variant="link" className="disabled:opacity-40" disabled={!notifications.unreadCount} onClick={() => void notifications.markAllRead()}>
          {t("ui.markAllRead")}
        </Button>
      </div>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="notifications-page">
        {loaded ? (
          <NotificationList
            items={items}
            emptyText={t("ui.empty")}
            onOpen={notifications.open}
            onRemove={(id) => void notifications.remove(id)}
            onLoadMore={nextCursor ? () => notifications.load("all", nextCursor) : undefined}
          />
        ) : (
          <p className="px-4 py-8 text-center text-sm text-slate-500">{t("ui.loading")}</p>
        )}
      </div>
    </section>
  );
}
