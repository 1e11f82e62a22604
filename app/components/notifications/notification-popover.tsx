import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { CheckIcon } from "@heroicons/react/24/outline";
import { useRef, useState } from "react";
import { useHandOver } from "~/lib/on-demand";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { BELL_BUTTON_CLASS, BellFace } from "./bell-face";
import { BrowserNotificationsOffer } from "./browser-notifications-offer";
import { NotificationTabs } from "./notification-tabs";
import type { Tab } from "./notifications-state";
import type { Notifications } from "./use-notifications";

/**
 * The panel opened from the bell: the offer to turn on browser notifications (while undecided),
 * the filters all / unread / priority / today (the same as /app/notificacoes), mark all read.
 */
export function NotificationPanel({ notifications, close }: { notifications: Notifications; close: () => void }) {
  const { t } = useTranslation("notifications");
  const [tab, setTab] = useState<Tab>("all");
  return (
    <div className="w-[min(24rem,calc(100vw-2rem))] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl" data-testid="notification-panel">
      <div className="flex items-center justify-between px-4 pt-3">
        <h2 className="font-semibold text-slate-900">{t("ui.title")}</h2>
        <Button variant="link" className="gap-1! text-xs! disabled:opacity-40" disabled={notifications.unreadCount === 0} onClick={() => void notifications.markAllRead()}>
          <CheckIcon className="size-4" aria-hidden />
          {t("ui.markAllRead")}
        </Button>
      </div>
      <BrowserNotificationsOffer place="panel" />
      <NotificationTabs
        notifications={notifications}
        tab={tab}
        onTabChange={setTab}
        onOpened={close}
        listClassName="flex gap-1 border-b border-slate-100 px-3 pt-2"
        panelsClassName="max-h-[60vh] overflow-y-auto"
      />
    </div>
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
