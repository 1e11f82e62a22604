import { memo, useEffect } from "react";
import { useNotifications, type Notifications } from "./use-notifications";

/**
 * The bell's state, loaded after the first paint rather than with the page (decision 0094): the
 * lists and unread count, their API calls and the live connection (`useNotifications`), handed to
 * the bell at every change. Renders nothing; memo: the bell's own renders do not re-run it.
 */
export const NotificationsFeed = memo(function NotificationsFeed({ onChange }: { onChange: (notifications: Notifications) => void }) {
  const notifications = useNotifications();
  useEffect(() => onChange(notifications), [notifications, onChange]);
  return null;
});
