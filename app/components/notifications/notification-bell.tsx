import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { onDemand, useOnDemand } from "~/lib/on-demand";
import { badgeLabel } from "./badge";
import { BELL_BUTTON_CLASS, BellFace } from "./bell-face";
import { useNotifications } from "./use-notifications";

// The popover (Headless UI popover, floating-ui, tabs) is not part of the first load (decision 0042).
const popover = onDemand(() => import("./notification-popover"));

/** The header's bell: unread badge (capped at '99+') and the notification panel. */
export function NotificationBell({ className = "" }: { className?: string }) {
  const { t } = useTranslation("notifications");
  const notifications = useNotifications();
  const badge = badgeLabel(notifications.unreadCount);
  const label = badge ? t("ui.bellWithCount", { count: notifications.unreadCount }) : t("ui.bell");
  const [loaded, request] = useOnDemand(popover);
  const trigger = useRef<HTMLButtonElement>(null);
  const [clicked, setClicked] = useState(false);
  if (loaded) {
    const focused = typeof document !== "undefined" && trigger.current !== null && document.activeElement === trigger.current;
    return <loaded.NotificationPopover notifications={notifications} label={label} badge={badge} className={className} openOnMount={clicked} focusOnMount={focused} />;
  }
  // Until then a plain button that looks and reads the same; a click opens the panel once it is there.
  return (
    <div className={`relative ${className}`} data-realtime={notifications.status}>
      <button
        ref={trigger}
        type="button"
        aria-expanded={false}
        className={BELL_BUTTON_CLASS}
        aria-label={label}
        onPointerEnter={request}
        onFocus={request}
        onClick={() => {
          setClicked(true);
          request();
        }}
      >
        <BellFace badge={badge} />
      </button>
    </div>
  );
}
