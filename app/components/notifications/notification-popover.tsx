import { Popover, PopoverButton, PopoverPanel, Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { CheckIcon } from "@heroicons/react/24/outline";
import { useEffect, useRef } from "react";
import { useHandOver } from "~/lib/on-demand";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { BELL_BUTTON_CLASS, BellFace } from "./bell-face";
import { NotificationList } from "./notification-list";
import { TABS, type Tab as TabKey } from "./notifications-state";
import type { Notifications } from "./use-notifications";

/** The panel opened from the bell: tabs all / unread / priority / today, mark all read. */
export function NotificationPanel({ notifications, close }: { notifications: Notifications; close: () => void }) {
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
              <TabNotifications notifications={notifications} tab={tab} close={close} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}

/** One tab's list: its own query to the API (`filter=<tab>`), asked for when first shown, and its further pages. */
function TabNotifications({ notifications, tab, close }: { notifications: Notifications; tab: TabKey; close: () => void }) {
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
      onRemove={(id) => void notifications.remove(id)}
      onOpen={(n) => {
        notifications.open(n);
        close();
      }}
      onLoadMore={nextCursor ? () => notifications.load(tab, nextCursor) : undefined}
    />
  );
}

/**
 * The bell as a Headless UI popover. It replaces the bell's plain trigger once loaded; a click or
 * the focus the trigger had carry over (`openOnMount`, `focusOnMount`).
 */
export function NotificationPopover({
  notifications,
  label,
  badge,
  className,
  openOnMount,
  focusOnMount,
}: {
  notifications: Notifications;
  label: string;
  badge: string;
  className: string;
  openOnMount: boolean;
  focusOnMount: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useHandOver(button, { openOnMount, focusOnMount });
  return (
    <Popover className={`relative ${className}`} data-realtime={notifications.status}>
      <PopoverButton ref={button} className={BELL_BUTTON_CLASS} aria-label={label}>
        <BellFace badge={badge} />
      </PopoverButton>
      <PopoverPanel anchor={{ to: "bottom end", gap: 8 }} className="z-40">
        {({ close }) => <NotificationPanel notifications={notifications} close={close} />}
      </PopoverPanel>
    </Popover>
  );
}
