import { Description, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import type { ConfirmDialogProps } from "./confirm-dialog";

/** The dialog of `ConfirmDialog` (see there), loaded when first opened or when the page is idle. */
export function ConfirmDialogPanel({
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
}: ConfirmDialogProps) {
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
