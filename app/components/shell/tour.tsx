import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { focusPageHeading } from "./page-focus";
import { tourProgress } from "./rules";
import type { Guide, TourPosition } from "./tours";

type Box = { top: number; left: number; width: number; height: number };

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Where the card goes relative to the highlighted target (centred when there is none). */
function cardStyle(box: Box | null, position: TourPosition | undefined): React.CSSProperties {
  if (!box || !position) return { top: "50%", left: "50%", transform: "translate(-50%, -50%)" };
  const gap = 12;
  switch (position) {
    case "bottom":
      return { top: box.top + box.height + gap, left: Math.max(16, Math.min(box.left, window.innerWidth - 336)) };
    case "top":
      return { top: Math.max(16, box.top - gap), left: Math.max(16, Math.min(box.left, window.innerWidth - 336)), transform: "translateY(-100%)" };
    case "right":
      return { top: Math.max(16, box.top + 24), left: Math.min(box.left + box.width + gap, window.innerWidth - 336) };
    case "left":
      return { top: Math.max(16, box.top), left: Math.max(16, box.left - 320 - gap) };
  }
}

/** The card's buttons, in order: where Tab cycles. */
const buttonsOf = (card: HTMLElement | null) => [...(card?.querySelectorAll<HTMLElement>("button:not([disabled])") ?? [])];

/**
 * A guided tour: 'Passo X de N', percentage, previous/next, 'Pular', 'Concluir' on the last step. A
 * modal dialog: the focus starts on 'Seguinte', stays in the card (Tab cycles through its buttons,
 * a click on the backdrop does not take it away), moves to 'Seguinte' when the focused button goes
 * (Anterior, on the first step), and goes back to what had it before once the tour closes (else to
 * the page's heading).
 */
export function Tour({ guide, onDone }: { guide: Guide; onDone: (guideId: string) => void }) {
  const { t } = useTranslation("shell");
  const [step, setStep] = useState(0);
  const [box, setBox] = useState<Box | null>(null);
  const current = guide.steps[step];
  const progress = tourProgress(step, guide.steps.length);
  const last = step === guide.steps.length - 1;
  const card = useRef<HTMLDivElement>(null);
  // Read while rendering, before the tour takes the focus: the header's Guia button, or the page.
  const [returnTo] = useState(() => (typeof document === "undefined" ? null : document.activeElement));

  useEffect(() => {
    const element = card.current;
    return () => {
      // Only once the tour has left the page (development's StrictMode also runs this while it stays).
      if (element?.isConnected) return;
      if (returnTo instanceof HTMLElement && returnTo !== document.body && returnTo.isConnected) return returnTo.focus({ preventScroll: true });
      // A tour that opened by itself on a page load found the focus on <body>, and what had it may be
      // gone (a phone's closed menu): the focused 'Concluir' / 'Pular' leaves with the card, and a
      // keyboard or screen-reader user would be thrown to the top of the page. The page's heading
      // instead, as a navigation does (the outline shows after a key press only, as :focus-visible
      // does, not after a click).
      focusPageHeading();
    };
  }, [returnTo]);

  useEffect(() => {
    if (!card.current?.contains(document.activeElement)) card.current?.querySelector<HTMLElement>("[data-tour-primary]")?.focus();
  }, [step]);

  const trapTab = (event: ReactKeyboardEvent) => {
    if (event.key !== "Tab") return;
    const buttons = buttonsOf(card.current);
    const active = document.activeElement as HTMLElement | null;
    const inside = buttons.includes(active as HTMLElement);
    const to = event.shiftKey ? (!inside || active === buttons[0] ? buttons.at(-1) : null) : !inside || active === buttons.at(-1) ? buttons[0] : null;
    if (!to) return;
    event.preventDefault();
    to.focus();
  };

  useIsomorphicLayoutEffect(() => {
    const element = current.target ? document.querySelector(current.target) : null;
    const rect = element?.getBoundingClientRect();
    setBox(rect && rect.width > 0 ? { top: rect.top, left: rect.left, width: rect.width, height: rect.height } : null);
  }, [current]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onDone(guide.id);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [guide.id, onDone]);

  return (
    <div className="fixed inset-0 z-[75]" role="dialog" aria-modal="true" aria-labelledby="tour-title" onKeyDown={trapTab}>
      <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" onMouseDown={(event) => event.preventDefault()} data-testid="tour-backdrop" />
      {box && (
        <div
          aria-hidden="true"
          className="absolute rounded-lg ring-4 ring-brand-400 ring-offset-2"
          style={{ top: box.top - 4, left: box.left - 4, width: box.width + 8, height: box.height + 8 }}
        />
      )}
      <div
        ref={card}
        className="absolute w-80 max-w-[calc(100vw-2rem)] space-y-3 rounded-2xl bg-white p-5 shadow-2xl"
        style={cardStyle(box, box ? current.position : undefined)}
        data-testid="tour"
      >
        <p className="text-xs font-medium text-brand-700">
          {t("tour.step", { current: progress.current, total: progress.total })} · {progress.percent}%
        </p>
        <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress.percent}%` }} />
        </div>
        <h2 id="tour-title" className="text-lg font-semibold">
          {t(`${current.key}.title` as "tour.dashboard.welcome.title", current.vars)}
        </h2>
        <p className="text-sm text-slate-600">{t(`${current.key}.description` as "tour.dashboard.welcome.description", current.vars)}</p>
        <div className="flex items-center gap-2">
          <Button variant="link" onClick={() => onDone(guide.id)}>
            {t("tour.skip")}
          </Button>
          <span className="flex-1" />
          {step > 0 && (
            <Button variant="secondary" onClick={() => setStep(step - 1)}>
              {t("tour.previous")}
            </Button>
          )}
          <Button data-tour-primary="" onClick={() => (last ? onDone(guide.id) : setStep(step + 1))}>
            {last ? t("tour.finish") : t("tour.next")}
          </Button>
        </div>
      </div>
    </div>
  );
}
