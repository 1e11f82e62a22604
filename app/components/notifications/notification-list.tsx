import { EnvelopeIcon, EnvelopeOpenIcon, TrashIcon } from "@heroicons/react/24/outline";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "~/components/ui/button";
import type { RealtimeNotification } from "~/lib/realtime-client";
import { useAccountTimeZone } from "./account-time-zone";
import { NotificationIcon } from "./notification-icon";
import { timeAgo } from "./time-ago";
import { intlLocale } from "~/i18n/language";

// A row's buttons, shown on hover or focus where there is hover; always on a touch screen, which
// has none (hidden there, the delete was an invisible button nobody could find).
const ROW_BUTTON = "rounded p-1 text-slate-400 group-hover:opacity-100 focus:opacity-100 [@media(hover:hover)]:opacity-0";

const priorityDot: Record<RealtimeNotification["priority"], string> = {
  low: "bg-slate-300",
  medium: "bg-brand-400",
  high: "bg-orange-500",
  critical: "bg-red-600",
};

/**
 * Notifications as rows: click opens (marks read, follows the link); a button marks it read or
 * unread without opening it, another deletes; "Carregar mais" when there are more pages. An
 * unread one says so, and how urgent, in words as well as by its dot.
 *
 * A delete takes its button away with the row: the undo toast's "Anular" takes the focus, as for
 * tasks and diary entries, so a keyboard user can take it back with Enter (or leave it with Escape
 * or Tab). When that toast leaves, the focus comes back here: to the notification (undone), else
 * the next one, else the one before, else the empty list's text, not to the page's start.
 */
export function NotificationList({
  items,
  onOpen,
  onRemove,
  onSetRead,
  onLoadMore,
  emptyText,
}: {
  items: RealtimeNotification[];
  onOpen: (n: RealtimeNotification) => void;
  /**
   * `returnFocus` puts the focus back in the list, where the deleted one was (on it, when `undone`);
   * false if it cannot (the list is gone).
   */
  onRemove: (id: string, returnFocus: (undone: boolean) => boolean) => void;
  /** Marks it read or unread without opening it. */
  onSetRead: (n: RealtimeNotification, isRead: boolean) => void;
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
  const shown = useRef(items);
  shown.current = items;
  const rowButton = (id: string) => list.current?.querySelector<HTMLElement>(`[data-notification-id="${CSS.escape(id)}"] [data-open]`);
  // An undone delete's row, until it is shown again: the toast leaves (and asks for the focus) in the
  // same render as the undo, but the bell's list gets its state a render later (the feed hands it
  // over in an effect), so the row is not there yet and the focus went to the next one instead.
  const awaited = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = awaited.current;
    const row = id === null ? null : rowButton(id);
    if (!row) return;
    awaited.current = null;
    // Unless the user has gone elsewhere meanwhile.
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) row.focus();
  });
  const remove = (id: string, index: number) =>
    onRemove(id, (undone) => {
      const current = shown.current;
      const here = (list.current ?? empty.current)?.isConnected;
      if (undone && here && !current.some((n) => n.id === id)) {
        awaited.current = id;
        return true;
      }
      const next = current.find((n) => n.id === id) ?? current[index] ?? current[index - 1];
      const target = next ? rowButton(next.id) : empty.current;
      if (!target?.isConnected) return false;
      target.focus();
      return true;
    });
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
              icon={n.isRead ? EnvelopeIcon : EnvelopeOpenIcon}
              label={t(n.isRead ? "ui.markUnreadOne" : "ui.markReadOne", { title: n.title })}
              className={`${ROW_BUTTON} hover:text-brand-700`}
              iconClassName="size-4"
              onClick={() => onSetRead(n, !n.isRead)}
              data-read-toggle=""
            />
            <IconButton
              icon={TrashIcon}
              label={t("ui.delete", { title: n.title })}
              className={`${ROW_BUTTON} hover:text-red-600`}
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
