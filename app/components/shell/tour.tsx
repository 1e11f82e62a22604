import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { focusPageHeading } from "./page-focus";
import { MODAL_DIALOG, tourProgress } from "./rules";
import { subscribeToasts, type Toast } from "./toast-store";
import { toastWords } from "./toast-words";
import type { Guide, TourPosition } from "./tours";

type Box = { top: number; left: number; width: number; height: number };

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

type Size = { width: number; height: number };

/** The card's size before it has been measured (w-80, about a title and two lines). */
const CARD_GUESS: Size = { width: 320, height: 220 };
const MARGIN = 16;

/**
 * Where the card goes relative to the highlighted target (centred when there is none): on the side
 * the step asks for, on the other side when that one has no room, and always inside the window. A
 * card placed from the target alone went off-screen with its buttons: below a target near the
 * bottom, or above a tall one (a phone's list, the calendar's grid) whose top is near the window's.
 */
export function placeCard(box: Box | null, position: TourPosition | undefined, view: Size, card: Size = CARD_GUESS): React.CSSProperties {
  if (!box || !position) return { top: "50%", left: "50%", transform: "translate(-50%, -50%)" };
  const gap = 12;
  const below = box.top + box.height + gap;
  const above = box.top - gap - card.height;
  const fitsBelow = below + card.height <= view.height - MARGIN;
  const fitsAbove = above >= MARGIN;
  let top: number;
  let left = box.left;
  if (position === "right" || position === "left") {
    top = box.top + 24;
    left = position === "right" ? box.left + box.width + gap : box.left - card.width - gap;
  } else if (position === "top") top = fitsAbove || !fitsBelow ? above : below;
  else top = fitsBelow || !fitsAbove ? below : above;
  return {
    top: Math.max(MARGIN, Math.min(top, view.height - card.height - MARGIN)),
    left: Math.max(MARGIN, Math.min(left, view.width - card.width - MARGIN)),
  };
}

/** Whether the whole of `rect` is inside the window. */
const onScreen = (rect: DOMRect) => rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight && rect.right <= window.innerWidth;

/** A modal dialog other than the tour on the page (headless UI's, a confirmation, an open <dialog>). */
const otherDialogOpen = (tour: HTMLElement | null) =>
  [...document.querySelectorAll<HTMLElement>(MODAL_DIALOG)].some((dialog) => dialog !== tour && !tour?.contains(dialog));

/**
 * What stays alive under the tour: a dialog opened over it (Ctrl/Cmd+K's search, in Headless UI's
 * portal root, made after or kept from before; the cookie preferences' <dialog>). Not the toaster:
 * left alive for its live regions, its toasts stayed on a screen reader's virtual cursor as the
 * page under the tour; the tour says new ones itself (`ToastsSaid`).
 */
const STAYS_ALIVE = `${MODAL_DIALOG}, #headlessui-portal-root, [data-headlessui-portal]`;

/**
 * The page behind the tour made inert (the attribute: out of the focus order, of the accessibility
 * tree and of the pointer's reach) while it shows, also what appears there meanwhile (the offline
 * banner, a lazy part of the shell); returns the undo, which gives back only what it took. The
 * highlighted target is in that page: it only needs to be seen. A Tab trap and `aria-modal` alone
 * left a screen reader reading the page as if nothing were over it, and a click on the card's text
 * followed by Shift+Tab took the focus there.
 */
export function inertOthers(own: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  const mark = (element: Node) => {
    if (!(element instanceof HTMLElement) || element.hasAttribute("inert") || element.contains(own) || element.matches(STAYS_ALIVE) || element.querySelector(MODAL_DIALOG)) return;
    element.setAttribute("inert", "");
    made.push(element);
  };
  for (let node = own; node.parentElement && node !== document.body; node = node.parentElement) [...node.parentElement.children].forEach(mark);
  const observer = new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(mark)));
  observer.observe(document.body, { childList: true });
  return () => {
    observer.disconnect();
    made.forEach((element) => element.removeAttribute("inert"));
  };
}

/** How long a toast's words stay in the tour's live region once said (as React Aria's announcer keeps its). */
export const SAID_MS = 7000;

/**
 * The toasts that come while the tour shows, said from inside it: the toaster is inert under the
 * tour with the rest of the page, and an inert live region is not announced. Politely, or at once
 * for an error, as the toast itself would be; each one's words leave again once said, so the
 * virtual cursor does not find them in the tour afterwards. Those already up when it opened were
 * said as they came.
 */
function ToastsSaid() {
  const { i18n } = useTranslation("shell");
  const [said, setSaid] = useState<Toast[]>([]);
  useEffect(() => {
    let seen: Set<number> | null = null;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const stop = subscribeToasts((toasts) => {
      const fresh = seen ? toasts.filter((item) => !seen!.has(item.id)) : [];
      seen = new Set([...(seen ?? []), ...toasts.map((item) => item.id)]);
      if (!fresh.length) return;
      setSaid((list) => [...list, ...fresh]);
      timers.push(setTimeout(() => setSaid((list) => list.filter((item) => !fresh.includes(item))), SAID_MS));
    });
    return () => {
      stop();
      timers.forEach(clearTimeout);
    };
  }, []);
  const words = (item: Toast) => [item.title, item.description].flatMap((value) => (value ? [toastWords(i18n, value)] : [])).join(" ");
  const region = (errors: boolean) => said.filter((item) => (item.tone === "error") === errors).map((item) => <p key={item.id}>{words(item)}</p>);
  return (
    <>
      <div role="status" className="sr-only">
        {region(false)}
      </div>
      <div role="alert" className="sr-only">
        {region(true)}
      </div>
    </>
  );
}

/** The card's buttons, in order: where Tab cycles. */
const buttonsOf = (card: HTMLElement | null) => [...(card?.querySelectorAll<HTMLElement>("button:not([disabled])") ?? [])];

/**
 * A guided tour: 'Passo X de N', percentage, previous/next, 'Pular', 'Concluir' on the last step. A
 * modal dialog: the page behind is inert while it shows (`inertOthers`), the focus starts on
 * 'Seguinte', stays in the card (Tab cycles through its buttons, a click on the backdrop does not
 * take it away), moves to 'Seguinte' when the focused button goes (Anterior, on the first step),
 * and goes back to what had it before once the tour closes (else to the page's heading).
 */
export function Tour({ guide, onDone }: { guide: Guide; onDone: (guideId: string) => void }) {
  const { t } = useTranslation("shell");
  const [step, setStep] = useState(0);
  const [box, setBox] = useState<Box | null>(null);
  const [view, setView] = useState<Size>({ width: 1024, height: 768 });
  const [cardSize, setCardSize] = useState<Size>(CARD_GUESS);
  const current = guide.steps[step];
  const progress = tourProgress(step, guide.steps.length);
  const last = step === guide.steps.length - 1;
  const card = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
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

  // Before the focus moves into the card (a passive effect), and given back before the focus goes
  // back to what had it (the unmount's passive cleanup): an inert element takes no focus.
  useIsomorphicLayoutEffect(() => (root.current ? inertOthers(root.current) : undefined), []);

  useEffect(() => {
    // On the window, not the card: a Tab from the page's <body> (a click on the card's text leaves
    // the focus there) comes back to the card too.
    const trapTab = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const own = root.current;
      const target = event.target instanceof Element ? event.target : null;
      // A dialog opened over the tour keeps its own Tab (Headless UI traps it there).
      if (!own?.contains(target) && (target?.closest(MODAL_DIALOG) || otherDialogOpen(own))) return;
      const buttons = buttonsOf(card.current);
      const active = document.activeElement as HTMLElement | null;
      const inside = buttons.includes(active as HTMLElement);
      const to = event.shiftKey ? (!inside || active === buttons[0] ? buttons.at(-1) : null) : !inside || active === buttons.at(-1) ? buttons[0] : null;
      if (!to) return;
      event.preventDefault();
      to.focus();
    };
    window.addEventListener("keydown", trapTab);
    return () => window.removeEventListener("keydown", trapTab);
  }, []);

  useIsomorphicLayoutEffect(() => {
    const element = current.target ? document.querySelector(current.target) : null;
    // A target below the fold (a phone's list, the calendar's grid) comes on screen first: the ring
    // and the card were drawn where the page had not scrolled to, and nothing scrolled it.
    const first = element?.getBoundingClientRect();
    if (element && first && first.width > 0 && !onScreen(first)) element.scrollIntoView?.({ block: "center", inline: "nearest" });
    const measure = () => {
      const rect = element?.getBoundingClientRect();
      setBox(rect && rect.width > 0 ? { top: rect.top, left: rect.left, width: rect.width, height: rect.height } : null);
      setView({ width: window.innerWidth, height: window.innerHeight });
    };
    measure();
    // A turned phone, a resized window, a page that scrolls under the backdrop: the ring follows.
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", measure, true);
    return () => {
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", measure, true);
    };
  }, [current]);

  // The card's own size, for placing it inside the window (its text differs per step and language).
  useIsomorphicLayoutEffect(() => {
    const element = card.current;
    if (!element || !element.offsetHeight) return;
    setCardSize((size) => (size.width === element.offsetWidth && size.height === element.offsetHeight ? size : { width: element.offsetWidth, height: element.offsetHeight }));
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Only an Escape meant for the tour closes it (and marks it done): one from inside its card,
      // or one with no other dialog open. The Escape that closes a dialog opened over it (Ctrl/Cmd+K's
      // search) also reaches this window listener, and used to end the tour for good.
      const own = root.current;
      const target = event.target instanceof Element ? event.target : null;
      if (own && target && own.contains(target)) return onDone(guide.id);
      // The other dialog may be gone already (closed by this very key): its element still tells.
      if (target?.closest(MODAL_DIALOG) || otherDialogOpen(own)) return;
      onDone(guide.id);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [guide.id, onDone]);

  return (
    <div ref={root} className="fixed inset-0 z-[75]" role="dialog" aria-modal="true" aria-labelledby="tour-title">
      <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" onMouseDown={(event) => event.preventDefault()} data-testid="tour-backdrop" />
      <ToastsSaid />
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
        style={placeCard(box, box ? current.position : undefined, view, cardSize)}
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
