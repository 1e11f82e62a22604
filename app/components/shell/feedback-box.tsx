import { ChatBubbleBottomCenterTextIcon } from "@heroicons/react/24/outline";
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

// The form (fields, the API form hook) loads when the box opens, not with every screen (decision 0042).
const FeedbackForm = lazy(() => import("./feedback-form").then((m) => ({ default: m.FeedbackForm })));
const preloadForm = () => void import("./feedback-form");

/**
 * The beta-feedback box (POST /api/v1/feedback); closes after a successful send. Whether it is open
 * is the layout's (`open`, `onOpenChange`): on phones it is opened from the drawer.
 *
 * On the desktop it floats at the bottom right, where the toaster stands above it; its button and
 * the form take each other's place, so the focus goes along: to the first field on opening, back
 * to the button on closing. On phones (`mobile`, the layout's answer, not a width of its own: a
 * tablet's shell has the tab bar too) nothing floats: a floating button there always stood over
 * something (a form's Guardar, calendar cells, a dialog's buttons), as phone apps keep such entries
 * in their menu. The form alone stands above the tab bar while open, and closing gives the focus
 * back to where it was when it opened (the menu button, after the drawer).
 */
export function FeedbackBox({ mobile = false, open, onOpenChange }: { mobile?: boolean; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("shell");
  // What was typed survives closing the box, as before the form was split off.
  const [draft, setDraft] = useState({ subject: "", message: "" });
  const box = useRef<HTMLDivElement>(null);
  const closed = useRef(false);
  const opener = useRef<Element | null>(null);
  // Before the form's own effect moves the focus into it (a form already loaded comes in the same
  // commit; a layout effect runs before every passive one).
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement;
  }, [open]);
  useEffect(() => {
    if (open || !closed.current) return;
    closed.current = false;
    const back = mobile ? opener.current : box.current?.querySelector("button");
    // The opener may be gone (the drawer's entry): the page's content then.
    (back instanceof HTMLElement && back.isConnected && back !== document.body ? back : document.getElementById("conteudo"))?.focus();
  }, [open, mobile]);
  const close = () => {
    closed.current = true;
    onOpenChange(false);
  };

  if (mobile && !open) return null;
  return (
    <div ref={box} className={`fixed right-4 z-40 ${mobile ? "bottom-20" : "bottom-4"}`} data-tour="feedback">
      {open ? (
        <Suspense fallback={null}>
          <FeedbackForm draft={draft} onDraft={setDraft} onClose={close} />
        </Suspense>
      ) : (
        <Button onClick={() => onOpenChange(true)} onPointerEnter={preloadForm} onFocus={preloadForm} className="rounded-full! shadow-lg!">
          <ChatBubbleBottomCenterTextIcon className="h-5 w-5" aria-hidden="true" />
          {t("feedback.button")}
        </Button>
      )}
    </div>
  );
}
