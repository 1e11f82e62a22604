/**
 * The two answers to "O período continua hoje?" (docs/decisions/0107), loaded by the screen when
 * one is tapped (its first load only has the question). Both go through the offline queue with an
 * Idempotency-Key like every cycle write, and both can be undone from their toast.
 */
import { queuedWriteNotice } from "~/components/offline/use-queued-write";
import { toast } from "~/components/shell/toast-store";
import type { Language } from "~/i18n/language";
import { isQueued, writeOrQueue } from "~/lib/offline/write";
import type { Flow } from "@worker/modules/cycle/fields";
import type { ScreenDay } from "./cycle.server";
import { undoPeriod, type LoggedPeriod } from "./period-dialog";
import { longDate } from "./screen-shared";

export type OngoingAnswer = "continues" | "ended";

type Callbacks = {
  /** Saved: the screen reloads its data (the question goes with it). */
  onSaved: () => void;
  /** Taken back (or refused): the question is asked again. */
  onUndone: () => void;
};

/**
 * "Continua": today gets yesterday's flow, as a one-day period range (POST /cycle/days/range), whose
 * answer says which day it created or changed, for an exact undo. "Já terminou": today is logged
 * without flow (POST /cycle/days), the honest record of a day without bleeding, which also ends the
 * asking: the question needs today without a log.
 */
export async function answerOngoing(answer: OngoingAnswer, context: { today: string; flow: Flow; language: Language } & Callbacks) {
  const { today, flow, language, onSaved, onUndone } = context;
  const label = longDate(today, language);
  const result =
    answer === "continues"
      ? await writeOrQueue<LoggedPeriod>({ kind: "cycle.period", method: "POST", path: "/cycle/days/range", body: { start: today, end: today, flow }, label })
      : await writeOrQueue<{ day: ScreenDay }>({ kind: "cycle.log", method: "POST", path: "/cycle/days", body: { date: today, flow: "none" }, label });
  // Kept to send later: the screen draws today from the queue, which also hides the question.
  if (isQueued(result)) {
    queuedWriteNotice(result);
    if (!result.queued) onUndone();
    return;
  }
  if (!result.ok) {
    toast({ tone: "error", title: result.error.message || { key: "cycle:form.failed" } });
    onUndone();
    return;
  }
  onSaved();
  const undo = async () => {
    let outcome: "sent" | "queued" | "failed";
    if ("days" in result.data) outcome = await undoPeriod(result.data, language);
    else {
      const deleted = await writeOrQueue({ kind: "cycle.delete", method: "DELETE", path: `/cycle/days/${result.data.day.id}`, body: {}, label });
      outcome = isQueued(deleted) ? (deleted.queued ? "queued" : "failed") : deleted.ok || deleted.status === 404 ? "sent" : "failed";
    }
    // Queued (offline): the screen draws the undo from the queue, nothing to reload.
    if (outcome === "sent") onUndone();
    toast(outcome === "failed" ? { tone: "error", title: { key: "cycle:ongoing.undoFailed" } } : { tone: "success", title: { key: "cycle:ongoing.undone" } });
  };
  toast({
    tone: "success",
    title: { key: answer === "continues" ? "cycle:ongoing.continuedSaved" : "cycle:ongoing.endedSaved" },
    // A "Já terminou" that found today logged meanwhile (another device) changed that log's flow:
    // deleting it would take more than the answer back, so no undo then.
    ...((answer === "continues" || result.status === 201) && { action: { label: { key: "cycle:undo" }, onClick: () => void undo() } }),
  });
}
