/**
 * "Foi mesmo um ciclo longo" and its undo (docs/decisions/0113 "Revised"), loaded by the screen when
 * tapped (its first load only has the buttons). Both go through the offline queue with an
 * Idempotency-Key, as every cycle write does (0105).
 */
import { queuedWriteNotice } from "~/components/offline/use-queued-write";
import { toast } from "~/components/shell/toast-store";
import type { Language } from "~/i18n/language";
import { isQueued, writeOrQueue } from "~/lib/offline/write";
import { longDate } from "./screen-shared";

/** Saved or taken back (the screen reloads the prediction); queued (the queue draws it); refused. */
type Outcome = "sent" | "queued" | "failed";

/** Marks (or unmarks) the cycle starting on `start`. An unmark that finds no mark is what was wanted. */
async function send(mark: boolean, start: string, language: Language): Promise<Outcome> {
  const label = longDate(start, language);
  const result = mark
    ? await writeOrQueue({ kind: "cycle.markLong", method: "POST", path: "/cycle/long-cycles", body: { start }, label })
    : await writeOrQueue({ kind: "cycle.unmarkLong", method: "DELETE", path: `/cycle/long-cycles/${start}`, body: {}, label });
  if (isQueued(result)) {
    queuedWriteNotice(result);
    return result.queued ? "queued" : "failed";
  }
  return result.ok || (!mark && result.status === 404) ? "sent" : "failed";
}

/**
 * "Foi mesmo um ciclo longo": the cycle is counted from now on, with an "Anular" on the toast that
 * takes the word back. `onChanged` reloads the screen's data after a change the server has.
 */
export async function confirmLongCycle(start: string, { language, onChanged }: { language: Language; onChanged: () => void }) {
  const outcome = await send(true, start, language);
  if (outcome === "failed") {
    toast({ tone: "error", title: { key: "cycle:cycles.saveFailed" } });
    return;
  }
  if (outcome === "queued") return;
  onChanged();
  toast({
    tone: "success",
    title: { key: "cycle:cycles.confirmedSaved" },
    action: { label: { key: "cycle:undo" }, onClick: () => void takeBackLongCycle(start, { language, onChanged }) },
  });
}

/** "Afinal não foi" (or the toast's "Anular"): the cycle is left out again, with the question. */
export async function takeBackLongCycle(start: string, { language, onChanged }: { language: Language; onChanged: () => void }) {
  const outcome = await send(false, start, language);
  if (outcome === "sent") onChanged();
  if (outcome !== "queued") toast(outcome === "failed" ? { tone: "error", title: { key: "cycle:cycles.undoFailed" } } : { tone: "success", title: { key: "cycle:cycles.takenBack" } });
}
