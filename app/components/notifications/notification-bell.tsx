import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { afterFirstPaint } from "~/lib/after-first-paint";
import { onDemand, useHeldDown, useOnDemand } from "~/lib/on-demand";
import { badgeLabel } from "./badge";
import { BELL_BUTTON_CLASS, BellFace } from "./bell-face";
import type { Notifications } from "./use-notifications";

// Neither is part of the first load (decisions 0042, 0094): the bell's state (the lists, the unread
// count, the live connection) arrives after the first paint, its popover (Headless UI popover,
// floating-ui, tabs) once the page has settled. A reach for the bell asks for both at once.
const feed = onDemand(() => import("./notifications-feed"));
const popover = onDemand(() => import("./notification-popover"));

/** The header's bell: unread badge (capped at '99+') and the notification panel. */
export function NotificationBell({ className = "" }: { className?: string }) {
  const { t } = useTranslation("notifications");
  const [notifications, setNotifications] = useState<Notifications | null>(null);
  const [live, requestFeed] = useOnDemand(feed, { prefetch: afterFirstPaint });
  const [loaded, requestPopover] = useOnDemand(popover);
  const request = useCallback(() => {
    requestFeed();
    requestPopover();
  }, [requestFeed, requestPopover]);
  const unread = notifications?.unreadCount ?? 0;
  const badge = badgeLabel(unread);
  const label = badge ? t("ui.bellWithCount", { count: unread }) : t("ui.bell");
  const trigger = useRef<HTMLButtonElement>(null);
  const [clicked, setClicked] = useState(false);
  const [held, press] = useHeldDown();
  // Always first, so that swapping the button for the popover keeps the feed (and its state) mounted.
  const state = live && <live.NotificationsFeed onChange={setNotifications} />;
  if (loaded && notifications && !held) {
    const focused = typeof document !== "undefined" && trigger.current !== null && document.activeElement === trigger.current;
    return (
      <>
        {state}
        <loaded.NotificationPopover notifications={notifications} label={label} badge={badge} className={className} openOnMount={clicked} focusOnMount={focused} />
      </>
    );
  }
  // Until then a plain button that looks and reads the same (no count yet: the server renders it so
  // too); a click opens the panel once both are there.
  return (
    <>
      {state}
      <div className={`relative ${className}`} data-realtime={notifications?.status ?? "idle"}>
        <button
          ref={trigger}
          type="button"
          aria-expanded={false}
          className={BELL_BUTTON_CLASS}
          aria-label={label}
          onPointerEnter={request}
          onPointerDown={press}
          onFocus={request}
          onClick={() => {
            setClicked(true);
            request();
          }}
        >
          <BellFace badge={badge} />
        </button>
      </div>
    </>
  );
}
