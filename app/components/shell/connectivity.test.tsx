// @vitest-environment happy-dom
import { act, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { createI18n } from "~/i18n/i18n.server";
import type { ChangeKind } from "~/lib/offline/queue";
import { resources } from "~/locales";
import { useConnectivityNotices } from "./connectivity";
import { dismissToast, subscribeToasts, valuesIn, type Toast, type ToastText } from "./toast-store";

function Notices() {
  useConnectivityNotices();
  return null;
}

let shown: Toast[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  unsubscribe = subscribeToasts((toasts) => (shown = toasts));
  // Offline mode is ready: a service worker controls the page.
  vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { serviceWorker: { controller: {} } }));
});
afterEach(() => {
  for (const item of shown) dismissToast(item.id);
  unsubscribe();
  cleanup();
  vi.unstubAllGlobals();
});

const words = (text: ToastText | undefined, language: "pt" | "en") =>
  text === undefined || typeof text === "string" ? text : createI18n(language).t(text.key, valuesIn(language, text.values));

/** What the queue keeps offline (app/lib/offline/queue.ts), as the toast names it in each language. */
const KEPT: Record<ChangeKind, Record<"pt" | "en", RegExp>> = {
  "task.create": { pt: /tarefas/, en: /tasks/ },
  "task.update": { pt: /tarefas/, en: /tasks/ },
  "task.stepTick": { pt: /passos marcados/, en: /ticked steps/ },
  "diary.create": { pt: /diário/, en: /diary/ },
  "diary.update": { pt: /diário/, en: /diary/ },
  "diary.delete": { pt: /exceto no ciclo e no diário/, en: /except in the cycle and the diary/ },
  "transaction.create": { pt: /transações/, en: /transactions/ },
  "transaction.update": { pt: /transações.*alterados/, en: /changed .*transactions/ },
  "routine.checkIn": { pt: /registos de rotina/, en: /routine check-ins/ },
  "routine.stepTick": { pt: /passos marcados/, en: /ticked steps/ },
  "routine.count": { pt: /contagens do dia/, en: /day counts/ },
  "event.create": { pt: /eventos/, en: /events/ },
  "event.update": { pt: /eventos/, en: /events/ },
  "goal.update": { pt: /progresso dos objetivos/, en: /goal progress/ },
  "cycle.log": { pt: /dias do ciclo/, en: /cycle days/ },
  "cycle.update": { pt: /dias do ciclo/, en: /cycle days/ },
  "cycle.delete": { pt: /exceto no ciclo/, en: /except in the cycle/ },
  "cycle.period": { pt: /dias do ciclo/, en: /cycle days/ },
  // The cycle screen's "Foi mesmo um ciclo longo" and its undo: kept with the cycle's days.
  "cycle.markLong": { pt: /dias do ciclo/, en: /cycle days/ },
  "cycle.unmarkLong": { pt: /exceto no ciclo/, en: /except in the cycle/ },
};

describe("the notice as the connection drops", () => {
  for (const language of ["pt", "en"] as const) {
    it(`says which changes are kept and sent later, and what needs a connection, saying nothing the offline banner says (${language})`, () => {
      renderWithI18n(<Notices />, language);
      act(() => void window.dispatchEvent(new Event("offline")));
      expect(shown).toHaveLength(1);
      const title = words(shown[0].title, language)!;
      const text = words(shown[0].description, language)!;
      for (const [kind, named] of Object.entries(KEPT)) expect(text, kind).toMatch(named[language]);
      expect(text).toMatch({ pt: /enviados quando a ligação voltar/, en: /sent when the connection is back/ }[language]);
      // Not queued: a delete is refused offline (needsConnection).
      expect(text).toMatch({ pt: /apagar.*precisa de ligação/, en: /deleting.*needs a connection/ }[language]);
      // Named as the banner above the screen, shown with it, names the mode; what the banner says of it
      // (the data shown is the last saved) is not said again.
      expect(resources[language].shell.offline.banner).toMatch(new RegExp(`^${title}: `));
      expect(text).not.toMatch(/\bver\b|carregou|últimos dados|read|loaded|last data/i);
    });
  }

  it("is not raised when no service worker controls the page (offline mode is not ready: the screens need the network)", () => {
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { serviceWorker: undefined }));
    renderWithI18n(<Notices />);
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(shown).toEqual([]);
  });
});
