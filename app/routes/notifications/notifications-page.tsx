import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { NotificationTabs, tabFrom } from "~/components/notifications/notification-tabs";
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

/**
 * /app/notificacoes: every notification, page by page, with the bell panel's filters (all, unread,
 * priority, today), the chosen one in the URL (`?filter=`) so a reload or a shared link keeps it.
 */
export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const notifications = useNotifications();
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get("filter"));
  return (
    <section>
      <div className="mb-4 flex items-center justify-between">
        <h1 className="text-2xl font-bold">{t("ui.title")}</h1>
        <Button variant="link" className="disabled:opacity-40" disabled={!notifications.unreadCount} onClick={() => void notifications.markAllRead()}>
          {t("ui.markAllRead")}
        </Button>
      </div>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="notifications-page">
        <NotificationTabs
          notifications={notifications}
          tab={tab}
          onTabChange={(next) =>
            setParams(
              (current) => {
                const changed = new URLSearchParams(current);
                if (next === "all") changed.delete("filter");
                else changed.set("filter", next);
                return changed;
              },
              // A filter is no place in the history to go back to, and the page stays where it is.
              { replace: true, preventScrollReset: true },
            )
          }
          listClassName="flex gap-1 border-b border-slate-100 px-3 pt-2"
        />
      </div>
    </section>
  );
}
