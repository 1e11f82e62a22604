import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/tabs";
import type { RealtimeNotification } from "~/lib/realtime-client";
import { NotificationList } from "./notification-list";
import { TABS, type Tab } from "./notifications-state";
import type { Notifications } from "./use-notifications";

/** A tab's name as a URL gives it (`?filter=`), "all" for anything else. */
export const tabFrom = (value: string | null | undefined): Tab => TABS.find((tab) => tab === value) ?? "all";

/**
 * The filters all / unread / priority / today over the notifications, each tab its own list from
 * the API (decision 0088), for the bell's panel and /app/notificacoes alike. Plain-markup tabs
 * (ui/tabs): the page's first load carries no Headless UI for them. The caller owns the selection
 * (the panel in its state, the page in `?filter=`).
 */
export function NotificationTabs({
  notifications,
  tab,
  onTabChange,
  onOpened,
  listClassName,
  panelsClassName,
}: {
  notifications: Notifications;
  tab: Tab;
  onTabChange: (tab: Tab) => void;
  /** After a notification was opened (the panel closes). */
  onOpened?: () => void;
  listClassName: string;
  panelsClassName?: string;
}) {
  const { t } = useTranslation("notifications");
  return (
    <Tabs
      selectedIndex={TABS.indexOf(tab)}
      onChange={(index) => onTabChange(TABS[index])}
      listClassName={listClassName}
      tabClassName="rounded-t-md px-2.5 py-1.5 text-xs font-medium text-slate-500 data-[selected]:border-b-2 data-[selected]:border-brand-600 data-[selected]:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      panelsClassName={panelsClassName}
      tabs={TABS.map((key) => ({
        label: t(`ui.tabs.${key}`),
        panelClassName: "focus:outline-none",
        panel: (
          <TabNotifications
            key={key}
            notifications={notifications}
            tab={key}
            onOpen={(n) => {
              notifications.open(n);
              onOpened?.();
            }}
          />
        ),
      }))}
    />
  );
}

/** One tab's list: its own query to the API (`filter=<tab>`), asked for when first shown, and its further pages. */
function TabNotifications({ notifications, tab, onOpen }: { notifications: Notifications; tab: Tab; onOpen: (n: RealtimeNotification) => void }) {
  const { t } = useTranslation("notifications");
  const list = notifications.lists[tab];
  const { load } = notifications;
  // "all" is the hook's own (after the first paint, and on every reload).
  const ask = tab !== "all" && !list.loaded && list.arrivedWhileLoading === null;
  useEffect(() => {
    if (ask) void load(tab);
  }, [ask, load, tab]);
  if (!list.loaded) return <p className="px-4 py-8 text-center text-sm text-slate-500">{t("ui.loading")}</p>;
  const { nextCursor } = list;
  return (
    <NotificationList
      items={list.items}
      emptyText={tab === "all" ? t("ui.empty") : t("ui.emptyFilter")}
      onRemove={(id, returnFocus) => void notifications.remove(id, returnFocus)}
      onSetRead={(n, isRead) => void notifications.setRead(n, isRead)}
      onOpen={onOpen}
      onLoadMore={nextCursor ? () => notifications.load(tab, nextCursor) : undefined}
    />
  );
}
