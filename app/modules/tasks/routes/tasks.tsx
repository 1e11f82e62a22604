/**
 * /app/tarefas (issue 12): the day timeline, the pending list, quick add (a sentence becomes a draft
 * the user confirms), the create/edit form, 'Agendar' per task and 'Planear o dia', complete and
 * delete with undo. Data from the loader (one D1 round trip per list); changes go through
 * /api/v1/tasks and the page revalidates (also when another tab or device changes a task, or an
 * event of the day timeline).
 */
import { onDemandDialog } from "~/components/ui/dialog";
import { ArrowPathIcon, CalendarDaysIcon, CheckCircleIcon, ChevronLeftIcon, ChevronRightIcon, ClockIcon, PencilSquareIcon, TrashIcon } from "@heroicons/react/20/solid";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { toast } from "~/components/shell/toast-store";
import { Button, IconButton } from "~/components/ui/button";
import { addDays, formatTypedTime, isIsoDate } from "~/components/ui/date-grid";
import { EmptyState } from "~/components/ui/empty-state";
import { Checkbox, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { Loading } from "~/components/ui/skeleton";
import { deleteWithUndo } from "~/components/ui/undo";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { sanitizeLanguage, type Language, intlLocale } from "~/i18n/language";
import { apiFetch, isOffline } from "~/lib/api";
import { QueuedChanges } from "~/components/offline/queued-changes";
import { useQueuedWriteNotice } from "~/components/offline/use-queued-write";
import { isQueued, writeOrQueue } from "~/lib/offline/write";
import { useQueuedChanges } from "~/lib/offline/state";
import { requireUser } from "~/lib/auth.server";
import { useEntityChanges } from "~/lib/use-entity-changes";
import { useRevalidateOnNewDay } from "~/lib/use-revalidate-on-new-day";
import { database } from "@worker/db/client";
import { publicTask } from "@worker/modules/tasks/api";
import { workingHoursOf } from "@worker/modules/tasks/scheduling";
import { queuedTicksOf, stepProgress, withQueuedTicks } from "@worker/modules/tasks/steps";
import { known, readAll, run } from "@worker/db/reads";
import { countTasksRead, findTaskRead, listTasksRead, scheduledStartOf, type TaskWithSteps } from "@worker/modules/tasks/queries";
import { userTimelineRead, userTimelineWithinRead } from "@worker/modules/timeline";
import type { TimelineItem, TimelineRange } from "@worker/modules/types";
import { sql, type SQL } from "drizzle-orm";
import { localDateOf, shiftDate, startOfDate } from "@worker/modules/tasks/scheduling";
import { TasksLoadError } from "../load-error";
import { dueWords, emptyForm, formOf, formOfDraft, taskOfQueuedCreate, wallClock, withQueuedEdits, type TaskForm, type TaskView } from "../model";
import type { Dialogue } from "../task-dialog";
import type { Route } from "./+types/tasks";
import { dateTimeFormat } from "~/lib/intl";

// The task form and the working hours dialog load on first use or when the page is idle, not with
// the screen (decision 0042).
const TaskDialog = onDemandDialog(() => import("../task-dialog").then((m) => m.TaskDialog));
const WorkingHoursDialog = onDemandDialog(() => import("../working-hours").then((m) => m.WorkingHoursDialog));

export const handle: I18nHandle = { i18n: ["tasks", "ui"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const env = args.context.cloudflare.env;
  const db = database(env.DB);
  const url = new URL(args.request.url);
  const timeZone = user.timeZone;
  const today = localDateOf(new Date(), timeZone);
  const focusId = url.searchParams.get("task") ?? undefined;
  const asked = url.searchParams.get("date") ?? "";
  const rangeOf = (day: string) => ({ from: startOfDate(day, timeZone), to: startOfDate(shiftDate(day, 1), timeZone) });
  // The day's tasks and the other modules' items in it (the day timeline).
  const dayRead = (day: string) => {
    const range = rangeOf(day);
    return readAll([listTasksRead(db, user.id, { day: range, page: { limit: DAY_LIMIT } }), userTimelineRead(db, user.id, { ...range, timeZone }, "tasks")]);
  };
  // A link to a task (search, calendar) shows the day it is scheduled on, which only the task's row
  // tells. So that this stays one round trip (issue 20), the batch also reads around the task's start
  // (a subquery on it, by the user's id): a local day lasts at most 25 hours, so its day lies within
  // AROUND of the start either way, and is cut out of what was read once the row is known.
  const around = isIsoDate(asked) ? undefined : scheduledStartOf(db, user.id, focusId);
  const aroundRead = (start: SQL<number>) => {
    const bounds = { from: sql<number>`${start} - ${AROUND_MS}`, to: sql<number>`${start} + ${AROUND_MS}` };
    // Up to three local days fall within the bounds: room for the page of each.
    return readAll([listTasksRead(db, user.id, { day: bounds, page: { limit: 3 * DAY_LIMIT } }), userTimelineWithinRead(db, user.id, { ...bounds, timeZone }, "tasks")]);
  };
  // One D1 batch: the linked task (and around its start), the asked day (today when none), the
  // pending list's first page and how many tasks it has in all (the rest load with its cursor).
  const first = isIsoDate(asked) ? asked : today;
  const [focus, aroundFocus, firstDay, pending, pendingCount] = await run(
    db,
    readAll([
      findTaskRead(db, user.id, focusId),
      around ? aroundRead(around) : known(undefined),
      dayRead(first),
      listTasksRead(db, user.id, { status: PENDING, page: { limit: DAY_LIMIT } }),
      countTasksRead(db, user.id, PENDING),
    ]),
  );
  const day = isIsoDate(asked) ? asked : focus?.scheduledStart ? localDateOf(focus.scheduledStart, timeZone) : today;
  const [timeline, others] = day === first || !aroundFocus ? firstDay : inDay(aroundFocus, rangeOf(day), timeZone);
  return {
    today,
    day,
    timeZone,
    focusId: focus?.id ?? null,
    workingHours: workingHoursOf(user),
    timeline: timeline.items.map((task) => publicTask(task, today)) as TaskView[],
    pending: pending.items.map((task) => publicTask(task, today)) as TaskView[],
    pendingCount,
    pendingCursor: pending.nextCursor,
    others: others.filter((item) => !item.allDay).map(({ module, id, title, start, end, url: link, occurrenceStart }) => ({ module, id, title, start, end, url: link, key: `${module}-${id}-${occurrenceStart}` })),
  };
}

/** A failed loader shows the screen's error inside the app's shell, not the root's error page. */
export function ErrorBoundary() {
  return <TasksLoadError />;
}

/** The most tasks the day timeline shows, and a page of the pending list (the API's largest). */
const DAY_LIMIT = 200;
/** The pending list's statuses. */
const PENDING: ("todo" | "in_progress")[] = ["todo", "in_progress"];
/** How far either side of a linked task's start its local day can reach (25 hours, and an hour to spare). */
const AROUND_MS = 26 * 60 * 60_000;

/** The day's tasks and other items, cut out of what was read around a linked task's start. */
function inDay([around, othersIn]: [{ items: TaskWithSteps[] }, (range: TimelineRange) => TimelineItem[]], range: { from: Date; to: Date }, timeZone: string) {
  const items = around.items.filter((task) => task.scheduledStart! >= range.from && task.scheduledStart! < range.to).slice(0, DAY_LIMIT);
  return [{ items }, othersIn({ ...range, timeZone })] as const;
}

type PlanAnswer = { placed: TaskView[]; unplaced: { task: TaskView; reason: "no_slot" | "too_long" | "due_passed" | "not_working_day" }[] };

const TASK_UPDATES = ["task.update"] as const;
const STEP_TICKS = ["task.stepTick"] as const;

const PRIORITY_BADGE: Record<TaskView["priority"], string> = {
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-800",
  low: "bg-slate-100 text-slate-700",
};

export default function TasksScreen({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(["tasks", "ui"]);
  const language: Language = sanitizeLanguage(i18n.language) ?? "pt";
  const { today, day, timeZone, timeline, pending, pendingCount, pendingCursor, others, workingHours, focusId } = loaderData;
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const [, setSearchParams] = useSearchParams();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [dialogue, setDialogue] = useState<Dialogue>(null);
  // The quick add's sentence stays in its box until its draft is saved: closing the draft keeps it.
  const [sentence, setSentence] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [plan, setPlan] = useState<PlanAnswer | null>(null);
  const [editingHours, setEditingHours] = useState(false);
  // The pending list's pages after the loader's first (`after`), loaded with 'Carregar mais'.
  const [more, setMore] = useState<{ after: TaskView[]; items: TaskView[]; cursor: string | null }>();
  // What 'Carregar mais' brought, said politely ("3 tarefas carregadas"), and the first new row, which
  // takes the focus: the button may be gone (the last page), and focus must not fall to the page.
  const [loaded, setLoaded] = useState<{ count: number; first: string | null } | null>(null);
  const pendingList = useRef<HTMLElement>(null);
  // The day timeline shows the calendar's events beside the tasks: a change to either reloads it.
  useEntityChanges(["task", "event"]);
  // A page left open past midnight moves on to the new day: "Hoje", the overdue flags and "Planear o dia" read the old date.
  useRevalidateOnNewDay(today, timeZone, revalidate);
  const queuedNotice = useQueuedWriteNotice();
  // Completions and edits made offline, shown on their tasks until they are sent (model.ts).
  const queuedEdits = useQueuedChanges(TASK_UPDATES);
  // Steps ticked offline, shown ticked ("por enviar") until they are sent (withQueuedTicks).
  const queuedTicks = useQueuedChanges(STEP_TICKS);

  /**
   * Reads `limit` pending tasks from `cursor` (the API's), shown after `kept`. `asked`: the user
   * pressed 'Carregar mais', so the new rows are announced and the first one takes the focus.
   */
  async function loadMore(cursor: string | null, limit: number, kept: TaskView[], asked = false) {
    if (!cursor) return setMore(undefined);
    setBusy("more");
    // Emptied first, so that a second page of the same size is announced again.
    if (asked) setLoaded(null);
    const result = await apiFetch<{ items: TaskView[]; nextCursor: string | null }>(`/tasks?status=todo,in_progress&limit=${limit}&cursor=${encodeURIComponent(cursor)}`);
    setBusy(null);
    if (!result.ok) return toast({ title: result.error.message || { key: "tasks:errors.loadMore" }, tone: "error" });
    setMore({ after: pending, items: [...kept, ...result.data.items], cursor: result.data.nextCursor });
    if (asked) {
      const added = result.data.items.filter((task) => !hidden.has(task.id) && !shownPending.some((shown) => shown.id === task.id));
      // Nothing new (all shown already): the last row keeps the focus near where the button was.
      setLoaded({ count: added.length, first: (added[0] ?? shownPending.at(-1))?.id ?? null });
    }
  }
  useEffect(() => {
    if (!loaded?.first) return;
    pendingList.current?.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(loaded.first)}"] input[type=checkbox]`)?.focus();
  }, [loaded]);
  // Fresh loader data (after any change) starts the list anew: the rows shown after its first page
  // are read again from its cursor (up to a page), so none is stale, repeated or skipped.
  useEffect(() => {
    if (more && more.after !== pending) void loadMore(pendingCursor, Math.min(more.items.length, DAY_LIMIT), []);
  }, [pending]);

  const time = dateTimeFormat(intlLocale(language), { timeZone, timeStyle: "short" });
  // `inLanguage`: a toast words its dates as it renders, in the language shown then (toast-store.ts).
  const dateText = (date: string, withWeekday = false, inLanguage = language) =>
    dateTimeFormat(intlLocale(inLanguage), { timeZone: "UTC", day: "numeric", month: "short", ...(withWeekday ? { weekday: "long" } : {}) }).format(new Date(`${date}T12:00:00Z`));
  const whenText = (iso: string, inLanguage = language) =>
    `${dateText(wallClock(iso, timeZone).date, false, inLanguage)} ${dateTimeFormat(intlLocale(inLanguage), { timeZone, timeStyle: "short" }).format(new Date(iso))}`;

  const visible = (tasks: TaskView[]) => tasks.filter((task) => !hidden.has(task.id));
  const showDay = (date: string) => setSearchParams(date === today ? {} : { date }, { preventScrollReset: true });

  async function schedule(task: TaskView) {
    setBusy(task.id);
    const result = await apiFetch<{ task: TaskView }>(`/tasks/${task.id}/schedule`, { method: "POST" });
    setBusy(null);
    if (!result.ok) return toast({ title: result.error.message || { key: "tasks:errors.schedule" }, tone: "error" });
    const start = result.data.task.scheduledStart!;
    toast({ title: { key: "tasks:toast.scheduled", values: { when: (inLanguage) => whenText(start, inLanguage) } }, tone: "success" });
    const scheduledDay = wallClock(start, timeZone).date;
    if (scheduledDay !== day) showDay(scheduledDay);
    else void revalidate();
  }

  async function planDay() {
    setBusy("plan");
    const result = await apiFetch<PlanAnswer>("/tasks/plan-day", { method: "POST" });
    setBusy(null);
    if (!result.ok) return toast({ title: result.error.message || { key: "tasks:errors.schedule" }, tone: "error" });
    const answer = result.data;
    setPlan(answer);
    if (answer.placed.length === 0 && answer.unplaced.length === 0) toast({ title: { key: "tasks:toast.planNothing" } });
    else if (answer.placed.length > 0) toast({ title: { key: "tasks:toast.planned", values: { count: answer.placed.length } }, tone: "success" });
    if (day !== today) showDay(today);
    else void revalidate();
  }

  async function toggleDone(task: TaskView) {
    setBusy(task.id);
    const status = task.status === "done" ? "todo" : "done";
    const result = await writeOrQueue<{ task: TaskView; next: TaskView | null }>({ kind: "task.update", method: "PATCH", path: `/tasks/${task.id}`, body: { status }, label: task.title });
    setBusy(null);
    if (isQueued(result)) return queuedNotice(result);
    if (!result.ok) return toast({ title: result.error.message || { key: "tasks:errors.update" }, tone: "error" });
    if (status === "done") {
      const next = result.data.next;
      // A completed task leaves the pending list (and, unscheduled, the screen): a slip of the finger
      // is taken back from the toast, as a delete is.
      toast({
        // Keys, not text: the toaster translates them as it renders, so a switch of language reaches it.
        title: { key: "tasks:toast.completed" },
        description: next?.dueDate ? { key: "tasks:toast.nextCreated", values: { date: (inLanguage) => dateText(next.dueDate!, false, inLanguage) } } : undefined,
        tone: "success",
        action: { label: { key: "tasks:toast.undo" }, onClick: () => void reopen(result.data.task, next, task.status) },
        // The row's checkbox went with the task: "Anular" takes the focus rather than the page.
        takesLostFocus: true,
      });
    }
    void revalidate();
  }

  /**
   * Takes a completion back: the task is back at the status it had (a task "Em curso" stays in
   * progress, not to do), and the next repetition it made goes.
   */
  async function reopen(task: TaskView, next: TaskView | null, status: TaskView["status"]) {
    const result = await apiFetch(`/tasks/${task.id}`, { method: "PATCH", body: { status: status === "done" ? "todo" : status } });
    if (!result.ok) return toast({ title: result.error.message || { key: "tasks:errors.update" }, tone: "error" });
    if (next) await apiFetch(`/tasks/${next.id}`, { method: "DELETE" });
    void revalidate();
  }

  /**
   * One step ticked or unticked (decision 0114): that step alone is written, so another device's
   * tick of another step stays. Offline it waits in the queue, as a task's edit does. False when
   * it was refused (the row puts the box back).
   */
  async function tickStep(task: TaskView, step: TaskView["steps"][number], done: boolean): Promise<boolean> {
    const result = await writeOrQueue<{ task: TaskView }>({ kind: "task.stepTick", method: "PATCH", path: `/tasks/${task.id}/steps/${step.id}`, body: { done }, label: `${task.title} · ${step.text}` });
    if (isQueued(result)) {
      queuedNotice(result);
      return result.queued;
    }
    if (!result.ok) {
      toast({ title: result.error.message || { key: "tasks:errors.step" }, tone: "error" });
      return false;
    }
    void revalidate();
    return true;
  }

  function remove(task: TaskView) {
    // Deletions are not kept for later (the queue covers creations and edits): offline, saying so
    // at once beats "Tarefa eliminada" and the task coming back with an error seconds later.
    if (isOffline()) return toast({ title: { key: "tasks:errors.deleteOffline" }, tone: "error" });
    deleteWithUndo({
      title: { key: "tasks:toast.deleted" },
      undoLabel: { key: "tasks:toast.undo" },
      failedTitle: { key: "tasks:errors.delete" },
      hide: () => setHidden((set) => new Set(set).add(task.id)),
      restore: () =>
        setHidden((set) => {
          const next = new Set(set);
          next.delete(task.id);
          return next;
        }),
      commit: async () => {
        const result = await apiFetch(`/tasks/${task.id}`, { method: "DELETE" });
        // Already gone (deleted in another tab) is what the user wanted.
        if (!result.ok && result.status !== 404) return false;
        void revalidate();
        return true;
      },
    });
  }

  const item = (loaded: TaskView, place: "timeline" | "pending") => {
    const edited = withQueuedEdits(loaded, queuedEdits);
    // `?? []`: a page kept offline from before steps existed has none.
    const ticks = queuedTicksOf(edited.id, queuedTicks);
    const steps = withQueuedTicks(edited.steps ?? [], ticks);
    const task = steps === edited.steps ? edited : { ...edited, steps };
    return (
    <TaskItem
      key={task.id}
      task={task}
      place={place}
      focused={task.id === focusId}
      busy={busy === task.id}
      timeText={task.scheduledStart ? `${time.format(new Date(task.scheduledStart))}–${time.format(new Date(task.scheduledEnd!))}` : null}
      due={task.dueDate ? dueWords(task.dueDate, today, intlLocale(language)) : null}
      scheduledText={place === "pending" && task.scheduledStart ? whenText(task.scheduledStart) : null}
      onToggle={() => void toggleDone(task)}
      onTickStep={(step, done) => tickStep(task, step, done)}
      queuedSteps={new Set(ticks.keys())}
      onSchedule={() => void schedule(task)}
      onEdit={() => setDialogue({ mode: "edit", task, form: formOf(task, timeZone) })}
      onDelete={() => remove(task)}
    />
    );
  };

  const dayTasks = visible(timeline);
  const shownPending = more ? [...pending, ...more.items.filter((task) => !pending.some((first) => first.id === task.id))] : pending;
  const pendingTasks = visible(shownPending);
  const nextCursor = more ? more.cursor : pendingCursor;
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/tarefas";

  return (
    <section className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("screen.title")}</h1>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            {t("screen.workingHours", { start: formatTypedTime(workingHours.start, language), end: formatTypedTime(workingHours.end, language) })}
            <Button variant="link" onClick={() => setEditingHours(true)}>
              {t("workingHours.edit")}
            </Button>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void planDay()} loading={busy === "plan"} data-testid="plan-day" data-tour="tasks-plan-day">
            <CalendarDaysIcon className="h-4 w-4" aria-hidden="true" />
            {t("screen.planDay")}
          </Button>
          <Button onClick={() => setDialogue({ mode: "create", form: emptyForm() })} data-tour="tasks-new">
            {t("screen.newTask")}
          </Button>
        </div>
      </header>

      <QuickAdd timeZone={timeZone} language={language} text={sentence} onText={setSentence} onDraft={(form) => setDialogue({ mode: "draft", form })} />

      <QueuedChanges
        kinds={["task.create", "task.update", "task.stepTick"]}
        actions={(change) => {
          if (change.kind !== "task.create" || !change.tempId) return null;
          // A task created offline can be completed and edited before it is sent: the changes
          // fold into its creation (docs/decisions/0044-offline-queue-rules.md).
          const task = taskOfQueuedCreate(change.tempId, change.body, change.createdAt);
          const done = task.status === "done";
          // Its steps tick too: each tick waits behind the creation and goes to the real step
          // once the creation is answered (createdIdsOf in app/lib/offline/queue.ts).
          const steps = withQueuedTicks(task.steps, queuedTicksOf(task.id, queuedTicks));
          return (
            <>
              <Checkbox checked={done} disabled={busy === task.id} onChange={() => void toggleDone(task)} label={done ? t("item.reopen") : t("item.complete")} />
              <Button variant="secondary" className="px-2! py-1! text-xs!" onClick={() => setDialogue({ mode: "edit", task, form: formOf(task, timeZone) })}>
                {t("item.edit")}
              </Button>
              {steps.length > 0 && (
                <ul aria-label={t("item.stepsOf", { title: task.title })} className="w-full space-y-1" data-testid="queued-task-steps">
                  {steps.map((step) => (
                    <li key={step.id}>
                      <Checkbox checked={step.done} onChange={() => void tickStep(task, step, !step.done)} label={<span dir="auto" className="wrap-anywhere">{step.text}</span>} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      />

      {plan && plan.unplaced.length > 0 && (
        <PlanNotice plan={plan} onChangeDays={() => setEditingHours(true)} onClose={() => setPlan(null)} />
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="timeline-title" className="space-y-3" data-testid="day-timeline">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="timeline-title" className="text-lg font-semibold">
              {day === today ? t("screen.today") : t("screen.timeline")} · <span className="font-normal">{capitalised(dateText(day, true))}</span>
            </h2>
            <div className="flex items-center gap-1">
              <IconButton icon={ChevronLeftIcon} label={t("screen.previousDay")} onClick={() => showDay(addDays(day, -1))} />
              {day !== today && (
                <Button variant="ghost" onClick={() => showDay(today)}>
                  {t("screen.backToToday")}
                </Button>
              )}
              <IconButton icon={ChevronRightIcon} label={t("screen.nextDay")} onClick={() => showDay(addDays(day, 1))} />
            </div>
          </div>
          {loading ? (
            <Loading label={t("screen.loading")} />
          ) : dayTasks.length === 0 && others.length === 0 ? (
            <EmptyState icon={ClockIcon} headingLevel={3} title={t("screen.emptyTimelineTitle")} text={t("screen.emptyTimelineText")} />
          ) : (
            <ol className="space-y-2">
              {[...dayTasks.map((task) => ({ at: task.scheduledStart!, node: item(task, "timeline") })), ...others.map((other) => ({ at: other.start, node: <OtherItem key={other.key} item={other} text={`${time.format(new Date(other.start))}–${time.format(new Date(other.end))}`} /> }))]
                .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
                .map((entry) => entry.node)}
            </ol>
          )}
        </section>

        <section ref={pendingList} aria-labelledby="pending-title" className="space-y-3" data-testid="pending-list" data-tour="tasks-pending">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="pending-title" className="text-lg font-semibold">
              {t("screen.pending")}
            </h2>
            <span className="text-sm text-slate-600">{t("screen.pendingCount", { count: pendingCount - (shownPending.length - pendingTasks.length) })}</span>
          </div>
          {pendingTasks.length === 0 ? (
            <EmptyState
              icon={CheckCircleIcon}
              headingLevel={3}
              title={t("screen.emptyPendingTitle")}
              text={t("screen.emptyPendingText")}
              action={<Button onClick={() => setDialogue({ mode: "create", form: emptyForm() })}>{t("screen.newTask")}</Button>}
            />
          ) : (
            <ul className="space-y-2">{pendingTasks.map((task) => item(task, "pending"))}</ul>
          )}
          {nextCursor && (
            <Button variant="secondary" className="w-full" loading={busy === "more"} onClick={() => void loadMore(nextCursor, DAY_LIMIT, more?.items ?? [], true)}>
              {t("screen.loadMore")}
            </Button>
          )}
          <p role="status" className="sr-only">
            {loaded ? t("screen.loaded", { count: loaded.count }) : ""}
          </p>
        </section>
      </div>

      {editingHours && (
        <WorkingHoursDialog
          value={workingHours}
          language={language}
          onClose={() => setEditingHours(false)}
          onSaved={() => {
            setEditingHours(false);
            // What the last 'Planear o dia' said no longer holds for the new hours.
            setPlan(null);
            toast({ title: { key: "tasks:workingHours.saved" }, tone: "success" });
            void revalidate();
          }}
        />
      )}

      {dialogue && (
        <TaskDialog
          key={dialogue.task?.id ?? dialogue.mode}
          dialogue={dialogue}
          timeZone={timeZone}
          language={language}
          onClose={() => setDialogue(null)}
          onQueued={(result) => {
            if (dialogue.mode === "draft") setSentence("");
            setDialogue(null);
            queuedNotice(result);
          }}
          onSaved={(saved, mode) => {
            if (mode === "draft") setSentence("");
            setDialogue(null);
            toast({ title: { key: mode === "edit" ? "tasks:toast.saved" : "tasks:toast.created" }, tone: "success" });
            const scheduledDay = saved.scheduledStart ? wallClock(saved.scheduledStart, timeZone).date : null;
            if (scheduledDay && scheduledDay !== day) showDay(scheduledDay);
            else void revalidate();
          }}
        />
      )}
    </section>
  );
}

/** What 'Planear o dia' left out: each task and why, or, on a day off, one plain statement with the way to change the days. */
function PlanNotice({ plan, onChangeDays, onClose }: { plan: PlanAnswer; onChangeDays: () => void; onClose: () => void }) {
  const { t } = useTranslation("tasks");
  const dayOff = plan.unplaced.every((u) => u.reason === "not_working_day");
  return (
    <Notice tone={dayOff ? "info" : "error"}>
      <span className="flex flex-wrap items-start justify-between gap-2" data-testid="plan-notice">
        <span>{dayOff ? t("plan.notWorkingDay") : t("toast.notFitted", { titles: plan.unplaced.map((u) => `${u.task.title} (${t(`planReason.${u.reason}`)})`).join(", ") })}</span>
        <span className="flex flex-wrap gap-3">
          {dayOff && (
            <Button variant="link" onClick={onChangeDays}>
              {t("plan.changeDays")}
            </Button>
          )}
          {/* It only hides this notice: nothing was planned to cancel. */}
          <Button variant="link" onClick={onClose}>
            {t("plan.close")}
          </Button>
        </span>
      </span>
    </Notice>
  );
}

function TaskItem({
  task,
  place,
  focused,
  busy,
  timeText,
  due,
  scheduledText,
  onToggle,
  onTickStep,
  queuedSteps,
  onSchedule,
  onEdit,
  onDelete,
}: {
  task: TaskView;
  place: "timeline" | "pending";
  focused: boolean;
  busy: boolean;
  timeText: string | null;
  /** The due date in words ("hoje", "sexta-feira", "12/12"); `near`: today or tomorrow. */
  due: { text: string; near: boolean } | null;
  scheduledText: string | null;
  onToggle: () => void;
  onTickStep: (step: TaskView["steps"][number], done: boolean) => Promise<boolean>;
  /** The steps whose tick waits in the offline queue. */
  queuedSteps: ReadonlySet<string>;
  onSchedule: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("tasks");
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: "center" });
  }, [focused]);
  const done = task.status === "done";
  const [open, setOpen] = useState(false);
  // A tick shown at once, before the answer (or the queue) confirms it; fresh steps start anew.
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const stepsKey = task.steps.map((step) => `${step.id}:${step.done ? 1 : 0}`).join();
  useEffect(() => setShown({}), [stepsKey]);
  const tick = async (step: TaskView["steps"][number], value: boolean) => {
    setShown((now) => ({ ...now, [step.id]: value }));
    if (!(await onTickStep(step, value))) setShown(({ [step.id]: _gone, ...rest }) => rest);
  };
  const { done: stepsDone, total } = stepProgress(task.steps.map((step) => ({ done: step.id in shown ? shown[step.id] : step.done })));
  const progress = t("item.stepsProgress", { done: stepsDone, count: total });
  return (
    <li
      ref={ref}
      data-testid="task-item"
      data-task-id={task.id}
      className={`flex flex-col gap-2 rounded-xl border bg-white p-3 shadow-sm ${task.overdue ? "border-red-300 bg-red-50/50" : "border-slate-200"} ${focused ? "ring-2 ring-brand-400" : ""}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {timeText && place === "timeline" && <span className="w-28 shrink-0 pt-0.5 text-sm font-semibold whitespace-nowrap text-brand-700 tabular-nums">{timeText}</span>}
        <Checkbox
          checked={done}
          disabled={busy}
          onChange={onToggle}
          // The title is in the name: a list of "Marcar como concluída" alone cannot be told apart.
          aria-label={`${done ? t("item.reopen") : t("item.complete")}: ${task.title}`}
          // anywhere, not break-words: a pasted link must not widen the list (and the page) to its length.
          label={<span dir="auto" className={`min-w-0 font-medium wrap-anywhere ${done ? "text-slate-500 line-through" : "text-slate-900"}`}>{task.title}</span>}
          className="min-w-0 items-start!"
        />
      </div>
      <div className="flex flex-wrap items-center gap-1.5 pl-6 text-xs">
        <span className={`rounded-full px-2 py-0.5 font-medium ${PRIORITY_BADGE[task.priority]}`}>{t(`priority.${task.priority}`)}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{t("item.duration", { minutes: task.durationMinutes })}</span>
        {due && (
          <span
            className={`rounded-full px-2 py-0.5 ${task.overdue ? "bg-red-600 font-semibold text-white" : due.near && !done ? "bg-amber-100 font-medium text-amber-900" : "bg-slate-100 text-slate-700"}`}
            data-testid={task.overdue ? "overdue" : "due"}
          >
            {task.overdue ? t("item.overdue", { date: due.text }) : t("item.due", { date: due.text })}
          </span>
        )}
        {task.recurrence && (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-brand-800">
            <ArrowPathIcon className="h-3 w-3" aria-hidden="true" />
            {t(`repeat.${repeatLabel(task.recurrence)}`)}
          </span>
        )}
        {scheduledText && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-800">
            <ClockIcon className="h-3 w-3" aria-hidden="true" />
            {scheduledText}
          </span>
        )}
        {task.steps.length > 0 && (
          <Button
            variant="ghost"
            className="px-2! py-0.5! text-xs! text-slate-700"
            aria-expanded={open}
            aria-controls={`steps-${place}-${task.id}`}
            // The task's name is in it: a list of "2 de 5 passos" alone cannot be told apart.
            aria-label={`${t("item.stepsOf", { title: task.title })}: ${progress}`}
            onClick={() => setOpen(!open)}
            data-testid="task-steps-toggle"
          >
            {progress}
          </Button>
        )}
        {!done && (
          <Button variant="secondary" className="px-2! py-1! text-xs!" onClick={onSchedule} loading={busy}>
            {task.scheduledStart ? t("item.reschedule") : t("item.schedule")}
          </Button>
        )}
        <IconButton icon={PencilSquareIcon} label={`${t("item.edit")}: ${task.title}`} onClick={onEdit} className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100" />
        <IconButton icon={TrashIcon} label={`${t("item.delete")}: ${task.title}`} onClick={onDelete} className="rounded-lg p-1.5 text-red-700 hover:bg-red-50" />
      </div>
      {open && task.steps.length > 0 && (
        <ul id={`steps-${place}-${task.id}`} aria-label={t("item.stepsOf", { title: task.title })} className="space-y-1 pl-6" data-testid="task-steps">
          {task.steps.map((step) => {
            const ticked = step.id in shown ? shown[step.id] : step.done;
            return (
              <li key={step.id}>
                <Checkbox
                  checked={ticked}
                  onChange={() => void tick(step, !ticked)}
                  label={
                    <>
                      <span dir="auto" className={`wrap-anywhere ${ticked ? "text-slate-500 line-through" : "text-slate-800"}`}>{step.text}</span>
                      {queuedSteps.has(step.id) && <span className="text-xs text-amber-700">({t("item.stepPending")})</span>}
                    </>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/** "segunda-feira, 23/11" → "Segunda-feira, 23/11" (a heading starts with a capital; the rest stays as Intl wrote it). */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The choice a rule is shown as (its label); rules set elsewhere read "Repete-se". */
function repeatLabel(rrule: string): "daily" | "weekdays" | "weekly" | "monthly" | "custom" {
  if (rrule === "FREQ=DAILY") return "daily";
  if (rrule === "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR") return "weekdays";
  if (rrule.startsWith("FREQ=WEEKLY") && !rrule.includes("INTERVAL")) return "weekly";
  if (rrule.startsWith("FREQ=MONTHLY") && !rrule.includes("INTERVAL")) return "monthly";
  return "custom";
}

/** Another module's item on the day (an event): busy time, shown for context, opened in its module. */
function OtherItem({ item, text }: { item: { title: string; url: string }; text: string }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-700">
      <span className="w-28 shrink-0 font-semibold whitespace-nowrap tabular-nums">{text}</span>
      <Link to={item.url} dir="auto" className="min-w-0 wrap-anywhere hover:underline">
        {item.title}
      </Link>
    </li>
  );
}

/**
 * Quick add: Enter reads the sentence (parser loaded on first use) and opens the draft to confirm.
 * The sentence is the screen's (`text`), which empties the box once the draft is saved.
 */
function QuickAdd({ timeZone, language, text, onText, onDraft }: { timeZone: string; language: Language; text: string; onText: (text: string) => void; onDraft: (form: TaskForm) => void }) {
  const { t } = useTranslation("tasks");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    const { parseQuickAdd } = await import("~/lib/quick-add");
    setPending(false);
    const result = parseQuickAdd(text, { language, now: new Date(), timeZone });
    if (!result.ok) return setError(t(`quickAdd.refused.${result.reason}`));
    setError(null);
    onDraft(formOfDraft(result.draft));
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start" data-testid="quick-add" data-tour="tasks-quick-add">
      <TextField
        label={t("quickAdd.label")}
        hint={t("quickAdd.hint")}
        placeholder={t("quickAdd.placeholder")}
        value={text}
        error={error}
        maxLength={500}
        onChange={(event) => onText(event.target.value)}
        className="flex-1"
        autoComplete="off"
      />
      <Button type="submit" loading={pending} className="sm:mt-6">
        {t("quickAdd.submit")}
      </Button>
    </form>
  );
}
