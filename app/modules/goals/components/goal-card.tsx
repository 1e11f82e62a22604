import { ArrowDownIcon, ArrowUpIcon, CheckCircleIcon, MinusIcon, PencilIcon, PencilSquareIcon, PlusIcon, TrashIcon, XMarkIcon } from "@heroicons/react/20/solid";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toast-store";
import { Button, IconButton } from "~/components/ui/button";
import { Checkbox, TextField } from "~/components/ui/field";
import { deleteWithUndo } from "~/components/ui/undo";
import { dateOf } from "~/components/ui/date-grid";
import { sanitizeLanguage } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { useOfflineSnapshot } from "~/lib/offline/state";
import { goalPath, milestonePath, withQueuedGoalEdits } from "../queued-goals";
import { formatLongDate } from "~/lib/dates";
import type { PublicGoal } from "@worker/modules/goals/queries";
import { completedOnDate, goalPace, isOverdue, resolveGoal } from "@worker/modules/goals/rules";

const STATUS_STYLE = {
  pending: "bg-slate-100 text-slate-700",
  in_progress: "bg-amber-100 text-amber-800",
  completed: "bg-emerald-100 text-emerald-800",
} as const;

/** `timeZone`: the user's, in which the day a goal was completed on is said. */
type Props = { goal: PublicGoal; today: string; timeZone: string; focused: boolean; onChange: (goal: PublicGoal) => void; onEdit: () => void; onDelete: () => void };

/** The id of a goal card's title, which names the card and takes the focus after the goal is created. */
export const goalTitleId = (goalId: string) => `goal-${goalId}-title`;

/** One goal: status, deadline (overdue stands out), progress bar, milestones or a progress stepper, actions. */
export function GoalCard({ goal: loaded, today, timeZone, focused, onChange, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation("goals");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  // Steps, status changes and milestone ticks made offline, shown until they are sent (queued-goals.ts).
  const stored = withQueuedGoalEdits(loaded, useOfflineSnapshot().changes);
  // Milestones removed a moment ago, hidden while their "Anular" toast is open (the DELETE comes after).
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const goal = removing.size ? withMilestones(stored, stored.milestones.filter((m) => !removing.has(m.id))) : stored;
  const [busy, setBusy] = useState(false);
  const [milestone, setMilestone] = useState("");
  const [milestoneError, setMilestoneError] = useState<string | undefined>();
  const card = useRef<HTMLElement>(null);
  // The buttons to give the focus back to once a change is shown, first enabled one first (their
  // `data-focus-key`): a milestone moved down has its <li> put back after its neighbour, and every
  // button is disabled while a change is sent, so the focus would fall to the page.
  const [refocus, setRefocus] = useState<string[] | null>(null);
  // The progress after ±10%, said politely ("Progresso: 40%"): the bar alone changes in silence.
  const [progressSaid, setProgressSaid] = useState("");
  const overdue = isOverdue(goal, today);
  const pace = goalPace(goal, today, timeZone);
  const done = goal.milestones.filter((m) => m.done).length;
  const titleId = goalTitleId(goal.id);

  useEffect(() => {
    if (focused) card.current?.scrollIntoView({ block: "center" });
  }, [focused]);

  useEffect(() => {
    if (!refocus || busy) return;
    const buttons = [...(card.current?.querySelectorAll<HTMLButtonElement>("[data-focus-key]") ?? [])];
    refocus.map((key) => buttons.find((button) => button.dataset.focusKey === key && !button.disabled)).find(Boolean)?.focus();
    setRefocus(null);
  }, [refocus, busy, goal]);

  /** Sends one change; the answer is the goal as stored (progress and status recomputed). */
  const send = async (path: string, method: string, body?: unknown) => {
    setBusy(true);
    const result = await apiFetch<PublicGoal>(`/goals/${goal.id}${path}`, { method, body });
    setBusy(false);
    return settle(result);
  };

  /**
   * Sends a step, a status or a milestone's tick, which the offline queue keeps when there is no
   * connection (its code loads on first use). Kept, the answer is the goal as it will be once sent.
   */
  const sendOrKeep = async (path: string, body: Record<string, unknown>) => {
    setBusy(true);
    const { isQueued, writeOrQueue } = await import("~/lib/offline/write");
    const result = await writeOrQueue<PublicGoal>({ kind: "goal.update", method: "PATCH", path, body, label: goal.title });
    setBusy(false);
    if (!isQueued(result)) return settle(result);
    (await import("~/components/offline/use-queued-write")).queuedWriteNotice(result);
    return result.queued ? withQueuedGoalEdits(stored, [{ path, status: "pending", body }]) : null;
  };

  const settle = (result: Awaited<ReturnType<typeof apiFetch<PublicGoal>>>) => {
    if (!result.ok) {
      toast({ title: { key: "goals:toast.updateFailed" }, description: result.error.message || undefined, tone: "error" });
      return null;
    }
    show(result.data);
    return result.data;
  };

  /** Shows the goal as the API answered it, saying so when that completed it. */
  const show = (answer: PublicGoal) => {
    onChange(answer);
    if (answer.status === "completed" && goal.status !== "completed") toast({ title: { key: "goals:toast.completed" }, tone: "success" });
  };

  /** Ticks at once (the same rule as the server's), then shows the goal the API answers; a failure puts it back. */
  const toggle = async (milestoneId: string, checked: boolean) => {
    onChange(withMilestones(stored, stored.milestones.map((m) => (m.id === milestoneId ? { ...m, done: checked } : m))));
    if (!(await sendOrKeep(milestonePath(goal.id, milestoneId), { done: checked }))) onChange(stored);
  };

  /** Removes a milestone from the card at once, with "Anular" for a few seconds before the DELETE. */
  const removeMilestone = (milestone: PublicGoal["milestones"][number]) => {
    const unhide = () =>
      setRemoving((set) => {
        const next = new Set(set);
        next.delete(milestone.id);
        return next;
      });
    deleteWithUndo({
      title: { key: "goals:toast.milestoneRemoved", values: { title: milestone.title } },
      undoLabel: { key: "goals:toast.undo" },
      failedTitle: { key: "goals:toast.deleteFailed" },
      hide: () => setRemoving((set) => new Set(set).add(milestone.id)),
      restore: unhide,
      commit: async () => {
        const result = await apiFetch<PublicGoal>(`/goals/${stored.id}/milestones/${milestone.id}`, { method: "DELETE" });
        // Already gone (removed in another tab) is what the user wanted.
        if (!result.ok) return result.status === 404;
        show(result.data);
        unhide();
        return true;
      },
    });
  };

  const addMilestone = async (event: FormEvent) => {
    event.preventDefault();
    if (!milestone.trim()) return setMilestoneError(t("validation.milestoneTitleRequired"));
    setMilestoneError(undefined);
    setBusy(true);
    const result = await apiFetch<PublicGoal>(`/goals/${goal.id}/milestones`, { body: { title: milestone } });
    setBusy(false);
    if (!result.ok) return setMilestoneError(result.error.fields?.title ?? (result.error.message || t("toast.updateFailed")));
    setMilestone("");
    onChange(result.data);
  };

  /**
   * Moves a milestone one place up or down (past its visible neighbour) at once; the answer (or a
   * failure) settles it. Positions count every milestone, those waiting out "Anular" too.
   */
  const move = async (milestoneId: string, delta: -1 | 1) => {
    const neighbour = goal.milestones[goal.milestones.findIndex((m) => m.id === milestoneId) + delta];
    if (!neighbour) return;
    // The same arrow, or the other one once the milestone is first or last.
    const [same, other] = delta === 1 ? ["down", "up"] : ["up", "down"];
    setRefocus([`${milestoneId}:${same}`, `${milestoneId}:${other}`]);
    const milestones = [...stored.milestones];
    const [moved] = milestones.splice(milestones.findIndex((m) => m.id === milestoneId), 1);
    const target = stored.milestones.findIndex((m) => m.id === neighbour.id);
    milestones.splice(target, 0, moved);
    onChange({ ...stored, milestones });
    if (!(await send(`/milestones/${moved.id}`, "PATCH", { position: target }))) onChange(stored);
  };

  const rename = async (milestoneId: string, title: string) => {
    const current = goal.milestones.find((m) => m.id === milestoneId);
    if (!current || !title.trim() || title.trim() === current.title) return true;
    return (await send(`/milestones/${milestoneId}`, "PATCH", { title: title.trim() })) !== null;
  };

  const step = async (delta: number) => {
    // Emptied first, so that the same value said twice (100% again) is said again.
    setProgressSaid("");
    // At 100% the goal is completed and the stepper goes: then 'Reabrir'.
    setRefocus(delta > 0 ? ["increase", "decrease", "status"] : ["decrease", "increase", "status"]);
    const answer = await sendOrKeep(goalPath(goal.id), { progress: Math.min(100, Math.max(0, goal.progress + delta)) });
    if (answer) setProgressSaid(t("card.progressNow", { progress: answer.progress }));
  };

  return (
    <article
      ref={card}
      aria-labelledby={titleId}
      data-testid="goal-card"
      className={`flex h-full flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm ${overdue ? "border-red-300" : "border-slate-200"} ${focused ? "ring-2 ring-brand-400" : ""}`}
    >
      <div className="flex flex-wrap items-start gap-2">
        {/* anywhere, not break-words: a pasted link must not widen the card (and the page) to its length. */}
        {/* Focused from a script (tabIndex -1, never a Tab stop) once the goal is created (goals.tsx). */}
        <h3 id={titleId} tabIndex={-1} dir="auto" className={`min-w-0 flex-1 wrap-anywhere text-lg font-semibold ${goal.status === "completed" ? "text-slate-500 line-through decoration-slate-300" : "text-slate-900"}`}>
          {goal.title}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_STYLE[goal.status]}`} data-testid="goal-status">
          {t(`status.${goal.status}`)}
        </span>
        {overdue && <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-700">{t("card.overdue")}</span>}
      </div>

      {goal.description && <p dir="auto" className="whitespace-pre-line wrap-anywhere text-sm text-slate-600">{goal.description}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {goal.deadline && <p className={overdue ? "font-semibold text-red-700" : "text-slate-500"}>{t("card.deadline", { date: formatLongDate(dateOf(goal.deadline), language) })}</p>}
        {goal.completedAt && <p className="text-emerald-700">{t("card.completedOn", { date: formatLongDate(dateOf(completedOnDate(goal.completedAt, timeZone)), language) })}</p>}
      </div>

      <div>
        <div className="mb-1 flex items-center justify-between text-sm">
          <span className="font-medium text-slate-700">{t("card.progress")}</span>
          <span className="tabular-nums text-slate-700" data-testid="goal-progress">
            {goal.progress}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t("card.progressLabel", { title: goal.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={goal.progress}
          className="relative h-2.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div className={`h-full rounded-full transition-all ${goal.status === "completed" ? "bg-emerald-500" : overdue ? "bg-red-500" : "bg-brand-600"}`} style={{ width: `${goal.progress}%` }} />
          {/* Where an even pace to the deadline would be today (the line below says it in words). */}
          {pace && pace.expected > 0 && pace.expected < 100 && (
            <div aria-hidden="true" className="absolute inset-y-0 w-0.5 bg-slate-500" style={{ left: `calc(${pace.expected}% - 1px)` }} data-testid="goal-pace-mark" />
          )}
        </div>
        {pace && (
          <p className={`mt-1 text-xs ${pace.state === "behind" ? "font-medium text-amber-800" : "text-slate-600"}`} data-testid="goal-pace">
            {t(`card.pace.${pace.state}`, { expected: pace.expected })} · {t("card.pace.daysLeft", { count: pace.daysLeft })}
          </p>
        )}
        {goal.milestones.length === 0 && goal.status !== "completed" && (
          <div className="mt-2 flex items-center gap-1">
            <IconButton icon={MinusIcon} label={t("card.decrease")} disabled={busy || goal.progress === 0} onClick={() => void step(-10)} data-focus-key="decrease" />
            <IconButton icon={PlusIcon} label={t("card.increase")} disabled={busy} onClick={() => void step(10)} data-focus-key="increase" />
          </div>
        )}
        <p role="status" className="sr-only">
          {progressSaid}
        </p>
      </div>

      <div className="space-y-2">
        {goal.milestones.length > 0 && (
          <>
            <h4 className="text-sm font-medium text-slate-700">
              {t("milestones.title")} <span className="font-normal text-slate-500">· {t("milestones.count", { done, count: goal.milestones.length })}</span>
            </h4>
            <ul className="space-y-1">
              {goal.milestones.map((m, index) => (
                <MilestoneItem
                  key={m.id}
                  milestone={m}
                  first={index === 0}
                  last={index === goal.milestones.length - 1}
                  busy={busy}
                  onToggle={(checked) => void toggle(m.id, checked)}
                  onRename={(title) => rename(m.id, title)}
                  onMove={(delta) => void move(m.id, delta)}
                  onRemove={() => removeMilestone(m)}
                />
              ))}
            </ul>
          </>
        )}
        <form onSubmit={(event) => void addMilestone(event)} className="flex items-start gap-2">
          <TextField
            label={t("milestones.newLabel")}
            hideLabel
            placeholder={t("milestones.placeholder")}
            value={milestone}
            maxLength={200}
            onChange={(event) => setMilestone(event.target.value)}
            error={milestoneError}
            className="flex-1"
          />
          <Button type="submit" variant="secondary" disabled={busy} className="shrink-0 py-2.5">
            <PlusIcon className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t("milestones.add")}</span>
          </Button>
        </form>
        {goal.milestones.length === 0 && <p className="text-xs text-slate-500">{t("milestones.hint")}</p>}
      </div>

      <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3" role="group" aria-label={t("card.actions", { title: goal.title })}>
        {goal.status === "completed" ? (
          <Button variant="secondary" loading={busy} onClick={() => void sendOrKeep(goalPath(goal.id), { status: "in_progress" })} data-focus-key="status">
            {t("card.reopen")}
          </Button>
        ) : (
          <Button loading={busy} onClick={() => void sendOrKeep(goalPath(goal.id), { status: "completed" })} data-focus-key="status">
            <CheckCircleIcon className="h-4 w-4" aria-hidden="true" />
            {t("card.complete")}
          </Button>
        )}
        <Button variant="ghost" onClick={onEdit}>
          <PencilSquareIcon className="h-4 w-4" aria-hidden="true" />
          {t("card.edit")}
        </Button>
        <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete}>
          <TrashIcon className="h-4 w-4" aria-hidden="true" />
          {t("card.delete")}
        </Button>
      </div>
    </article>
  );
}

/** The goal with these milestones, its progress and status as the server's rule makes them. */
function withMilestones(goal: PublicGoal, milestones: PublicGoal["milestones"]): PublicGoal {
  const state = resolveGoal({ ...goal, completedAt: goal.completedAt ? new Date(goal.completedAt) : null }, {}, milestones, new Date());
  return { ...goal, milestones, progress: state.progress, status: state.status };
}

type MilestoneItemProps = {
  milestone: PublicGoal["milestones"][number];
  first: boolean;
  last: boolean;
  busy: boolean;
  onToggle: (checked: boolean) => void;
  /** Resolves false when the rename was refused (the field stays open with the text). */
  onRename: (title: string) => Promise<boolean>;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
};

/** One milestone: tick it, rename it in place (Enter saves, Esc cancels), move it up or down, remove it. */
function MilestoneItem({ milestone: m, first, last, busy, onToggle, onRename, onMove, onRemove }: MilestoneItemProps) {
  const { t } = useTranslation("goals");
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(m.title);
  const [error, setError] = useState<string | undefined>();
  const small = "rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700";

  const save = async () => {
    if (!title.trim()) return setError(t("validation.milestoneTitleRequired"));
    if (await onRename(title)) {
      setEditing(false);
      setError(undefined);
    }
  };

  if (editing) {
    return (
      <li className="flex items-start gap-2">
        <TextField
          label={t("milestones.renameLabel", { title: m.title })}
          hideLabel
          autoFocus
          value={title}
          maxLength={200}
          error={error}
          className="flex-1"
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void save();
            } else if (event.key === "Escape") {
              event.preventDefault();
              setTitle(m.title);
              setError(undefined);
              setEditing(false);
            }
          }}
          onBlur={() => void save()}
        />
      </li>
    );
  }

  return (
    <li className="group flex items-center gap-1" data-testid="goal-milestone">
      <Checkbox
        className={`min-w-0 flex-1 ${m.done ? "text-slate-500 line-through" : "text-slate-800"}`}
        label={
          <span dir="auto" className="min-w-0 wrap-anywhere">
            {m.title}
          </span>
        }
        checked={m.done}
        disabled={busy}
        onChange={(event) => onToggle(event.target.checked)}
      />
      <IconButton icon={ArrowUpIcon} label={t("milestones.moveUp", { title: m.title })} className={small} iconClassName="h-4 w-4" disabled={busy || first} onClick={() => onMove(-1)} data-focus-key={`${m.id}:up`} />
      <IconButton icon={ArrowDownIcon} label={t("milestones.moveDown", { title: m.title })} className={small} iconClassName="h-4 w-4" disabled={busy || last} onClick={() => onMove(1)} data-focus-key={`${m.id}:down`} />
      <IconButton
        icon={PencilIcon}
        label={t("milestones.rename", { title: m.title })}
        className={small}
        iconClassName="h-4 w-4"
        disabled={busy}
        onClick={() => {
          setTitle(m.title);
          setEditing(true);
        }}
      />
      <IconButton icon={XMarkIcon} label={t("milestones.remove", { title: m.title })} className={small} iconClassName="h-4 w-4" disabled={busy} onClick={onRemove} />
    </li>
  );
}
