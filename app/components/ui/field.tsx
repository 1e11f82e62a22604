/**
 * Labelled inputs: the label points at its control, and the hint and the error are announced with
 * it (`aria-describedby`), the error also marking the control `aria-invalid`.
 */
import { useId, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

export const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:border-red-500";

export type FieldChrome = {
  label: ReactNode;
  /** A line under the control that helps fill it in. */
  hint?: ReactNode;
  /** The message of a failed check; shown under the control and announced with it. */
  error?: string | null;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  /** Hides the label visually (it still names the control). */
  hideLabel?: boolean;
};

/** The ids a field needs, from the given id or a generated one. */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown) {
  const generated = useId();
  const control = id ?? `field${generated.replace(/:/g, "")}`;
  const hintId = hint ? `${control}-hint` : undefined;
  const errorId = error ? `${control}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { control, hintId, errorId, describedBy, invalid: error ? true : undefined };
}

/** Label, control, hint and error in the kit's layout; the control gets `id` and `aria-*` from the caller. */
/** A field's hint and error lines, with the ids its control names in `aria-describedby`. */
export function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: ReactNode; errorId?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

export function FieldFrame({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  optional,
  hideLabel,
  className = "",
  children,
}: FieldChrome & { id: string; hintId?: string; errorId?: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation("ui");
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-700"}>
        {label}
        {optional && <span className="font-normal text-slate-500"> ({t("optional")})</span>}
      </label>
      {children}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type Chrome = FieldChrome & { className?: string };

export function TextField({ id, label, hint, error, optional, hideLabel, className, ...input }: InputHTMLAttributes<HTMLInputElement> & Chrome) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame id={ids.control} hintId={ids.hintId} errorId={ids.errorId} {...{ label, hint, error, optional, hideLabel, className }}>
      <input id={ids.control} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} className={controlClass} {...input} />
    </FieldFrame>
  );
}

export function TextArea({ id, label, hint, error, optional, hideLabel, className, rows = 4, ...input }: TextareaHTMLAttributes<HTMLTextAreaElement> & Chrome) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame id={ids.control} hintId={ids.hintId} errorId={ids.errorId} {...{ label, hint, error, optional, hideLabel, className }}>
      <textarea id={ids.control} rows={rows} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} className={controlClass} {...input} />
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

/** A native select: the platform's own picker is the most usable one on phones. */
export function Select({ id, label, hint, error, optional, hideLabel, className, options, ...select }: SelectHTMLAttributes<HTMLSelectElement> & Chrome & { options: readonly SelectOption[] }) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame id={ids.control} hintId={ids.hintId} errorId={ids.errorId} {...{ label, hint, error, optional, hideLabel, className }}>
      <select id={ids.control} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} className={controlClass} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A checkbox with its label beside it (for lists of choices; use `Switch` for on/off settings). */
export function Checkbox({ label, className = "", ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode }) {
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`}>
      <input type="checkbox" className="accent-brand-600" {...input} />
      {label}
    </label>
  );
}

/**
 * Enter in a field that parses typed text (a date, a time, an amount): the text is committed either
 * way, and the form is submitted only when it parses (or is empty), so a typo never sends a wrong
 * value. The submit waits for the next task: the commit updates the parent's state, and a submit in
 * the same event would still read the value from before it.
 */
export const commitOnEnter = (read: () => { ok: boolean; reason?: string }, commit: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== "Enter") return;
  event.preventDefault();
  const result = read();
  commit();
  const form = event.currentTarget.form;
  if (form && (result.ok || result.reason === "empty")) setTimeout(() => form.requestSubmit());
};
