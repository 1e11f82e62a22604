import { XMarkIcon } from "@heroicons/react/20/solid";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "~/components/ui/button";
import { dismissToast, pauseToast, resumeToast, subscribeToasts, type Toast } from "./toast-store";

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
 * Renders the toast store at the bottom right. Each toast is its own live region, polite or (errors)
 * assertive; a container live region around them would have every toast announced twice.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-[60] flex flex-col items-center gap-2 px-4 sm:right-4 sm:bottom-4 sm:left-auto sm:items-end">
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </div>
  );
}

/**
 * One toast. Its time stands still while the user is at it: a pointer moving over it (not one that
 * stands where it appeared), or a focus they moved into it (not the one the toaster gives "Anular":
 * a keyboard user who deleted would hold the DELETE back until they moved on). Escape closes it.
 */
function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation("shell");
  const element = useRef<HTMLDivElement>(null);
  // Whether the focus is in it (the toaster's own included): when it leaves with it, the focus goes
  // back to the screen (the shell's main), not to the page's start.
  const hasFocus = useRef(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => (hovered || focused ? pauseToast : resumeToast)(item.id), [hovered, focused, item.id]);

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
      if (hasFocus.current && focusLost()) document.getElementById("conteudo")?.focus({ preventScroll: true });
    };
  }, [item.takesLostFocus]);

  return (
    <div
      ref={element}
      role={item.tone === "error" ? "alert" : "status"}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-3 shadow-lg ${toneStyles[item.tone]}`}
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
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description && <p className={`text-sm ${item.tone === "error" ? "text-red-50" : "text-slate-600"}`}>{item.description}</p>}
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
            {item.action.label}
          </Button>
        )}
      </div>
      <IconButton icon={XMarkIcon} label={t("toasts.close")} onClick={() => dismissToast(item.id)} className="rounded p-0.5 opacity-70 hover:opacity-100" iconClassName="h-4 w-4" />
    </div>
  );
}
