/**
 * A past day's count of a routine done several times a day (decision 0117, revised), opened from a
 * day of the card's strip and loaded on first use (decision 0042): not part of the screen's first
 * load. The same counter as today's, −1 and +1 around "5 de 8": each tap is the day's whole count,
 * sent by the screen as today's are (one absolute PUT at a time, queued offline), so the target
 * does the day and one under it undoes it. The card passes the day's count as it now is (a tap on
 * the way or queued first, then the server's).
 */
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { formatLongDate } from "~/lib/dates";
import { DayCounter } from "./routine-card";
import type { Routine } from "./routine-form";

export function DayCountDialog({
  routine,
  date,
  count,
  pending,
  canWrite,
  onCount,
  onClose,
}: {
  routine: Routine;
  date: string;
  /** The count the day shows: the target on a day done. */
  count: number;
  /** The count is in the offline queue. */
  pending: boolean;
  canWrite: boolean;
  /** The day's count set to `count` (absolute). */
  onCount: (count: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("selfCare");
  const day = formatLongDate(new Date(`${date}T12:00:00`), i18n.language === "en" ? "en" : "pt");
  const { title, timesPerDay: target } = routine;
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="w-full max-w-sm rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl" data-testid="day-count">
          <DialogTitle className="text-lg font-semibold break-words">{t("dayCountTitle", { title, date: day })}</DialogTitle>
          <p className="mt-1 text-sm text-slate-600">{t("dayCountHint", { target })}</p>
          <div className="mt-4 flex justify-center">
            <DayCounter
              routine={routine}
              count={count}
              pending={pending}
              disabled={!canWrite}
              onCount={onCount}
              label={t("countDayLabel", { title, date: day, done: count, count: target })}
            />
          </div>
          <div className="mt-4 flex justify-end">
            <Button onClick={onClose}>{t("close")}</Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
