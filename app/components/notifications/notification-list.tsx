import { TrashIcon } from "@heroicons/react/24/outline";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "~/components/ui/button";
import type { RealtimeNotification } from "~/lib/realtime-client";
import { useAccountTimeZone } from "./account-time-zone";
import { NotificationIcon } from "./notification-icon";
import { timeAgo } from "./time-ago";
import { intlLocale } from "~/i18n/language";

const priorityDot: Record<RealtimeNotification["priority"], string> = {
  low: "bg-slate-300",
  medium: "bg-brand-400",
  high: "bg-orange-500",
  critical: "bg-red-600",
};

/**
 * Notifications as rows: click opens (marks read, follows the link); a button deletes; "Carregar
 * mais" when there are more pages. An unread one says so, and how urgent, in words as well as by
 * its dot. After a delete the focus goes to the next notification (else the one before, else the
 * empty list's text), not to the page's start.
 */
export function NotificationList({
  items,
  onOpen,
  onRemove,
  onLoadMore,
  emptyText,
}: {
  items: RealtimeNotification[];
  onOpen: (n: RealtimeNotification) => void;
  onRemove: (id: string) => void;
  /** Loads the next page; absent on the last one. */
  onLoadMore?: () => Promise<void>;
  emptyText: string;
}) {
  const { t, i18n } = useTranslation("notifications");
  const timeZone = useAccountTimeZone();
  // "há 5 minutos" moves on while the list is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  const list = useRef<HTMLUListElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  // The notification deleted from its button, and where it was, until it has left the list.
  const removed = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const gone = removed.current;
    if (!gone || items.some((n) => n.id === gone.id)) return;
    removed.current = null;
    const next = items[gone.index] ?? items[gone.index - 1];
    const target = next ? list.current?.querySelector<HTMLElement>(`[data-notification-id="${CSS.escape(next.id)}"] [data-open]`) : empty.current;
    target?.focus();
  }, [items]);
  const remove = (id: string, index: number) => {
    removed.current = { id, index };
    onRemove(id);
  };
  if (!items.length) {
    return (
      <p ref={empty} tabIndex={-1} className="px-4 py-8 text-center text-sm text-slate-500 focus:outline-none">
        {emptyText}
      </p>
    );
  }
  const locale = intlLocale(i18n.language);
  return (
    <>
      <ul ref={list} className="divide-y divide-slate-100" data-testid="notification-list">
        {items.map((n, index) => (
          <li key={n.id} className={`group flex items-start gap-3 px-4 py-3 ${n.isRead ? "" : "bg-brand-50/60"}`} data-read={n.isRead} data-type={n.type} data-notification-id={n.id}>
            <NotificationIcon type={n.type} />
            <button type="button" className="min-w-0 flex-1 text-left" onClick={() => onOpen(n)} data-open="">
              <span className="flex items-baseline gap-2">
                {!n.isRead && (
                  <>
                    <span className={`size-2 shrink-0 rounded-full ${priorityDot[n.priority]}`} aria-hidden />
                    <span className="sr-only">{t(`ui.unread.${n.priority}`)} </span>
                  </>
                )}
                {/* Two lines at most, the whole title on hover: a phone, which has no hover, still
                    reads most of a long one (a reminder names its task) without leaving the list. */}
                <span className="line-clamp-2 text-sm font-semibold wrap-anywhere text-slate-900" title={n.title}>
                  {n.title}
                </span>
              </span>
              {n.message && <span className="mt-0.5 line-clamp-2 block text-sm wrap-anywhere text-slate-600">{n.message}</span>}
              <span className="mt-1 block text-xs text-slate-500">
                {t(`ui.types.${n.type}` as never, { defaultValue: n.type })} · <When iso={n.createdAt} now={now} locale={locale} timeZone={timeZone} />
              </span>
            </button>
            <IconButton
              icon={TrashIcon}
              label={t("ui.delete", { title: n.title })}
              // Shown on hover or focus where there is hover; always on a touch screen, which has none
              // (hidden there, the delete was an invisible button nobody could find).
              className="rounded p-1 text-slate-400 group-hover:opacity-100 hover:text-red-600 focus:opacity-100 [@media(hover:hover)]:opacity-0"
              iconClassName="size-4"
              onClick={() => remove(n.id, index)}
            />
          </li>
        ))}
      </ul>
      {onLoadMore && <LoadMore onLoadMore={onLoadMore} />}
    </>
  );
}

function LoadMore({ onLoadMore }: { onLoadMore: () => Promise<void> }) {
  const { t } = useTranslation("notifications");
  const [loading, setLoading] = useState(false);
  return (
    <div className="flex justify-center border-t border-slate-100 p-2">
      <Button
        variant="ghost"
        loading={loading}
        onClick={() => {
          setLoading(true);
          void onLoadMore().finally(() => setLoading(false));
        }}
      >
        {t("ui.loadMore")}
      </Button>
    </div>
  );
}

/** How long ago, with the exact moment on hover; the server's clock and the browser's may differ by a word, hence no hydration warning. */
function When({ iso, now, locale, timeZone }: { iso: string; now: number; locale: string; timeZone: string | undefined }) {
  const { text, exact } = timeAgo(iso, now, locale, timeZone);
  return (
    <time dateTime={iso} title={exact} suppressHydrationWarning>
      {text}
    </time>
  );
}
