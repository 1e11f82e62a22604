/**
 * /app/autocuidado: today's checklist (one tap to check in), each routine's card
 * (../routine-card.tsx), a five-week history, and the routine form. Streaks come from the API,
 * computed in the user's time zone. "Today" is the user's date when it is used (../today.ts): a
 * page left open overnight moves on to the new day. Without the plan the screen is read-only,
 * apart from removing a routine (decision 0029). Removing takes away the routine's whole history,
 * so it goes the way every module's delete does: gone at once, "Anular" for a few seconds, and
 * only then the DELETE (~/components/ui/undo), which puts the routine back with all its check-ins.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData, useRevalidator, useRouteLoaderData, type LoaderFunctionArgs } from "react-router";
import { PremiumNotice } from "~/components/billing/premium-notice";
import { QueuedChanges } from "~/components/offline/queued-changes";
import { useQueuedWriteNotice } from "~/components/offline/use-queued-write";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { deleteWithUndo } from "~/components/ui/undo";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { apiFetch, type ApiResult } from "~/lib/api";
import { requireUser } from "~/lib/auth.server";
import { formatShortDate } from "~/lib/dates";
import { historyStart } from "../history-weeks";
import { SelfCareHistory } from "../history";
import { SelfCareLoadError } from "../load-error";
import { queuedCheckIns, queuedCounts, queuedOfDay, queuedStepTicks, stepsQueuedOn, unmarkQueued } from "../offline";
import { daysOf, RoutineCard } from "../routine-card";
import type { Routine } from "../routine-form";
import { onDemand, useOnDemand } from "~/lib/on-demand";
import { todayTap, useRevalidateOnNewDay } from "../today";
import { useQueuedChanges } from "~/lib/offline/state";
import { isQueued, writeOrQueue, type Queued } from "~/lib/offline/write";
import { useEntityChanges } from "~/lib/use-entity-changes";
import type { loader as layoutLoader } from "~/routes/app/layout";
import { database } from "@worker/db/client";
import { readAll, run } from "@worker/db/reads";
import { historyRead, listRoutinesRead } from "@worker/modules/selfCare/queries";
import { localDate } from "@worker/modules/selfCare/streaks";

export const handle: I18nHandle = { i18n: ["selfCare", "ui", "billing"] };

export async function loader(args: LoaderFunctionArgs) {
  const auth = requireUser(args);
  const db = database(args.context.cloudflare.env.DB);
  const today = localDate(new Date(), auth.user.timeZone);
  // One D1 round trip: the routines, their check-ins and the history (its check-ins and counts) in one batch.
  const [routines, history] = await run(db, readAll([listRoutinesRead(db, auth.user.id, { limit: 200 }, today), historyRead(db, auth.user.id, historyStart(today), today)]));
  return { routines: routines.items, history: history.items, historyCounts: history.counts, today, timeZone: auth.user.timeZone };
}

// The routine form loads on first use, not with the screen (decision 0042), or once the page has settled.
const routineEditor = onDemand(() => import("../routine-form").then((m) => m.RoutineEditor));

function RoutineEditorOnDemand(props: { form: Routine | "new"; onDone: (saved: Routine | null) => void }) {
  const { t } = useTranslation("ui");
  const [Editor, request] = useOnDemand(routineEditor);
  useEffect(() => {
    if (!Editor) request();
  }, [Editor, request]);
  return Editor ? <Editor {...props} /> : <p className="text-sm text-slate-500" role="status">{t("loading")}</p>;
}

/** A failed loader shows the screen's error inside the app's shell, not the root's error page. */
export function ErrorBoundary() {
  return <SelfCareLoadError />;
}

const dateOf = (iso: string) => new Date(`${iso}T12:00:00`);

const timeOf = (value: unknown) => new Date(value as string | number | Date).getTime();
/** `shown` when the server answered it after it read `loaded` (its `updatedAt` is later), else `loaded`. */
const newer = (shown: Routine | undefined, loaded: Routine) => (shown && timeOf(shown.updatedAt) > timeOf(loaded.updatedAt) ? shown : loaded);

export default function SelfCareScreen() {
  const { t, i18n } = useTranslation(["selfCare", "ui"]);
  const data = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const canWrite = layout?.entitlements.includes("selfCare") ?? false;
  const { revalidate } = useRevalidator();
  useEntityChanges(["routine"]);
  useRevalidateOnNewDay(data.today, data.timeZone, revalidate);
  const [loaded, setRoutines] = useState<Routine[]>(data.routines);
  const [form, setForm] = useState<Routine | "new" | null>(null);
  // Routines removed a moment ago, hidden while their "Anular" toast is open (the DELETE comes after):
  // a revalidation meanwhile brings them back from the loader, and they must stay out of sight.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  // Counts tapped and not answered yet, by `routineId|date` (decision 0117: today's; revised: a past
  // day's, from its dialog): shown at once; the latest asked per routine and day, sent one at a time
  // (each an absolute count, so the last wins).
  const [tapped, setTapped] = useState<ReadonlyMap<string, number>>(new Map());
  const asked = useRef(new Map<string, number>());
  const sending = useRef(new Set<string>());
  useEffect(() => {
    // A routine answered by a write newer than this load (a count: its write moves `updatedAt`)
    // stays as answered: a reload begun before that write lands after it when taps come quickly.
    setRoutines((shown) => data.routines.map((routine) => newer(shown.find((r) => r.id === routine.id), routine)));
    // The loader's answer has the counts sent since; those still queued show from the queue.
    setTapped((map) => (map.size === 0 ? map : new Map([...map].filter(([key]) => sending.current.has(key)))));
  }, [data.routines, data.today]);
  const routines = loaded.filter((r) => !hidden.has(r.id));

  // Closing the form (saved or cancelled) removes what had focus: it goes back to what opened the
  // form, the routine's "Editar" or "Nova rotina" (the header's, or the empty state's when none is left).
  const screenRef = useRef<HTMLElement>(null);
  const focusAfterForm = useRef<string | null>(null);
  const closeForm = (opened: Routine | "new") => {
    focusAfterForm.current = opened === "new" ? "new" : opened.id;
    setForm(null);
  };
  useEffect(() => {
    const opener = focusAfterForm.current;
    if (form !== null || opener === null) return;
    focusAfterForm.current = null;
    const edit = opener === "new" ? null : screenRef.current?.querySelector<HTMLElement>(`[data-routine-id="${CSS.escape(opener)}"] [data-action="edit"]`);
    (edit ?? screenRef.current?.querySelector<HTMLElement>('[data-action="new-routine"]'))?.focus();
  }, [form]);

  const queuedNotice = useQueuedWriteNotice();
  const changes = useQueuedChanges(["routine.checkIn", "routine.stepTick", "routine.count"]);
  const queued = queuedCheckIns(changes);
  const queuedTicks = queuedStepTicks(changes);
  const countsQueued = queuedCounts(changes);
  const replace = (routine: Routine) => setRoutines((list) => list.map((r) => (r.id === routine.id ? routine : r)));
  /**
   * A check-in's or a tick's answer: queued (said so), refused (said, unless it is the plan's 402,
   * which opens its own dialog), or the routine as it now is, shown; null unless the last.
   */
  const settle = (result: ApiResult<{ routine: Routine }> | Queued): Routine | null => {
    if (isQueued(result)) {
      queuedNotice(result);
      return null;
    }
    if (!result.ok) {
      if (result.status !== 402) toast({ title: result.error.message || t("checkInFailed"), tone: "error" });
      return null;
    }
    replace(result.data.routine);
    revalidate();
    return result.data.routine;
  };
  /** Marks or unmarks one day; the answer carries the new streak. Offline a check-in is queued. */
  const toggle = async (routine: Routine, date: string, done: boolean) => {
    // Undone, a day's checklist is empty (decision 0112): its check-in and ticks still in the queue
    // go from it too, or a queued last tick would do the day again when it is sent.
    const waiting = done ? queuedOfDay(queued, queuedTicks, routine.id, date, countsQueued) : [];
    if (waiting.length > 0) {
      const { queue } = await import("~/lib/offline/runtime");
      const sent = await Promise.all(waiting.map((change) => unmarkQueued(change, queue.discard)));
      // Only ever in the queue, and nothing of the day on the server: taken out is undone.
      const onServer = routine.recentCheckIns.includes(date) || (date === data.today ? routine.stepsTickedToday : (routine.stepsTickedByDate?.[date] ?? [])).length > 0;
      if (!onServer && !sent.some(Boolean)) return;
    }
    const result = done
      ? await apiFetch<{ routine: Routine }>(`/routines/${routine.id}/check-ins/${date}`, { method: "DELETE" })
      : await writeOrQueue<{ routine: Routine }>({
          kind: "routine.checkIn",
          method: "POST",
          path: `/routines/${routine.id}/check-ins`,
          body: { date },
          label: `${routine.title} · ${formatShortDate(dateOf(date), i18n.language === "en" ? "en" : "pt")}`,
        });
    const now = settle(result);
    if (now && !done && date === localDate(new Date(), data.timeZone)) {
      toast({ title: `${routine.title}: ${t("checkedIn")}`, tone: "success", action: { label: t("undoCheckIn"), onClick: () => void toggle(now, date, true) } });
    }
  };
  /**
   * A step of a day's checklist ticked or unticked (decision 0112): the answer says whether that
   * did the day. Today's (no `date`) is the user's date at the tap; a page left over from yesterday
   * only refreshes, as the today button's undo does. A past day's (its dialog) is that day, which
   * the server keeps to the check-in window. Offline a tick is queued; an untick of a queued tick
   * takes it out.
   */
  const tick = async (routine: Routine, stepId: string, ticked: boolean, day?: string) => {
    const date = day ?? localDate(new Date(), data.timeZone);
    if (!day && date !== data.today) return void revalidate();
    const waiting = queuedTicks.get(`${routine.id}|${stepId}|${date}`);
    if (ticked && waiting) {
      const { queue } = await import("~/lib/offline/runtime");
      if (!(await unmarkQueued(waiting, queue.discard))) return;
    }
    const step = routine.steps.find((s) => s.id === stepId);
    const result = ticked
      ? await apiFetch<{ routine: Routine }>(`/routines/${routine.id}/steps/${stepId}/ticks/${date}`, { method: "DELETE" })
      : await writeOrQueue<{ routine: Routine }>({
          kind: "routine.stepTick",
          method: "POST",
          path: `/routines/${routine.id}/steps/${stepId}/ticks`,
          body: { date },
          label: `${routine.title} · ${day ? `${formatShortDate(dateOf(day), i18n.language === "en" ? "en" : "pt")} · ` : ""}${step?.text ?? ""}`,
        });
    const now = settle(result);
    if (now && !routine.recentCheckIns.includes(date) && now.recentCheckIns.includes(date)) toast({ title: `${routine.title}: ${t("checkedIn")}`, tone: "success" });
  };
  /**
   * A routine's count of today set by +1 or −1 (decision 0117): shown at once, then sent as the
   * absolute count (offline, queued: a later count replaces a queued one of the day). A tap while
   * one is on the way waits for it and sends the latest count; refused, the count goes back to the
   * server's with the reason. Today's (no `day`) is the user's date at the tap: a page left over
   * from yesterday only refreshes, as a tick does. A past day's (its dialog) is that day, which the
   * server keeps to the check-in window (decision 0117, revised).
   */
  const setCount = (routine: Routine, count: number, day?: string) => {
    const date = day ?? localDate(new Date(), data.timeZone);
    if (!day && date !== data.today) return void revalidate();
    const key = `${routine.id}|${date}`;
    asked.current.set(key, count);
    setTapped((map) => new Map(map).set(key, count));
    if (!sending.current.has(key)) void sendCount(routine, date, key);
  };
  const sendCount = async (routine: Routine, date: string, key: string) => {
    sending.current.add(key);
    const forget = () => setTapped((map) => new Map([...map].filter(([k]) => k !== key)));
    const day = date === data.today ? "" : `${formatShortDate(dateOf(date), i18n.language === "en" ? "en" : "pt")} · `;
    for (let count = asked.current.get(key); count !== undefined; count = asked.current.get(key)) {
      asked.current.delete(key);
      const result = await writeOrQueue<{ routine: Routine }>({
        kind: "routine.count",
        method: "PUT",
        path: `/routines/${routine.id}/counts/${date}`,
        body: { count },
        label: `${routine.title} · ${day}${t("countProgress", { count, target: routine.timesPerDay })}`,
      });
      // A later tap is sent next: its answer (or its refusal) is the one shown.
      if (asked.current.has(key)) continue;
      // Queued: shown from the queue from now on (or, storage refused, back as it was, said by the notice).
      if (isQueued(result)) {
        if (!result.queued) forget();
        settle(result);
        break;
      }
      forget();
      const now = settle(result);
      if (now && !routine.recentCheckIns.includes(date) && now.recentCheckIns.includes(date)) toast({ title: `${routine.title}: ${t("checkedIn")}`, tone: "success" });
    }
    sending.current.delete(key);
  };
  /** The "today" button: the user's date at the tap, not the page's (todayTap). */
  const tapToday = async (routine: Routine, checkedIn: boolean) => {
    const tap = todayTap(data.today, checkedIn, new Date(), data.timeZone);
    if (!tap) return void revalidate();
    await toggle(routine, tap.date, tap.undo);
  };
  const remove = (routine: Routine) =>
    deleteWithUndo({
      title: { key: "selfCare:removed" },
      undoLabel: { key: "ui:undo" },
      failedTitle: { key: "selfCare:removeFailed" },
      hide: () => setHidden((set) => new Set(set).add(routine.id)),
      restore: () =>
        setHidden((set) => {
          const next = new Set(set);
          next.delete(routine.id);
          return next;
        }),
      commit: async () => {
        const result = await apiFetch(`/routines/${routine.id}`, { method: "DELETE" });
        // Already gone (removed in another tab or device) is what the user wanted.
        return result.ok || result.status === 404;
      },
    });

  /** A day's count not yet answered (today's by default): the tap on the way, else the last one in the queue. */
  const countOf = (routine: Routine, date = data.today) => {
    const tap = tapped.get(`${routine.id}|${date}`);
    const inQueue = countsQueued.get(`${routine.id}|${date}`);
    if (tap !== undefined) return { value: tap, pending: inQueue !== undefined };
    return inQueue ? { value: inQueue.body.count as number, pending: true } : undefined;
  };
  const dueToday = routines.filter((r) => r.scheduledToday);
  const others = routines.filter((r) => !r.scheduledToday);
  // One card for a routine, due today or not.
  const card = (routine: (typeof routines)[number]) => (
    <RoutineCard
      key={routine.id}
      routine={routine}
      queuedDays={daysOf(queued, routine.id)}
      queuedStepsOn={(date) => stepsQueuedOn(queuedTicks, routine.id, date)}
      today={data.today}
      canWrite={canWrite}
      onToggle={toggle}
      onTapToday={tapToday}
      onTick={tick}
      count={countOf(routine)}
      countOn={(date) => countOf(routine, date)}
      onCount={setCount}
      onEdit={() => setForm(routine)}
      onRemove={() => remove(routine)}
    />
  );
  return (
    <section ref={screenRef} className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3" data-tour="selfCare-header">
        <div>
          <h1 className="text-2xl font-bold">{t("name")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("subtitle")}</p>
        </div>
        {/* The same target as the empty state's button: exactly one of the two is on screen, so the tour finds it either way. */}
        {canWrite && routines.length > 0 && form === null && (
          <Button onClick={() => setForm("new")} data-tour="selfCare-new" data-action="new-routine">
            {t("form.create")}
          </Button>
        )}
      </header>
      {!canWrite && <PremiumNotice entitlement="selfCare" />}
      <QueuedChanges kinds={["routine.checkIn", "routine.stepTick", "routine.count"]} />
      {form !== null && (
        <RoutineEditorOnDemand
          form={form}
          onDone={(saved) => {
            closeForm(form);
            if (saved) {
              setRoutines((list) => (list.some((r) => r.id === saved.id) ? list.map((r) => (r.id === saved.id ? saved : r)) : [...list, saved]));
              revalidate();
            }
          }}
        />
      )}
      {routines.length === 0 && form === null && (
        <EmptyState
          title={t("emptyTitle")}
          text={t("emptyBody")}
          action={
            canWrite ? (
              <Button onClick={() => setForm("new")} data-tour="selfCare-new" data-action="new-routine">
                {t("form.create")}
              </Button>
            ) : undefined
          }
        />
      )}
      {routines.length > 0 && (
        <>
          <section aria-labelledby="self-care-today" className="space-y-3">
            <h2 id="self-care-today" className="text-lg font-semibold">
              {t("today")}
            </h2>
            {dueToday.length === 0 ? (
              <p className="text-sm text-slate-600">{t("todayEmpty")}</p>
            ) : (
              <ul className="space-y-2" data-testid="today-checklist">
                {dueToday.map(card)}
              </ul>
            )}
          </section>
          {others.length > 0 && (
            <section aria-labelledby="self-care-others" className="space-y-3">
              <h2 id="self-care-others" className="text-lg font-semibold">
                {t("otherRoutines")}
              </h2>
              <ul className="space-y-2">
                {others.map(card)}
              </ul>
            </section>
          )}
          <SelfCareHistory routines={routines} history={data.history} counts={data.historyCounts} today={data.today} timeZone={data.timeZone} />
        </>
      )}
    </section>
  );
}
