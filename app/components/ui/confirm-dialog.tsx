import { Description, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";

/**
 * Asks before doing something. The panel is a form, so Enter in an extra field (a password)
 * confirms; Escape and a click outside cancel (Headless UI `Dialog`). A destructive dialog opens
 * with the focus on Cancel, so a hurried Enter or Space never deletes anything.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive = false,
  pending = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** The confirmed action is running: Confirm shows a spinner and the dialog cannot be dismissed. */
  pending?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
  /** Extra content between the text and the buttons: a field to fill, an error notice. */
  children?: ReactNode;
}) {
  const { t } = useTranslation("ui");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && !confirmDisabled) void onConfirm();
  };
  const cancel = () => {
    if (!pending) onCancel();
  };
  return (
    <Dialog open={open} onClose={cancel} className="relative z-50" role="alertdialog">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel as="form" onSubmit={submit} className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className={`text-lg font-semibold ${destructive ? "text-red-800" : "text-slate-900"}`}>{title}</DialogTitle>
          {description && <Description className="text-sm text-slate-600">{description}</Description>}
          {children}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={cancel} disabled={pending} autoFocus={destructive}>
              {cancelLabel ?? t("confirm.cancel")}
            </Button>
            <Button type="submit" variant={destructive ? "danger" : "primary"} loading={pending} disabled={confirmDisabled} autoFocus={!destructive}>
              {confirmLabel ?? t("confirm.confirm")}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
