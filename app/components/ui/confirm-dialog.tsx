import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { whenSettled } from "~/lib/on-demand";

export type ConfirmDialogProps = {
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
};

// The dialog (Headless UI dialog, focus trap, transitions) is not part of any screen's first load
// (decision 0042): it is fetched once the page has settled (decision 0067), or when first opened.
const importPanel = () => import("./confirm-dialog-panel");
const Panel = lazy(() => importPanel().then((m) => ({ default: m.ConfirmDialogPanel })));

/**
 * Asks before doing something. The panel is a form, so Enter in an extra field (a password)
 * confirms; Escape and a click outside cancel (Headless UI `Dialog`). A destructive dialog opens
 * with the focus on Cancel, so a hurried Enter or Space never deletes anything.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  useEffect(() => whenSettled(() => void importPanel().catch(() => undefined)), []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
