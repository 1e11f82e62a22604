/**
 * A past day's checklist of a routine with steps (decision 0112, revised), opened from a day of the
 * card's strip and loaded on first use (decision 0042): not part of the screen's first load. The
 * same rules as today's: the last tick does the day, unticking a step of a day done undoes it and
 * keeps the others ticked. "Marcar como feito" does the whole day in one go, as the strip's tap on
 * a day did before the routine had steps; a done day's "Desmarcar" undoes it (and empties the list).
 * The card passes the day's state as it now is (the screen replaces the routine after each write).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { formatLongDate } from "~/lib/dates";
import { StepChecklist } from "./routine-card";
import type { Routine } from "./routine-form";

export function DayStepsDialog({
  routine,
  date,
  ticked,
  queued,
  done,
  canWrite,
  onTick,
  onToggle,
  onClose,
}: {
  routine: Routine;
  date: string;
  /** The steps the day shows ticked (every one on a day done), queued ticks included. */
  ticked: ReadonlySet<string>;
  /** Its ticks of that day still in the offline queue. */
  queued: ReadonlySet<string>;
  done: boolean;
  canWrite: boolean;
  onTick: (stepId: string, ticked: boolean) => Promise<void>;
  /** The day checked in (`done` false) or undone (true) in one go. */
  onToggle: (done: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("selfCare");
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, write: () => Promise<void>) => {
    setBusy(key);
    try {
      await write();
    } finally {
      setBusy(null);
    }
  };
  const day = formatLongDate(new Date(`${date}T12:00:00`), i18n.language === "en" ? "en" : "pt");
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="w-full max-w-sm rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl" data-testid="day-steps">
          <DialogTitle className="text-lg font-semibold break-words">{t("dayStepsTitle", { title: routine.title, date: day })}</DialogTitle>
          <StepChecklist routine={routine} ticked={ticked} queued={queued} disabled={!canWrite} busy={busy} onTick={(stepId, was) => void run(stepId, () => onTick(stepId, was))} />
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={!canWrite || busy !== null} loading={busy === "day"} onClick={() => void run("day", () => onToggle(done))}>
              {done ? t("undoCheckIn") : t("checkIn")}
            </Button>
            <Button onClick={onClose}>{t("close")}</Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
