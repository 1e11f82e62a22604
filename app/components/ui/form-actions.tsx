import { Button } from "./button";

/**
 * A form's footer: Cancel, then Submit, at the end of the row. While the form is pending, Cancel is
 * disabled and Submit is busy (a spinner before its label). Its own file, not form.tsx: the root
 * and the shell load form.tsx with every page, this only the forms that use it (bundle budgets).
 */
export function FormActions({
  cancelLabel,
  submitLabel,
  onCancel,
  pending,
  cancelVariant = "secondary",
  className,
}: {
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  pending: boolean;
  /** "ghost" where the footer sits inside a page rather than a dialog (the sentence draft). */
  cancelVariant?: "secondary" | "ghost";
  /** Extra layout classes for the row, e.g. spacing from the fields above or a grid span. */
  className?: string;
}) {
  return (
    <div className={className ? `flex justify-end gap-2 ${className}` : "flex justify-end gap-2"}>
      <Button variant={cancelVariant} onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
