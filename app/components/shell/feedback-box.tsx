import { ChatBubbleBottomCenterTextIcon } from "@heroicons/react/24/outline";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

// The form (fields, the API form hook) loads when the box opens, not with every screen (decision 0042).
const FeedbackForm = lazy(() => import("./feedback-form").then((m) => ({ default: m.FeedbackForm })));
const preloadForm = () => void import("./feedback-form");

/**
 * The floating beta-feedback box (POST /api/v1/feedback); closes after a successful send. The button
 * and the form take each other's place, so the focus goes along: to the first field on opening (the
 * form), back to the button on closing. It stands above the phone shell's tab bar (`mobile`, the
 * layout's answer, not a width of its own: a tablet's shell has the tab bar too), and at the bottom
 * right on the desktop, where the toaster stands above it.
 */
export function FeedbackBox({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation("shell");
  const [open, setOpen] = useState(false);
  // What was typed survives closing the box, as before the form was split off.
  const [draft, setDraft] = useState({ subject: "", message: "" });
  const box = useRef<HTMLDivElement>(null);
  const closed = useRef(false);
  useEffect(() => {
    if (open || !closed.current) return;
    closed.current = false;
    box.current?.querySelector("button")?.focus();
  }, [open]);
  const close = () => {
    closed.current = true;
    setOpen(false);
  };

  return (
    <div ref={box} className={`fixed right-4 z-40 ${mobile ? "bottom-20" : "bottom-4"}`} data-tour="feedback">
      {open ? (
        <Suspense fallback={null}>
          <FeedbackForm draft={draft} onDraft={setDraft} onClose={close} />
        </Suspense>
      ) : (
        <Button onClick={() => setOpen(true)} onPointerEnter={preloadForm} onFocus={preloadForm} className="rounded-full! shadow-lg!">
          <ChatBubbleBottomCenterTextIcon className="h-5 w-5" aria-hidden="true" />
          {t("feedback.button")}
        </Button>
      )}
    </div>
  );
}
