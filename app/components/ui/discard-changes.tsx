import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Closing an editing dialog without losing what was typed by accident (docs/decisions/0084): give
 * `close` to everything that dismisses the form (the dialog's `onClose` for Escape and the backdrop,
 * Cancel, a close button) and render `question` inside the `Dialog` but outside its `<form>` (React
 * bubbles the question's submit through the tree). With `changed` (the form differs from what it
 * opened with), `close` first asks "Discard changes?"; without, it calls `onClose` at once. Saving
 * calls `onClose` itself and never asks. Keep editing (also Escape or a tap outside the question)
 * gives the focus back to where it was in the form (Headless UI's focus restore).
 */
export function useDiscardChanges(changed: boolean, onClose: () => void): { close: () => void; question: ReactNode } {
  const { t } = useTranslation("ui");
  const [step, setStep] = useState<"editing" | "closing" | "asking">("editing");
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  // Decided after the render the request causes, not in it: Escape blurs the focused field first,
  // and a field read as it is left (an amount, a typed date) has only just changed the form.
  useEffect(() => {
    if (step !== "closing") return;
    setStep(changed ? "asking" : "editing");
    if (!changed) latestOnClose.current();
  }, [step, changed]);
  const discard = () => {
    setStep("editing");
    latestOnClose.current();
  };
  const question = (
    <ConfirmDialog
      open={step === "asking"}
      destructive
      title={t("discard.title")}
      description={t("discard.text")}
      cancelLabel={t("discard.keep")}
      confirmLabel={t("discard.discard")}
      onConfirm={discard}
      onCancel={() => setStep("editing")}
    />
  );
  return { close: () => setStep((current) => (current === "editing" ? "closing" : current)), question };
}
