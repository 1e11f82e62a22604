import { Popover, PopoverButton, PopoverPanel, Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { BellIcon, CheckIcon } from "@heroicons/react/24/outline";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { badgeLabel } from "./badge";
import { NotificationList } from "./notification-list";
import { filterNotifications, type Tab as TabKey } from "./notifications-state";
import { useNotifications } from "./use-notifications";

const TABS: TabKey[] = ["all", "unread", "priority", "today"];

/** The panel opened from the bell: tabs all / unread / priority / today, mark all read. */
export function NotificationPanel({ notifications, close }: { notifications: ReturnType<typeof useNotifications>; close: () => void }) {
  const { t } = useTranslation("notifications");
  return (
    <div className="w-[min(24rem,calc(100vw-2rem))] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl">
      <div className="flex items-center justify-between px-4 pt-3">
        <h2 className="font-semibold text-slate-900">{t("ui.title")}</h2>
        <Button variant="link" className="gap-1! text-xs! disabled:opacity-40" disabled={notifications.unreadCount === 0} onClick={() => void notifications.markAllRead()}>
          <CheckIcon className="size-4" aria-hidden />
          {t("ui.markAllRead")}
        </Button>
      </div>
      <TabGroup>
        <TabList className="flex gap-1 border-b border-slate-100 px-3 pt-2">
          {TABS.map((tab) => (
            <Tab
              key={tab}
              className="rounded-t-md px-2.5 py-1.5 text-xs font-medium text-slate-500 data-[selected]:border-b-2 data-[selected]:border-brand-600 data-[selected]:text-brand-700 focus:outline-none"
            >
              {t(`ui.tabs.${tab}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="max-h-[60vh] overflow-y-auto">
          {TABS.map((tab) => (
            <TabPanel key={tab}>
              {notifications.loaded ? (
                <NotificationList
                  items={filterNotifications(notifications.items, tab)}
                  emptyText={tab === "all" ? t("ui.empty") : t("ui.emptyFilter")}
                  onRemove={(id) => void notifications.remove(id)}
                  onOpen={(n) => {
                    notifications.open(n);
                    close();
                  }}
                />
              ) : (
                <p className="px-4 py-8 text-center text-sm text-slate-500">{t("ui.loading")}</p>
              )}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}

/** The header's bell: unread badge (capped at '99+') and the notification panel. */
export function NotificationBell({ className = "" }: { className?: string }) {
  const { t } = useTranslation("notifications");
  const notifications = useNotifications();
  const badge = badgeLabel(notifications.unreadCount);
  return (
    <Popover className={`relative ${className}`} data-realtime={notifications.status}>
      <PopoverButton
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        aria-label={badge ? t("ui.bellWithCount", { count: notifications.unreadCount }) : t("ui.bell")}
      >
        <BellIcon className="size-5" aria-hidden />
        {badge && (
          <span data-testid="notification-badge" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white">
            {badge}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel anchor={{ to: "bottom end", gap: 8 }} className="z-40">
        {({ close }) => <NotificationPanel notifications={notifications} close={close} />}
      </PopoverPanel>
    </Popover>
  );
}
