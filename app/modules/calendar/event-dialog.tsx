import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { useDiscardChanges } from "~/components/ui/discard-changes";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Combobox } from "~/components/ui/combobox";
import { timeZoneOptions } from "~/lib/time-zones";
import { DateField } from "~/components/ui/date-picker";
import { TimeField } from "~/components/ui/time-field";
import { Checkbox, Select, TextArea, TextField, useFieldIds } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { Switch } from "~/components/ui/switch";
import { useApiForm } from "~/components/ui/use-api-form";
import { apiFetch, type ApiResult } from "~/lib/api";
import { isQueued, writeOrQueue, type OfflineWrite, type Queued } from "~/lib/offline/write";
import { useQueuedWriteNotice } from "~/components/offline/use-queued-write";
import type { ToastText } from "~/components/shell/toast-store";
import { bodyOf, editedEventFields, fieldsOf, ruleEdited, type EventBody } from "./event-body";
import { draftOf, minutesOf, withStart, type EventDraft, type Scope } from "./event-draft";
import { addDays, daysBetween, instantAt, isoInZone } from "./layout";
import { firstDateOf, fromRrule, NO_REPEAT, toRrule, WEEKDAYS, weekdayPosition, type Repeat } from "./recurrence-form";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

const FIELDS = ["title", "start", "end", "timeZone", "rrule", "location", "description", "reminderMinutes", "allDay", "body"] as const;
const REMINDERS: [string, number | null][] = [
  ["none", null],
  ["at", 0],
  ["m5", 5],
  ["m10", 10],
  ["m30", 30],
  ["h1", 60],
  ["d1", 1440],
];

/**
 * Create or edit an event: title, all-day, start and end (kit date and time pickers), time zone,
 * location, description, reminder and the recurrence editor with the rule in words. Saving an
 * occurrence of a series first asks which ones (`askScope`).
 */
export function EventDialog({
  draft: initial,
  language,
  onClose,
  onSaved,
  onQueued,
  askScope,
  onDelete,
  children,
}: {
  draft: EventDraft | null;
  language: "pt" | "en";
  onClose: () => void;
  /** The toast's words: a key, which the toaster translates as it renders. */
  onSaved: (message: ToastText) => void;
  /** Saved offline: kept on this device and sent when the connection returns (the offline queue); the dialog has said so. */
  onQueued: (result: Queued & { queued: true }) => void;
  askScope: (kind: "edit" | "delete") => Promise<Scope | null>;
  onDelete: (draft: EventDraft) => void;
  /** A dialog opened from this one (the "which occurrences" choice), nested as Headless UI expects. */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation(["calendar", "shell"]);
  const queuedWriteNotice = useQueuedWriteNotice();
  const [draft, setDraft] = useState<EventDraft | null>(initial);
  const openedRepeat = useMemo(() => (initial ? fromRrule(initial.rrule ?? null, initial.timeZone) : NO_REPEAT), [initial]);
  const [repeat, setRepeat] = useState<Repeat>(openedRepeat);
  const [words, setWords] = useState("");
  useEffect(() => {
    setDraft(initial);
    setRepeat(openedRepeat);
  }, [initial, openedRepeat]);
  const changed = JSON.stringify(draft) !== JSON.stringify(initial) || JSON.stringify(repeat) !== JSON.stringify(openedRepeat);
  const { close, question } = useDiscardChanges(changed, onClose);

  const zones = useMemo(() => timeZoneOptions(initial?.timeZone ?? "Europe/Lisbon"), [initial?.timeZone]);

  // The rule in words: the recurrence module is heavy (rrule-temporal), so it loads only here.
  const rrule = draft ? toRrule(repeat, draft.startDate) : null;
  useEffect(() => {
    let live = true;
    if (!rrule || !draft) {
      setWords("");
      return;
    }
    const start = draft.allDay ? draft.startDate : isoInZone(instantAt(draft.startDate, minutesOf(draft.startTime), draft.timeZone), draft.timeZone);
    void import("@worker/modules/calendar/recurrence").then(({ describeRrule }) => {
      if (live) setWords(describeRrule(rrule, language, start, draft.timeZone));
    });
    return () => {
      live = false;
    };
  }, [rrule, draft?.startDate, draft?.startTime, draft?.allDay, draft?.timeZone, language]);

  const form = useApiForm<unknown>({
    fields: FIELDS,
    fallback: t("form.error"),
    onSuccess: () => onSaved({ key: draft?.id ? "calendar:form.saved" : "calendar:form.created" }),
  });
  // The rule's error is read with the repeat group (aria-describedby).
  const rruleIds = useFieldIds(undefined, null, form.errors.rrule);

  if (!draft) return null;
  const set = (changes: Partial<EventDraft>) => setDraft((d) => (d ? { ...d, ...changes } : d));
  const editing = Boolean(draft.id);

  // A new series, or an event that becomes one, starts on the first of its ticked days (the hint
  // under the days says so); an existing series keeps its start, moved only as the user moves it.
  const becomesSeries = !draft.id || !draft.recurring;
  const firstDate = becomesSeries ? firstDateOf(repeat, draft.startDate) : draft.startDate;
  // A new event, an edit of an event or of a whole series, and an edit of one occurrence go through
  // the offline queue: made offline, they are kept and sent when the connection returns.
  const kept = (write: Omit<OfflineWrite, "label">) =>
    writeOrQueue<unknown>({ ...write, label: draft.title }).then((result) => {
      if (!isQueued(result)) return result;
      if (!result.queued) return form.fail(t(`shell:offline.storage.${result.storageError}`));
      queuedWriteNotice(result);
      onQueued(result);
      return null;
    });
  const save = form.submit(async (): Promise<ApiResult<unknown> | null> => {
    const shift = daysBetween(draft.startDate, firstDate);
    const full = bodyOf(shift ? { ...draft, startDate: firstDate, endDate: addDays(draft.endDate, shift) } : draft, repeat);
    if (!draft.id) return kept({ kind: "event.create", method: "POST", path: "/events", body: full });
    // An edit sends only what the person changed, the times as one group (editedEventFields); an unchanged
    // rule stays out of the body, so the stored one is kept as it is (ruleEdited).
    const sendsRule = !initial || ruleEdited(initial, draft, repeat);
    const edited = initial ? editedEventFields(full, bodyOf(initial, openedRepeat), sendsRule) : (Object.keys(full) as (keyof EventBody)[]);
    if (edited.length === 0) {
      onClose();
      return null;
    }
    const body = fieldsOf(full, edited);
    let scope: Scope = "all";
    if (draft.recurring && draft.occurrenceStart) {
      const chosen = await askScope("edit");
      if (!chosen) return null;
      scope = chosen;
    }
    const occurrence = draft.occurrenceStart ? encodeURIComponent(draft.occurrenceStart) : "";
    if (scope === "one") {
      const { rrule: _rule, timeZone: _zone, allDay: _allDay, ...rest } = body;
      return kept({ kind: "event.update", method: "PATCH", path: `/events/${draft.id}?occurrence=${occurrence}&scope=one`, body: rest });
    }
    // Not kept offline (the connection's message says so): "this and the following" splits the series
    // in two, and the new series' start, rule and count are worked out from the series as the server
    // has it when the request arrives. Replayed hours later it would cut a series that may have been
    // changed meanwhile on another device, into a series this screen never showed.
    if (scope === "following") return apiFetch(`/events/${draft.id}?occurrence=${occurrence}&scope=following`, { method: "PATCH", body });
    if (!draft.recurring || !draft.occurrenceStart || !edited.includes("start")) return kept({ kind: "event.update", method: "PATCH", path: `/events/${draft.id}`, body });
    // The whole series' times from one of its occurrences: move the series' own start by the same
    // wall-clock change. It reads the series first, so it needs the connection (not kept offline).
    const series = await apiFetch<{ event: { start: string; end: string; allDay: boolean; timeZone: string } }>(`/events/${draft.id}`);
    if (!series.ok) return series;
    const before = draftOf({ ...series.data.event, title: "" });
    const original = draftOf({ start: draft.occurrenceStart, end: draft.occurrenceStart, allDay: draft.allDay, timeZone: draft.timeZone, title: "" });
    const dayShift = Math.round((Date.parse(`${draft.startDate}T00:00:00Z`) - Date.parse(`${original.startDate}T00:00:00Z`)) / 86_400_000);
    const startDate = addDays(before.startDate, dayShift);
    const lengthDays = Math.round((Date.parse(`${draft.endDate}T00:00:00Z`) - Date.parse(`${draft.startDate}T00:00:00Z`)) / 86_400_000);
    return apiFetch(`/events/${draft.id}`, { method: "PATCH", body: fieldsOf(bodyOf({ ...draft, startDate, endDate: addDays(startDate, lengthDays) }, repeat), edited) });
  });

  const weekday = weekdayPosition(draft.startDate);
  const ordinal = t(`ordinals.${weekday.nth === -1 ? "-1" : String(weekday.nth)}` as never);
  const dayNames = (() => {
    const base = Date.UTC(2026, 0, 5); // a Monday
    return WEEKDAYS.map((_, i) => dateTimeFormat(intlLocale(language), { weekday: "short", timeZone: "UTC" }).format(new Date(base + i * 86_400_000)));
  })();
  const weekdayLong = dateTimeFormat(intlLocale(language), { weekday: "long", timeZone: "UTC" }).format(new Date(`${draft.startDate}T00:00:00Z`));

  return (
    <Dialog open onClose={() => !form.pending && close()} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        {/* noValidate: an empty title gets the app's own message under the field, in the account's
            language, not the browser's bubble in the browser's (as the other modules' forms). */}
        <DialogPanel as="form" onSubmit={save} noValidate className="max-h-[92vh] w-full max-w-lg space-y-4 overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl" data-testid="event-dialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">{editing ? t("form.editTitle") : t("form.createTitle")}</DialogTitle>
          {form.message && <Notice tone="error">{form.message}</Notice>}
          <TextField label={t("form.title")} value={draft.title} onChange={(e) => set({ title: e.target.value })} error={form.errors.title} maxLength={200} autoFocus required />
          <Switch label={t("form.allDay")} checked={draft.allDay} onChange={(allDay) => set({ allDay })} />
          <div className="grid grid-cols-2 gap-3">
            <DateField label={t("form.startDate")} value={draft.startDate} onChange={(v) => v && setDraft((d) => (d ? withStart(d, { startDate: v }) : d))} error={form.errors.start} />
            {!draft.allDay && <TimeField label={t("form.startTime")} value={draft.startTime} onChange={(v) => setDraft((d) => (d ? withStart(d, { startTime: v }) : d))} />}
            <DateField label={t("form.endDate")} value={draft.endDate} onChange={(v) => v && set({ endDate: v })} error={form.errors.end} />
            {!draft.allDay && <TimeField label={t("form.endTime")} value={draft.endTime} onChange={(v) => set({ endTime: v })} />}
          </div>
          {!draft.allDay && <Combobox label={t("form.timeZone")} options={zones} value={draft.timeZone} onChange={(v) => v && set({ timeZone: v })} error={form.errors.timeZone} />}
          <fieldset aria-describedby={rruleIds.errorId} className="space-y-3 rounded-xl border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">{t("repeat.label")}</legend>
            <Select
              label={t("repeat.label")}
              hideLabel
              value={repeat.freq}
              onChange={(e) => setRepeat({ ...repeat, freq: e.target.value as Repeat["freq"] })}
              options={[
                { value: "NONE", label: t("repeat.none") },
                { value: "DAILY", label: t("repeat.daily") },
                { value: "WEEKLY", label: t("repeat.weekly") },
                { value: "MONTHLY", label: t("repeat.monthly") },
                { value: "YEARLY", label: t("repeat.yearly") },
                ...(repeat.freq === "CUSTOM" ? [{ value: "CUSTOM", label: words || (repeat.raw ?? "") }] : []),
              ]}
            />
            {repeat.freq !== "NONE" && repeat.freq !== "CUSTOM" && (
              <>
                <TextField label={t("repeat.interval")} type="number" min={1} max={99} value={String(repeat.interval)} onChange={(e) => setRepeat({ ...repeat, interval: Math.max(1, Number(e.target.value) || 1) })} />
                {repeat.freq === "WEEKLY" && (
                  <div role="group" aria-label={t("repeat.onDays")} className="flex flex-wrap gap-2">
                    {WEEKDAYS.map((day, i) => (
                      <Checkbox
                        key={day}
                        label={dayNames[i]}
                        checked={repeat.days.includes(day) || (repeat.days.length === 0 && weekday.day === day)}
                        onChange={(e) => {
                          const current = repeat.days.length ? repeat.days : [weekday.day];
                          setRepeat({ ...repeat, days: e.target.checked ? [...new Set([...current, day])] : current.filter((d) => d !== day) });
                        }}
                      />
                    ))}
                  </div>
                )}
                {firstDate !== draft.startDate && (
                  <p className="text-sm text-slate-600" data-testid="series-first-date">
                    {t("repeat.startsOn", { date: dateTimeFormat(intlLocale(language), { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${firstDate}T00:00:00Z`)) })}
                  </p>
                )}
                {repeat.freq === "MONTHLY" && (
                  <Select
                    label={t("repeat.monthlyBy")}
                    value={repeat.monthlyBy}
                    onChange={(e) => setRepeat({ ...repeat, monthlyBy: e.target.value as Repeat["monthlyBy"] })}
                    options={[
                      { value: "monthDay", label: t("repeat.byMonthDay", { day: Number(draft.startDate.slice(8, 10)) }) },
                      { value: "weekday", label: t("repeat.byWeekday", { ordinal, weekday: weekdayLong }) },
                    ]}
                  />
                )}
                <div className="grid grid-cols-2 gap-3">
                  <Select
                    label={t("repeat.ends")}
                    value={repeat.ends}
                    onChange={(e) => setRepeat({ ...repeat, ends: e.target.value as Repeat["ends"] })}
                    options={[
                      { value: "never", label: t("repeat.never") },
                      { value: "count", label: t("repeat.after") },
                      { value: "until", label: t("repeat.on") },
                    ]}
                  />
                  {repeat.ends === "count" && (
                    <TextField label={t("repeat.times")} type="number" min={1} max={999} value={String(repeat.count)} onChange={(e) => setRepeat({ ...repeat, count: Math.max(1, Number(e.target.value) || 1) })} />
                  )}
                  {repeat.ends === "until" && <DateField label={t("repeat.on")} value={repeat.until} min={draft.startDate} onChange={(v) => setRepeat({ ...repeat, until: v })} />}
                </div>
              </>
            )}
            {words && (
              <p className="text-sm text-slate-600" data-testid="rule-words">
                {words}
              </p>
            )}
            {form.errors.rrule && (
              <p id={rruleIds.errorId} className="text-sm text-red-700">
                {form.errors.rrule}
              </p>
            )}
          </fieldset>
          <TextField label={t("form.location")} value={draft.location} onChange={(e) => set({ location: e.target.value })} error={form.errors.location} optional maxLength={300} />
          <TextArea label={t("form.description")} value={draft.description} onChange={(e) => set({ description: e.target.value })} error={form.errors.description} optional rows={3} />
          <Select
            label={t("form.reminder")}
            value={draft.reminderMinutes === null ? "none" : String(draft.reminderMinutes)}
            onChange={(e) => set({ reminderMinutes: e.target.value === "none" ? null : Number(e.target.value) })}
            error={form.errors.reminderMinutes}
            options={REMINDERS.map(([key, minutes]) => ({ value: minutes === null ? "none" : String(minutes), label: t(`reminders.${key}` as never) }))}
          />
          <Switch label={t("form.busy")} checked={draft.busy} onChange={(busy) => set({ busy })} />
          <div className="flex justify-end gap-2 pt-2">
            {editing && (
              <Button variant="danger" className="mr-auto" onClick={() => onDelete(draft)} disabled={form.pending}>
                {t("form.delete")}
              </Button>
            )}
            <Button variant="secondary" onClick={close} disabled={form.pending}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={form.pending}>
              {t("form.save")}
            </Button>
          </div>
          {children}
        </DialogPanel>
      </div>
      {question}
    </Dialog>
  );
}
