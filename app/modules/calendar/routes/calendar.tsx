import { Description, Dialog, DialogPanel, DialogTitle, onDemandDialog } from "~/components/ui/dialog";
import { GoogleSyncStatus } from "../google-sync-status";
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from "@heroicons/react/24/outline";
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useNavigation, useRevalidator } from "react-router";
import { screenToast } from "~/components/shell/toast-store";
import { Button, IconButton } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { TextField } from "~/components/ui/field";
import { deleteWithUndo } from "~/components/ui/undo";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { apiFetch } from "~/lib/api";
import { requireUser } from "~/lib/auth.server";
import { ScreenLoadError } from "~/components/ui/screen-load-error";
import { useEntityChanges } from "~/lib/use-entity-changes";
import { isOfflineId, offlineSnapshot, useOfflineSnapshot } from "~/lib/offline/state";
import { queuedEvents, withQueuedEventEdits } from "../queued-events";
import { useRevalidateOnNewDay } from "~/lib/use-revalidate-on-new-day";
import { database } from "@worker/db/client";
import { scopedTo } from "@worker/db/scoped";
import { known, readAll, run } from "@worker/db/reads";
import { findSeriesRead, occurrencesBetweenRead, occurrencesWithinRead, seriesStartOf, windowMs } from "@worker/modules/calendar/queries";
import { userTimelineRead, userTimelineWithinRead } from "@worker/modules/timeline";
import { sql, type SQL } from "drizzle-orm";
import { draftOf, type EventDraft, type Scope } from "../event-draft";
import {
  addDays,
  agendaDays,
  datesOf,
  dayBlocks,
  instantAt,
  isDate,
  monthWeeks,
  moved,
  resized,
  snap,
  stepAnchor,
  visibleRange,
  VIEWS,
  wallOf,
  weekBars,
  type AgendaPart,
  type CalendarItem,
  type View,
} from "../layout";
import { taskChange } from "../task-change";
import type { Route } from "./+types/calendar";
import { dateTimeFormat } from "~/lib/intl";
import { intlLocale, type Language } from "~/i18n/language";
import { weekdayNames } from "~/lib/dates";

// The event dialog (its form, the time zone combobox, the recurrence editor) loads on first use or
// when the page is idle, not with the screen (decision 0042).
// The ICS import and the feed link are only needed when asked for: out of the first load (decision 0049).
const IcsImportDialog = onDemandDialog(
  () => import("../ics-dialog").then((m) => m.IcsImportDialog),
  (props) => props.open,
);
const SubscribeDialog = onDemandDialog(
  () => import("../subscribe-dialog").then((m) => m.SubscribeDialog),
  (props) => props.open,
);
// The list of changes made offline: most visits have none, so its code loads when there are some
// (precached by the service worker, so offline too).
const QueuedChangeList = lazy(() => import("~/components/offline/queued-change-list").then((m) => ({ default: m.QueuedChangeList })));
const EventDialog = onDemandDialog(
  () => import("../event-dialog").then((m) => m.EventDialog),
  (props) => props.draft !== null,
);

export const handle: I18nHandle = { i18n: ["calendar", "ui"] };

export const meta: Route.MetaFunction = () => [{ title: "Rumo" }];

/**
 * How far around a linked event's start the loader reads: the widest view (a month grid, or the
 * agenda's 30 days) reaches 36 days either side of its date, and that date is within 14 hours of
 * the start in UTC.
 */
const AROUND_LINK_MS = 38 * 86_400_000;

/** The view's occurrences and other modules' items (scheduled tasks), in one loader. */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const url = new URL(args.request.url);
  const timeZone = user.timeZone;
  const today = wallOf(Date.now(), timeZone).date;
  const asked = url.searchParams.get("view");
  const view: View = (VIEWS as readonly string[]).includes(asked ?? "") ? (asked as View) : "week";
  const param = url.searchParams.get("date") ?? "";
  const db = database(args.context.cloudflare.env.DB);
  const scoped = scopedTo(db, user.id);
  const windowOf = (date: string) => {
    const { from, to } = visibleRange(view, date);
    return { date, from, to, range: { from: new Date(instantAt(from, 0, timeZone)), to: new Date(instantAt(addDays(to, 1), 0, timeZone)), timeZone } };
  };
  // A link naming an event and no date (the search's: its index has the event's date in the event's
  // own zone) opens on the day the user sees the event on, which only the event's row tells. So that
  // this stays one D1 round trip, the batch also reads around the event's start (a subquery on it,
  // by the user's id), and the view is cut out of that once the row is known, as the tasks screen
  // does for ?task=.
  const linkedId = isDate(param) ? undefined : (url.searchParams.get("event") ?? undefined);
  const linkedStart = seriesStartOf(scoped, linkedId);
  const aroundRead = (start: SQL<number>) => {
    const bounds = { from: sql<number>`${start} - ${AROUND_LINK_MS}`, to: sql<number>`${start} + ${AROUND_LINK_MS}` };
    return readAll([occurrencesWithinRead(scoped, bounds.from, bounds.to), userTimelineWithinRead(db, user.id, { ...bounds, timeZone }, "calendar")]);
  };
  const first = windowOf(isDate(param) ? param : today);
  // The events and the other modules' items in one D1 batch (with the linked event, and around it).
  const [linked, aroundLinked, events, others] = await run(
    db,
    readAll([
      findSeriesRead(scoped, linkedId),
      linkedStart ? aroundRead(linkedStart) : known(undefined),
      occurrencesBetweenRead(scoped, first.from, first.to, timeZone),
      userTimelineRead(db, user.id, first.range, "calendar"),
    ]),
  );
  const shown = linked ? windowOf(linked.allDay ? linked.start : wallOf(linked.start, timeZone).date) : first;
  if (shown.from === first.from || !aroundLinked) return { view, date: shown.date, today, from: first.from, to: first.to, timeZone, events, others };
  const [occurrencesIn, othersIn] = aroundLinked;
  const { fromMs, toMs } = windowMs(shown.from, shown.to, timeZone);
  return { view, date: shown.date, today, from: shown.from, to: shown.to, timeZone, events: occurrencesIn(fromMs, toMs, timeZone), others: othersIn(shown.range) };
}

/** The calendar could not load (D1 down, a bug): say so in the screen's words and offer a retry. */
export function ErrorBoundary() {
  const { t } = useTranslation("calendar");
  return <ScreenLoadError title={t("title")} message={t("loadError")} />;
}

type Other = Route.ComponentProps["loaderData"]["others"][number];

/** The queued changes the calendar draws and lists (the offline queue's). */
const EVENT_CHANGES = ["event.create", "event.update"] as const;

const HOUR_PX = 48;
const PX_PER_MIN = HOUR_PX / 60;
const STEP = 15;

export default function CalendarScreen({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("calendar");
  const language = i18n.language === "en" ? "en" : "pt";
  const locale = intlLocale(language);
  const { view, date, today, timeZone, events, others } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  useEntityChanges(["event", "task"]);
  // Events created and changed offline, drawn as they will be once sent (queued-events.ts).
  const { changes } = useOfflineSnapshot();
  const queued = useMemo(() => changes.filter((change) => (EVENT_CHANGES as readonly string[]).includes(change.kind)), [changes]);
  const shownEvents = useMemo(() => [...events.map((e) => withQueuedEventEdits(e, queued)), ...queuedEvents(queued, timeZone)], [events, queued, timeZone]);
  // A page left open past midnight moves its "today" (the marked day, "Hoje", the default date) to the new day.
  useRevalidateOnNewDay(today, timeZone, revalidator.revalidate);

  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [draft, setDraft] = useState<EventDraft | null>(null);
  // The quick add's sentence stays in its box until its draft is saved: closing the draft keeps it.
  const [sentence, setSentence] = useState("");
  const sentenceDraft = useRef<EventDraft | null>(null);
  // Where the focus goes once the items are drawn again: an item moved by the keyboard (or a drag) is
  // rebuilt under a new key (a one-off event's occurrence is its start), and a deleted one is gone;
  // either way the focus would fall to the page.
  const [refocus, setRefocus] = useState<Refocus | null>(null);
  const viewArea = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [scopeAsk, setScopeAsk] = useState<{ kind: "edit" | "delete"; resolve: (scope: Scope | null) => void } | null>(null);
  const [ics, setIcs] = useState<"import" | "subscribe" | null>(null);

  const byKey = useMemo(() => new Map(shownEvents.map((e) => [`${e.id}|${e.occurrenceStart}`, e])), [shownEvents]);
  const items: CalendarItem[] = useMemo(
    () =>
      [
        ...shownEvents.map((e) => ({
          key: `${e.id}|${e.occurrenceStart}`,
          id: e.id,
          occurrenceStart: e.occurrenceStart,
          title: e.title,
          start: e.start,
          end: e.end,
          allDay: e.allDay,
          kind: "event" as const,
          recurring: e.recurring,
          queued: "queued" in e && e.queued === true,
        })),
        ...others.map((o: Other) => ({ key: `${o.module}:${o.id}|${o.occurrenceStart}`, id: o.id, occurrenceStart: o.occurrenceStart, title: o.title, start: o.start, end: o.end, allDay: o.allDay, kind: "task" as const, recurring: false })),
      ].filter((i) => !hidden.has(i.key)),
    [shownEvents, others, hidden],
  );
  const otherUrl = useMemo(() => new Map(others.map((o: Other) => [`${o.module}:${o.id}|${o.occurrenceStart}`, o.url])), [others]);

  useEffect(() => {
    if (!refocus) return;
    const drawn = [...(viewArea.current?.querySelectorAll<HTMLElement>("[data-key]") ?? [])];
    const shown = (key: string) => drawn.find((element) => element.dataset.key === key) ?? null;
    let target: HTMLElement | null;
    if (refocus.kind === "moved") {
      // Once the loader has read the items again (new loader data): where it landed (a series split
      // by "this and the following" has a new id, the same title), or, not there (moved out of the
      // view, or the move failed), where it was, or the view.
      const { from, to, readFrom } = refocus;
      if (readFrom === loaderData) return;
      const landed = items.find((i) => i.kind === from.kind && (i.start === to.start || Date.parse(i.start) === Date.parse(to.start)) && (i.id === from.id || i.title === from.title));
      target = (landed && shown(landed.key)) ?? shown(from.key) ?? viewArea.current;
    } else target = refocus.near.map(shown).find((element) => element !== null) ?? viewArea.current;
    target?.focus();
    setRefocus(null);
  }, [items, refocus, loaderData]);

  // A link to a recurring event (a search result) names the series' first day, which may be long
  // past. Opened on a day before today, the screen moves to the series' next occurrence, from today
  // on (the rule is expanded here, after the first paint: the loader keeps its one D1 batch). An
  // event that does not repeat, or a series that has ended, stays where the link put it.
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get("event");
    if (!linked || date >= today) return;
    let live = true;
    const moveToNext = async () => {
      const answer = await apiFetch<{ event: { start: string; end: string; allDay: boolean; timeZone: string; rrule: string | null; exdates?: string[] } }>(`/events/${encodeURIComponent(linked)}`);
      if (!live || !answer.ok || !answer.data.event.rrule) return;
      const { expandOccurrences } = await import("@worker/modules/calendar/recurrence");
      const series = { ...answer.data.event, exdates: answer.data.event.exdates ?? [] };
      const [next] = expandOccurrences(series, { from: today, to: addDays(today, 366), timeZone, limit: 1 }).items;
      if (!live || !next) return;
      const day = next.allDay ? next.start : wallOf(next.start, timeZone).date;
      navigate(`?view=${view}&date=${day}&event=${encodeURIComponent(linked)}`, { replace: true, preventScrollReset: true });
    };
    // A rule the expansion rejects (an imported one), or a chunk that cannot load: the link's day stays.
    moveToNext().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [date, today, timeZone, view, navigate]);

  const go = (changes: { view?: View; date?: string }) => navigate(`?view=${changes.view ?? view}&date=${changes.date ?? date}`, { preventScrollReset: true });
  const askScope = useCallback((kind: "edit" | "delete") => new Promise<Scope | null>((resolve) => setScopeAsk({ kind, resolve })), []);
  const answerScope = (scope: Scope | null) => {
    scopeAsk?.resolve(scope);
    setScopeAsk(null);
  };

  const open = (item: CalendarItem) => {
    if (item.kind === "task") {
      const url = otherUrl.get(item.key);
      if (url) navigate(url);
      return;
    }
    const event = byKey.get(item.key);
    if (event) setDraft(draftOf(event));
  };
  const createAt = (day: string, minutes: number | null) => {
    const start = minutes ?? 9 * 60;
    const hh = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    setDraft({ title: "", description: "", location: "", allDay: false, startDate: day, startTime: hh(start), endDate: start + 60 >= 24 * 60 ? addDays(day, 1) : day, endTime: hh(start + 60), timeZone, reminderMinutes: null, busy: true, rrule: null });
  };

  /** Moves (or resizes) an item: an event by PATCH (asking which occurrences for a series), a task by its scheduled start or, resized, its duration. */
  const commitMove = async (item: CalendarItem, next: { start: string; end: string }): Promise<void> => {
    // The toast says where it went ("Evento movido para quarta-feira, 9 de dezembro, 11:00–12:00").
    // Worded as the toast renders, in the language then (a switch while it is up reaches it).
    const when = (inLanguage: Language) => whenText({ ...next, allDay: item.allDay }, timeZone, intlLocale(inLanguage));
    if (item.kind === "task") {
      const change = taskChange(item, next);
      setRefocus({ kind: "moved", from: item, to: next, readFrom: loaderData });
      const result = await apiFetch(`/tasks/${item.id}`, { method: "PATCH", body: change.body });
      screenToast(result.ok ? { key: change.kind === "resized" ? "calendar:taskResized" : "calendar:taskMoved", values: { when } } : { key: "calendar:moveError" }, undefined, result.ok ? "success" : "error");
      revalidator.revalidate();
      return;
    }
    let path = `/events/${item.id}`;
    let body: Record<string, string> = next;
    if (item.recurring) {
      const scope = await askScope("edit");
      if (!scope) return;
      if (scope === "all") {
        // The series' own start moves by the same wall-clock change as this occurrence.
        const series = await apiFetch<{ event: { start: string; end: string; allDay: boolean } }>(path);
        if (!series.ok) {
          screenToast({ key: "calendar:moveError" }, undefined, "error");
          return;
        }
        const from = wallOf(item.start, timeZone);
        const to = wallOf(next.start, timeZone);
        const days = Math.round((Date.parse(`${to.date}T00:00:00Z`) - Date.parse(`${from.date}T00:00:00Z`)) / 86_400_000);
        const shiftedStart = moved(series.data.event, days, item.allDay ? 0 : to.minutes - from.minutes, timeZone).start;
        const length = Date.parse(next.end) - Date.parse(next.start);
        body = item.allDay ? moved(series.data.event, days, 0, timeZone) : { start: shiftedStart, end: new Date(Date.parse(shiftedStart) + length).toISOString() };
      } else path += `?occurrence=${encodeURIComponent(item.occurrenceStart)}&scope=${scope}`;
    }
    setRefocus({ kind: "moved", from: item, to: next, readFrom: loaderData });
    // A one-off event (one created offline too) or one occurrence is kept offline, as the dialog's
    // edits are; a series' other moves need the connection (event-dialog.tsx says why).
    // (The queue's code loads on first use: the screen's first load is at its budget, decision 0049.)
    const { isQueued, writeOrQueue } = await import("~/lib/offline/write");
    const result = !item.recurring || path.endsWith("&scope=one") ? await writeOrQueue({ kind: "event.update", method: "PATCH", path, body, label: item.title }) : await apiFetch(path, { method: "PATCH", body });
    if (isQueued(result)) {
      setRefocus(null);
      return (await import("~/components/offline/use-queued-write")).queuedWriteNotice(result);
    }
    screenToast(result.ok ? { key: next.start === item.start ? "calendar:resized" : "calendar:moved", values: { when } } : { key: "calendar:moveError" }, result.ok ? undefined : result.error.message, result.ok ? "success" : "error");
    revalidator.revalidate();
  };

  /**
   * Deletes with undo (asking which occurrences of a series). `near`: the keys of the items to give
   * the focus to once it has gone, nearest first (deleted from the view with the keyboard).
   */
  const remove = async (draftToDelete: EventDraft, near?: string[]) => {
    if (!draftToDelete.id) return;
    let scope: Scope = "all";
    if (draftToDelete.recurring && draftToDelete.occurrenceStart) {
      const chosen = await askScope("delete");
      if (!chosen) return;
      scope = chosen;
    }
    const occurrence = draftToDelete.occurrenceStart ?? "";
    const affected = shownEvents
      .filter((e) => e.id === draftToDelete.id && (scope === "all" || (scope === "one" ? e.occurrenceStart === occurrence : Date.parse(e.occurrenceStart) >= Date.parse(occurrence) || e.occurrenceStart >= occurrence)))
      .map((e) => `${e.id}|${e.occurrenceStart}`);
    setDraft(null);
    const path = scope === "all" ? `/events/${draftToDelete.id}` : `/events/${draftToDelete.id}?occurrence=${encodeURIComponent(occurrence)}&scope=${scope}`;
    deleteWithUndo({
      title: { key: "calendar:deleted" },
      undoLabel: { key: "calendar:undo" },
      failedTitle: { key: "calendar:deleteError" },
      hide: () => {
        setHidden((h) => new Set([...h, ...affected]));
        if (near) setRefocus({ kind: "removed", near });
      },
      restore: () => setHidden((h) => new Set([...h].filter((k) => !affected.includes(k)))),
      commit: async () => {
        // Created offline and not sent: deleting it is taking it (and its edits) out of the queue.
        if (isOfflineId(draftToDelete.id!)) {
          const creation = offlineSnapshot().changes.find((change) => change.tempId === draftToDelete.id);
          // Sent meanwhile (it has its real id now), or sent with no answer yet (it may be on the
          // server): not deleted here, and said so; once it is on the screen it can be deleted.
          if (!creation || creation.sent) return false;
          await (await import("~/lib/offline/runtime")).queue.discard(creation);
          return true;
        }
        const result = await apiFetch(path, { method: "DELETE" });
        // Already gone (deleted in another tab or device) is what the user wanted.
        if (!result.ok && result.status !== 404) return false;
        revalidator.revalidate();
        return true;
      },
    });
  };

  /** Alt+arrows move the focused item (a day, or 15 minutes); Shift+Alt+Up/Down change its length. */
  const onItemKey = (item: CalendarItem) => (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      open(item);
      return;
    }
    if (event.key === "Delete" && item.kind === "event") {
      const e = byKey.get(item.key);
      if (!e) return;
      // The items around it, nearest first (those after it, then those before): the first still
      // shown once it (and, for a series, its other occurrences) has gone takes the focus.
      const shown = [...(viewArea.current?.querySelectorAll<HTMLElement>("[data-key]") ?? [])].map((element) => element.dataset.key!);
      const at = shown.indexOf(item.key);
      const near = [...shown.slice(at + 1), ...shown.slice(0, Math.max(0, at)).reverse()].filter((key) => key !== item.key);
      void remove(draftOf(e), near);
      return;
    }
    if (!event.altKey) return;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const delta = arrows[event.key];
    if (!delta) return;
    event.preventDefault();
    // One move at a time: the next starts from where this one lands, once the item is drawn there.
    if (refocus) return;
    if (event.shiftKey && !item.allDay && delta[1] !== 0) void commitMove(item, resized(item, delta[1], timeZone, STEP));
    else if (!event.shiftKey) void commitMove(item, moved(item, delta[0], item.allDay ? 0 : delta[1], timeZone));
  };

  const title = useMemo(() => {
    const d = new Date(`${date}T12:00:00Z`);
    if (view === "month") return dateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(d);
    if (view === "day") return dateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(d);
    const { from, to } = visibleRange(view, date);
    const f = dateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
    return `${f.format(new Date(`${from}T12:00:00Z`))} – ${f.format(new Date(`${to}T12:00:00Z`))}`;
  }, [date, view, locale]);

  const loading = navigation.state === "loading" && navigation.location?.pathname.endsWith("/calendario");
  // Every item's name says its day and time (the views place them by position only) and points at the keyboard hint.
  const nameOf = (item: CalendarItem) =>
    [item.title, whenText(item, timeZone, locale), item.allDay ? t("allDay") : null, item.kind === "task" ? t("task") : null, item.queued ? t("queued") : null].filter(Boolean).join(", ");
  const itemProps = { items, timeZone, locale, weekdays: weekdayNames(language, "short"), today, nameOf, hintId, onOpen: open, onKey: onItemKey, onMove: commitMove, onCreate: createAt, t };

  return (
    <section className="space-y-4" aria-busy={loading || undefined}>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("title")}</h1>
          <p className="text-sm text-slate-600">{t("subtitle")}</p>
          <GoogleSyncStatus />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setIcs("import")}>
            {t("ics.import.open")}
          </Button>
          <Button variant="secondary" onClick={() => setIcs("subscribe")}>
            {t("ics.feed.title")}
          </Button>
          <Button onClick={() => createAt(date, null)} data-tour="calendar-new">
            <PlusIcon className="h-4 w-4" aria-hidden="true" />
            {t("newEvent")}
          </Button>
        </div>
      </header>

      <QuickAdd
        language={language}
        timeZone={timeZone}
        text={sentence}
        onText={setSentence}
        onDraft={(read) => {
          sentenceDraft.current = read;
          setDraft(read);
        }}
      />

      <div className="flex flex-wrap items-center justify-between gap-2" data-tour="calendar-views">
        <div className="flex items-center gap-1">
          <IconButton icon={ChevronLeftIcon} label={t("nav.previous")} onClick={() => go({ date: stepAnchor(view, date, -1) })} />
          <Button variant="secondary" onClick={() => go({ date: today })}>
            {t("nav.today")}
          </Button>
          <IconButton icon={ChevronRightIcon} label={t("nav.next")} onClick={() => go({ date: stepAnchor(view, date, 1) })} />
          <h2 className="ml-2 text-lg font-semibold first-letter:uppercase" aria-live="polite">
            {title}
          </h2>
        </div>
        <nav aria-label={t("nav.view")} className="flex rounded-lg border border-slate-300 bg-white p-0.5">
          {VIEWS.map((v) => (
            <Link
              key={v}
              to={`?view=${v}&date=${date}`}
              preventScrollReset
              aria-current={v === view ? "page" : undefined}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${v === view ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {t(`views.${v}`)}
            </Link>
          ))}
        </nav>
      </div>
      {/* Shown from tablets up; on a phone read only with the item it describes (a keyboard can be plugged in). */}
      <p id={hintId} className="sr-only text-xs text-slate-500 md:not-sr-only">
        {t("keyboardHint")}
      </p>

      {queued.length > 0 && (
        <Suspense fallback={null}>
          <QueuedChangeList
            kinds={EVENT_CHANGES}
            actions={(change) => {
              const event = change.kind === "event.create" && byKey.get(`${change.tempId}|${change.body.start}`);
              // An event created offline can be changed (or deleted) before it is sent: the changes fold into its creation.
              return event ? (
                <Button variant="secondary" className="px-2! py-1! text-xs!" onClick={() => setDraft(draftOf(event))}>
                  {t("form.editTitle")}
                </Button>
              ) : null;
            }}
          />
        </Suspense>
      )}

      {/* Takes the focus when the item that had it leaves the view (deleted, or moved out of it). */}
      <div ref={viewArea} tabIndex={-1} className={loading ? "opacity-60 transition-opacity" : ""} data-tour="calendar-grid" data-testid="calendar-view">
        {view === "month" && <MonthView date={date} {...itemProps} />}
        {(view === "week" || view === "day") && <TimeGrid days={view === "day" ? [date] : Array.from({ length: 7 }, (_, i) => addDays(visibleRange("week", date).from, i))} {...itemProps} />}
        {view === "agenda" && <Agenda {...itemProps} from={date} onCreate={() => createAt(date, null)} />}
      </div>

      <EventDialog
        draft={draft}
        language={language}
        onClose={() => setDraft(null)}
        askScope={askScope}
        onDelete={(d) => void remove(d)}
        onSaved={(message) => {
          if (draft === sentenceDraft.current) setSentence("");
          setDraft(null);
          screenToast(message, undefined, "success");
          revalidator.revalidate();
        }}
        onQueued={() => {
          // Kept on this device (the dialog said so): drawn in the view and listed below it until it is sent.
          if (draft === sentenceDraft.current) setSentence("");
          setDraft(null);
        }}
      >
        {draft && <ScopeDialog ask={scopeAsk} onAnswer={answerScope} />}
      </EventDialog>
      {!draft && <ScopeDialog ask={scopeAsk} onAnswer={answerScope} />}
      <IcsImportDialog open={ics === "import"} onClose={() => setIcs(null)} onImported={() => revalidator.revalidate()} timeZone={timeZone} locale={locale} />
      <SubscribeDialog open={ics === "subscribe"} onClose={() => setIcs(null)} />
    </section>
  );
}

/**
 * Where the focus goes once the items are drawn again (see `refocus` in CalendarScreen). `readFrom`:
 * the loader data a move was made on; newer data means the items have been read again.
 */
type Refocus = { kind: "moved"; from: CalendarItem; to: { start: string; end: string }; readFrom: unknown } | { kind: "removed"; near: string[] };

type ItemProps = {
  items: CalendarItem[];
  timeZone: string;
  locale: string;
  /** Short weekday names, Monday first ("seg", "Mon"; app/lib/dates.ts). */
  weekdays: string[];
  today: string;
  /** An item's accessible name: title, day and time ("Dentista, quarta-feira, 9 de dezembro, 10:00–11:00"). */
  nameOf: (item: CalendarItem) => string;
  /** The keyboard hint's id, which every item points at (aria-describedby). */
  hintId: string;
  onOpen: (item: CalendarItem) => void;
  onKey: (item: CalendarItem) => (event: KeyboardEvent) => void;
  onMove: (item: CalendarItem, next: { start: string; end: string }) => Promise<void>;
  onCreate: (day: string, minutes: number | null) => void;
  t: ReturnType<typeof useTranslation<"calendar">>["t"];
};

const chip = (item: CalendarItem) =>
  (item.kind === "task" ? "border-amber-300 bg-amber-50 text-amber-900" : item.allDay ? "border-brand-600 bg-brand-600 text-white" : "border-brand-200 bg-brand-50 text-brand-900") +
  (item.queued ? " border-dashed" : "");

function timeLabel(item: CalendarItem, timeZone: string, locale: string) {
  if (item.allDay) return "";
  return dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(new Date(item.start));
}

/** A date as its day heading says it: "quarta-feira, 9 de dezembro". */
/** An hour of the grid as the events' times are written in the language: "09:00", "9:00 AM". */
const hourLabel = (hour: number, locale: string) => dateTimeFormat(locale, { timeStyle: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 0, 1, hour)));
const longDay = (date: string, locale: string) => dateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

/**
 * When an item is, in words, on the account's wall clock: "quarta-feira, 9 de dezembro, 11:00–12:00";
 * all-day, its day or its first and last days.
 */
function whenText(item: Pick<CalendarItem, "start" | "end" | "allDay">, timeZone: string, locale: string) {
  const { first, last } = datesOf(item, timeZone);
  if (item.allDay) return first === last ? longDay(first, locale) : `${longDay(first, locale)} – ${longDay(last, locale)}`;
  const time = dateTimeFormat(locale, { timeStyle: "short", timeZone });
  const [start, end] = [time.format(new Date(item.start)), time.format(new Date(item.end))];
  return first === last ? `${longDay(first, locale)}, ${start}–${end}` : `${longDay(first, locale)}, ${start} – ${longDay(last, locale)}, ${end}`;
}

/**
 * The month grid: Monday-first weeks, all-day and multi-day bars in lanes, "more" past three. Not an
 * ARIA grid (the arrows do not move between days): each day's link and each item's name say their
 * date, so the weekday row is only drawn.
 */
function MonthView({ date, items, timeZone, locale, weekdays, today, onOpen, onKey, onCreate, nameOf, hintId, t }: ItemProps & { date: string }) {
  const weeks = monthWeeks(date);
  const month = date.slice(0, 7);
  const LANES = 3;
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="month-view">
      <div className="grid grid-cols-7 border-b border-slate-200 bg-slate-50 text-center text-xs font-medium uppercase text-slate-500" aria-hidden="true">
        {weekdays.map((n) => (
          <div key={n} className="py-2">
            {n}
          </div>
        ))}
      </div>
      {weeks.map((week) => {
        const bars = weekBars(items, week, timeZone);
        return (
          <div key={week[0]} className="relative grid min-h-24 grid-cols-7 border-b border-slate-100 last:border-b-0 md:min-h-28">
            {week.map((d) => {
              const extra = bars.filter((b) => b.lane >= LANES && d >= week[b.startCol] && d <= week[b.startCol + b.span - 1]).length;
              return (
                <div key={d} className={`border-r border-slate-100 p-1 last:border-r-0 ${d.slice(0, 7) === month ? "" : "bg-slate-50/60 text-slate-500"}`} onDoubleClick={() => onCreate(d, null)}>
                  <Link to={`?view=day&date=${d}`} className={`inline-flex h-6 w-6 items-center justify-center rounded-full text-xs ${d === today ? "bg-brand-600 font-bold text-white" : "hover:bg-slate-100"}`}>
                    <span aria-hidden="true">{Number(d.slice(8, 10))}</span>
                    <span className="sr-only">{longDay(d, locale)}</span>
                  </Link>
                  {extra > 0 && (
                    // The link alone navigates: a click handler navigating too started a second navigation to the day.
                    <Link to={`?view=day&date=${d}`} className="absolute bottom-0.5 text-[11px] text-slate-600 hover:underline">
                      {t("more", { count: extra })}
                    </Link>
                  )}
                </div>
              );
            })}
            {bars
              .filter((b) => b.lane < LANES)
              .map((b) => (
                <div
                  key={`${b.item.key}-${week[0]}`}
                  role="button"
                  tabIndex={0}
                  data-testid="calendar-item"
                  data-key={b.item.key}
                  aria-label={nameOf(b.item)}
                  aria-describedby={hintId}
                  onClick={() => onOpen(b.item)}
                  onKeyDown={onKey(b.item)}
                  className={`absolute truncate rounded border px-1 text-[11px] leading-5 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${chip(b.item)} ${b.continuesBefore ? "rounded-l-none" : ""} ${b.continuesAfter ? "rounded-r-none" : ""}`}
                  style={{ left: `calc(${(b.startCol / 7) * 100}% + 2px)`, width: `calc(${(b.span / 7) * 100}% - 4px)`, top: `${28 + b.lane * 22}px` }}
                  title={b.item.title}
                >
                  {/* On a phone a seventh of the screen holds the time or the title, and the title says more. */}
                  {!b.item.allDay && b.span === 1 && <span className="mr-1 hidden opacity-70 sm:inline">{timeLabel(b.item, timeZone, locale)}</span>}
                  {/* Its own element, so a right-to-left title reads from the right after the time. */}
                  <span dir="auto">{b.item.title}</span>
                </div>
              ))}
          </div>
        );
      })}
    </div>
  );
}

type Drag = { key: string; mode: "move" | "resize"; x: number; y: number; dx: number; dy: number; columnWidth: number; moved: boolean };

/** Week and day views: an all-day row, then the hours with overlapping items side by side; drag to move, the bottom edge to resize. */
function TimeGrid({ days, items, timeZone, locale, weekdays, today, onOpen, onKey, onMove, onCreate, nameOf, hintId, t }: ItemProps & { days: string[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const columns = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  dragRef.current = drag;
  useEffect(() => {
    scroller.current?.scrollTo({ top: 7 * HOUR_PX });
  }, []);
  const allDayBars = days.length === 7 ? weekBars(items.filter((i) => i.allDay), days, timeZone) : weekBars(items.filter((i) => i.allDay), [...days, ...Array.from({ length: 6 }, (_, i) => addDays(days[0], i + 1))], timeZone).filter((b) => b.startCol === 0).map((b) => ({ ...b, span: 1 }));
  const lanes = Math.max(0, ...allDayBars.map((b) => b.lane + 1));
  const cols = days.length;

  const begin = (item: CalendarItem, mode: Drag["mode"]) => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0 || event.pointerType === "touch") return; // touch scrolls; the keyboard and dialog move on mobile
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    const width = (columns.current?.getBoundingClientRect().width ?? 700) / cols;
    setDrag({ key: item.key, mode, x: event.clientX, y: event.clientY, dx: 0, dy: 0, columnWidth: width, moved: false });
  };
  const track = (event: ReactPointerEvent<HTMLElement>) => {
    const d = dragRef.current;
    if (!d) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    setDrag({ ...d, dx, dy, moved: d.moved || Math.abs(dx) > 4 || Math.abs(dy) > 4 });
  };
  const end = (item: CalendarItem) => () => {
    const d = dragRef.current;
    setDrag(null);
    if (!d) return;
    if (!d.moved) return onOpen(item);
    const minutes = snap(d.dy / PX_PER_MIN, STEP);
    const dayShift = d.mode === "move" ? Math.round(d.dx / d.columnWidth) : 0;
    if (d.mode === "resize") {
      if (minutes !== 0) void onMove(item, resized(item, minutes, timeZone, STEP));
    } else if (minutes !== 0 || dayShift !== 0) void onMove(item, moved(item, dayShift, minutes, timeZone));
  };
  const offsetOf = (key: string) => {
    if (!drag || drag.key !== key || !drag.moved) return null;
    const minutes = snap(drag.dy / PX_PER_MIN, STEP);
    return drag.mode === "move" ? { top: minutes * PX_PER_MIN, left: Math.round(drag.dx / drag.columnWidth) * drag.columnWidth, grow: 0 } : { top: 0, left: 0, grow: minutes * PX_PER_MIN };
  };

  const dayOf = (d: string) => new Date(`${d}T12:00:00Z`);
  const nowWall = wallOf(Date.now(), timeZone);

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="time-grid">
      <div className="grid border-b border-slate-200" style={{ gridTemplateColumns: `3.5rem repeat(${cols}, minmax(0, 1fr))` }}>
        <div />
        {days.map((d) => (
          // The short name above the day's number (seven columns fit a phone); the whole date is what
          // is read (hidden text, not an aria-label the visible words are not part of).
          <Link
            key={d}
            to={`?view=day&date=${d}`}
            className={`min-w-0 py-1.5 text-center leading-tight ${d === today ? "font-bold text-brand-700" : "text-slate-700"}`}
            data-testid="week-day-heading"
          >
            <span className="block text-[11px] font-medium uppercase" aria-hidden="true">
              {weekdays[(dayOf(d).getUTCDay() + 6) % 7]}
            </span>
            <span className="block text-sm" aria-hidden="true">
              {dayOf(d).getUTCDate()}
            </span>
            <span className="sr-only">{longDay(d, locale)}</span>
          </Link>
        ))}
      </div>
      {lanes > 0 && (
        <div className="grid border-b border-slate-200" style={{ gridTemplateColumns: `3.5rem minmax(0, 1fr)` }}>
          <div className="p-1 text-[10px] uppercase text-slate-400" />
          <div className="relative" style={{ height: lanes * 22 + 4 }}>
            {allDayBars.map((b) => (
              <div
                key={b.item.key}
                role="button"
                tabIndex={0}
                data-testid="calendar-item"
                data-key={b.item.key}
                aria-label={nameOf(b.item)}
                aria-describedby={hintId}
                onClick={() => onOpen(b.item)}
                onKeyDown={onKey(b.item)}
                className={`absolute truncate rounded border px-1 text-[11px] leading-5 ${chip(b.item)}`}
                style={{ left: `calc(${(b.startCol / cols) * 100}% + 2px)`, width: `calc(${(b.span / cols) * 100}% - 4px)`, top: 2 + b.lane * 22 }}
                title={b.item.title}
                dir="auto"
              >
                {b.item.title}
              </div>
            ))}
          </div>
        </div>
      )}
      {/* Focusable, so the hours can be scrolled with the keyboard too. */}
      <div ref={scroller} className="max-h-[70vh] overflow-y-auto" tabIndex={0} role="region" aria-label={t("views.hours")}>
        <div className="grid" style={{ gridTemplateColumns: `3.5rem minmax(0, 1fr)` }}>
          <div className="relative" style={{ height: 24 * HOUR_PX }}>
            {Array.from({ length: 24 }, (_, h) => (
              <div key={h} className="absolute right-1 -translate-y-1/2 text-[10px] whitespace-nowrap text-slate-500" style={{ top: h * HOUR_PX }}>
                {h > 0 ? hourLabel(h, locale) : ""}
              </div>
            ))}
          </div>
          <div ref={columns} className="relative grid" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, height: 24 * HOUR_PX }}>
            {days.map((d) => (
              <div
                key={d}
                className="relative border-l border-slate-100"
                data-day={d}
                onDoubleClick={(e) => {
                  const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
                  onCreate(d, Math.min(23 * 60 + 30, snap((e.clientY - rect.top) / PX_PER_MIN, 30)));
                }}
              >
                {Array.from({ length: 24 }, (_, h) => (
                  <div key={h} className="absolute inset-x-0 border-t border-slate-100" style={{ top: h * HOUR_PX }} />
                ))}
                {d === nowWall.date && <div className="absolute inset-x-0 z-10 border-t-2 border-red-500" style={{ top: nowWall.minutes * PX_PER_MIN }} aria-hidden="true" />}
                {dayBlocks(items, d, timeZone).map((b) => {
                  const offset = offsetOf(b.item.key);
                  return (
                    <div
                      key={b.item.key}
                      role="button"
                      tabIndex={0}
                      data-testid="calendar-item"
                      data-key={b.item.key}
                      aria-label={nameOf(b.item)}
                      aria-describedby={hintId}
                      onKeyDown={onKey(b.item)}
                      onPointerDown={begin(b.item, "move")}
                      onPointerMove={track}
                      onPointerUp={end(b.item)}
                      onPointerCancel={() => setDrag(null)}
                      className={`absolute z-20 cursor-grab touch-pan-y overflow-hidden rounded-md border px-1.5 py-0.5 text-xs shadow-sm outline-none select-none focus-visible:ring-2 focus-visible:ring-brand-500 ${chip(b.item)} ${offset ? "z-30 opacity-80 shadow-lg" : ""}`}
                      style={{
                        top: b.top * PX_PER_MIN + (offset?.top ?? 0),
                        height: Math.max(18, b.height * PX_PER_MIN + (offset?.grow ?? 0)),
                        left: `calc(${(b.column / b.columns) * 100}% + ${offset?.left ?? 0}px + 1px)`,
                        width: `calc(${100 / b.columns}% - 3px)`,
                      }}
                    >
                      <p className="truncate font-medium" title={b.item.title} dir="auto">
                        {b.item.title}
                      </p>
                      {b.height >= 40 && <p className="truncate opacity-75">{timeLabel(b.item, timeZone, locale)}</p>}
                      <div className="absolute inset-x-0 bottom-0 h-2 cursor-ns-resize" aria-hidden="true" onPointerDown={begin(b.item, "resize")} onPointerMove={track} onPointerUp={end(b.item)} />
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The next 30 days as a list, grouped by day. */
function Agenda({ items, timeZone, locale, from, onOpen, onKey, onCreate, nameOf, hintId, t }: ItemProps & { from: string; onCreate: () => void }) {
  const days = Array.from({ length: 30 }, (_, i) => addDays(from, i));
  const groups = agendaDays(items, days, timeZone);
  // An event over several days on each of them: from its start time, all day between, until its end.
  const when = (item: CalendarItem, part: AgendaPart) =>
    item.allDay || part === "middle" ? t("allDay") : part === "last" ? t("agendaUntil", { time: dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(new Date(item.end)) }) : timeLabel(item, timeZone, locale);
  if (!groups.length)
    return (
      <EmptyState
        title={t("empty.title")}
        text={t("empty.description")}
        action={
          <Button variant="secondary" onClick={onCreate}>
            {t("newEvent")}
          </Button>
        }
      />
    );
  return (
    <ol className="space-y-4" data-testid="agenda">
      {groups.map((g) => (
        <li key={g.day} className="rounded-xl border border-slate-200 bg-white p-3">
          <h3 className="mb-2 text-sm font-semibold first-letter:uppercase text-slate-700">{longDay(g.day, locale)}</h3>
          <ul className="divide-y divide-slate-100">
            {g.entries.map(({ item, part }) => (
              <li key={item.key}>
                <div
                  role="button"
                  tabIndex={0}
                  data-testid="calendar-item"
                  data-key={item.key}
                  aria-label={nameOf(item)}
                  aria-describedby={hintId}
                  onClick={() => onOpen(item)}
                  onKeyDown={onKey(item)}
                  className="flex cursor-pointer items-center gap-3 rounded px-1 py-2 hover:bg-slate-50 focus-visible:outline-2"
                >
                  <span className="w-14 shrink-0 text-sm text-slate-500">{when(item, part)}</span>
                  <span className={`h-2 w-2 shrink-0 rounded-full ${item.kind === "task" ? "bg-amber-400" : "bg-brand-600"}`} aria-hidden="true" />
                  {/* A list to read: the whole title, wrapped, however long its words. */}
                  <span dir="auto" className="min-w-0 text-sm font-medium wrap-anywhere">
                    {item.title}
                  </span>
                  {item.kind === "task" && <span className="ml-auto text-xs text-amber-700">{t("task")}</span>}
                </div>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** "Only this / this and the following / all" for an occurrence of a series. */
function ScopeDialog({ ask, onAnswer }: { ask: { kind: "edit" | "delete" } | null; onAnswer: (scope: Scope | null) => void }) {
  const { t } = useTranslation("calendar");
  return (
    <Dialog open={ask !== null} onClose={() => onAnswer(null)} className="relative z-[70]">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm space-y-3 rounded-2xl bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-semibold">{ask?.kind === "delete" ? t("scope.deleteTitle") : t("scope.editTitle")}</DialogTitle>
          <Description className="sr-only">{ask?.kind === "delete" ? t("scope.deleteTitle") : t("scope.editTitle")}</Description>
          <div className="flex flex-col gap-2">
            {(["one", "following", "all"] as const).map((scope, i) => (
              <Button key={scope} variant="secondary" onClick={() => onAnswer(scope)} autoFocus={i === 0}>
                {t(`scope.${scope}`)}
              </Button>
            ))}
            <Button variant="ghost" onClick={() => onAnswer(null)}>
              {t("scope.cancel")}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * A sentence ("amanhã às 15h reunião com a Ana") read into a draft the user confirms in the dialog.
 * The sentence is the screen's (`text`), which empties the box once the draft is saved.
 */
function QuickAdd({ language, timeZone, text, onText, onDraft }: { language: "pt" | "en"; timeZone: string; text: string; onText: (text: string) => void; onDraft: (draft: EventDraft) => void }) {
  const { t } = useTranslation("calendar");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setPending(true);
    // The parser (chrono-node) loads only when used.
    const { parseQuickAdd } = await import("~/lib/quick-add");
    setPending(false);
    const result = parseQuickAdd(text, { language, now: new Date(), timeZone });
    if (!result.ok) return setError(t("quickAdd.notUnderstood"));
    setError(null);
    const d = result.draft;
    const startMinutes = d.time ? Number(d.time.slice(0, 2)) * 60 + Number(d.time.slice(3, 5)) : 9 * 60;
    const endMinutes = startMinutes + (d.durationMinutes ?? 60);
    const hh = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    onDraft({
      title: d.title,
      description: "",
      location: "",
      allDay: d.allDay || !d.time,
      startDate: d.date,
      startTime: hh(startMinutes),
      endDate: endMinutes >= 24 * 60 ? addDays(d.date, 1) : d.date,
      endTime: hh(endMinutes),
      timeZone,
      reminderMinutes: null,
      busy: true,
      rrule: d.recurrence?.rrule ?? null,
    });
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2" data-tour="calendar-quick-add">
      <TextField className="flex-1" label={t("quickAdd.label")} placeholder={t("quickAdd.placeholder")} value={text} onChange={(e) => onText(e.target.value)} error={error} maxLength={500} />
      <Button type="submit" variant="secondary" loading={pending} className="mb-0.5">
        {t("quickAdd.submit")}
      </Button>
    </form>
  );
}
