import { XMarkIcon } from "@heroicons/react/20/solid";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "~/components/ui/button";
import { dismissToast, pauseToast, resumeToast, subscribeToasts, type Toast, type ToastText } from "./toast-store";
import { toastWords } from "./toast-words";

const toneStyles = {
  success: "border-emerald-200 bg-white",
  error: "border-red-300 bg-red-600 text-white",
  info: "border-brand-200 bg-white",
};

/** Whether the focus is nowhere: on the page's body, or on an element that has left the page. */
const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/** While the toaster itself moves the focus to an action (not the user: it does not hold the toast). */
let giving = false;

/**
 * How far behind the newest toast one sits in the phone's deck: 0 is the newest, shown whole; the
 * others are collapsed to edges peeking out above it, unless the deck is spread.
 */
const deckDepth = (index: number, count: number, spread: boolean) => (spread ? 0 : count - 1 - index);

/**
 * Renders the toast store. Each toast is its own live region, polite or (errors) assertive; a
 * container live region around them would have every toast announced twice.
 *
 * On the desktop they stand at the bottom right, above the Feedback button (not over it). On the
 * phone they stand above the tab bar, over the list's rows, so they are a deck, as phone apps stack
 * notifications: the newest whole, the older ones as edges behind it (three "Tarefa concluída" in a
 * row cover one toast's height, not three). A tap on the deck, or a keyboard focus moved into it,
 * spreads it out to reach an older toast's "Anular".
 */
export function Toaster({ mobile = false }: { mobile?: boolean }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [spread, setSpread] = useState(false);
  useEffect(() => subscribeToasts(setToasts), []);
  // Down to one toast, the deck closes: the next ones stack again.
  if (spread && toasts.length < 2) setSpread(false);
  const deck = mobile && toasts.length > 1;
  return (
    <div
      // Made inert with the rest of the page under a guided tour, which says new toasts itself (tour.tsx).
      data-testid="toaster"
      className={`pointer-events-none fixed z-[60] flex flex-col ${mobile ? "inset-x-0 bottom-20 items-center px-4" : "right-4 bottom-15 items-end"} ${deck && !spread ? "" : "gap-2"}`}
      onClick={(event) => {
        // Not a press of a toast's own buttons ("Anular", close): those do their own thing.
        if (deck && !(event.target as Element).closest("button")) setSpread((open) => !open);
      }}
      onFocus={(event) => {
        // The keyboard's focus only: a tap focuses the button it presses, which is no wish to spread.
        if (deck && !giving && event.target.matches(":focus-visible")) setSpread(true);
      }}
    >
      {toasts.map((item, index) => (
        <ToastItem key={item.id} item={item} depth={mobile ? deckDepth(index, toasts.length, spread) : 0} />
      ))}
    </div>
  );
}

/**
 * An older toast in the phone's deck: a card's edge behind the newest, narrower the further back,
 * its words hidden (they were announced as it came). Not one holding the focus: it stays open, or
 * the focus would fall to the page's start.
 */
const collapsed = (depth: number) =>
  `not-focus-within:-mb-2 not-focus-within:h-4 not-focus-within:overflow-hidden not-focus-within:p-0 not-focus-within:*:invisible ${depth > 1 ? "not-focus-within:scale-x-90" : "not-focus-within:scale-x-95"}`;

/**
 * One toast. Its time stands still while the user is at it: a pointer moving over it (not one that
 * stands where it appeared), or a focus they moved into it (not the one the toaster gives "Anular":
 * a keyboard user who deleted would hold the DELETE back until they moved on). Escape closes it.
 */
function ToastItem({ item, depth }: { item: Toast; depth: number }) {
  // Re-rendered on a language switch (useTranslation), so a toast given keys changes language too.
  const { t, i18n } = useTranslation("shell");
  const text = (value: ToastText) => toastWords(i18n, value);
  const element = useRef<HTMLDivElement>(null);
  // Whether the focus is in it (the toaster's own included): when it leaves with it, the focus goes
  // back to the screen (the shell's main), not to the page's start.
  const hasFocus = useRef(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => (hovered || focused ? pauseToast : resumeToast)(item.id), [hovered, focused, item.id]);
  const { returnFocus } = item;

  useEffect(() => {
    // A delete took the focused button with its row: "Anular" takes the focus. A task later, after
    // the screens' own effects and a dialog's focus return, so whatever put the focus somewhere wins.
    const claim =
      item.takesLostFocus &&
      window.setTimeout(() => {
        if (!focusLost()) return;
        giving = true;
        element.current?.querySelector<HTMLElement>("[data-toast-action]")?.focus();
        giving = false;
      });
    return () => {
      if (claim) window.clearTimeout(claim);
      if (hasFocus.current && focusLost() && !returnFocus?.()) document.getElementById("conteudo")?.focus({ preventScroll: true });
    };
  }, [item.takesLostFocus, returnFocus]);

  return (
    <div
      ref={element}
      role={item.tone === "error" ? "alert" : "status"}
      data-deck-depth={depth || undefined}
      className={`pointer-events-auto relative flex w-full max-w-sm items-start gap-3 rounded-xl border p-3 shadow-lg motion-safe:transition-transform ${toneStyles[item.tone]} ${depth ? collapsed(depth) : ""}`}
      onMouseMove={(event) => {
        if (event.movementX || event.movementY) setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        hasFocus.current = true;
        if (!giving) setFocused(true);
      }}
      onBlur={(event) => {
        const inside = event.currentTarget.contains(event.relatedTarget as Node | null);
        // A blur to nowhere may be the toast leaving under the focus: it still had it.
        if (event.relatedTarget) hasFocus.current = inside;
        setFocused(inside);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") dismissToast(item.id);
      }}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{text(item.title)}</p>
        {item.description && <p className={`text-sm ${item.tone === "error" ? "text-red-50" : "text-slate-600"}`}>{text(item.description)}</p>}
        {item.action && (
          <Button
            variant="link"
            className="mt-1 font-semibold! text-current! underline"
            data-toast-action=""
            onClick={() => {
              item.action!.onClick();
              dismissToast(item.id);
            }}
          >
            {text(item.action.label)}
          </Button>
        )}
      </div>
      <IconButton icon={XMarkIcon} label={t("toasts.close")} onClick={() => dismissToast(item.id)} className="rounded p-0.5 opacity-70 hover:opacity-100" iconClassName="h-4 w-4" />
    </div>
  );
}
