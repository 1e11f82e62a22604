import { useId, type ReactNode } from "react";

/**
 * An on/off setting: a button with role="switch" and aria-checked, named by its label (a click on
 * the label toggles it too) and described by its description. Space toggles (a native button's
 * click); Enter submits the surrounding form instead, as Headless UI's `Switch` did. Plain markup
 * rather than Headless UI: the switch shows on a screen's first view, and Headless UI's field,
 * label and focus machinery cost ~12 KiB of gzip on it (decision 0042).
 */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
  name,
  className = "",
}: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** With a name, the value is also sent with a native form ("on" when checked). */
  name?: string;
  className?: string;
}) {
  const id = useId();
  const state = { "data-checked": checked ? "" : undefined, "data-disabled": disabled ? "" : undefined };
  return (
    <div className={`flex items-center justify-between gap-4 ${className}`} data-disabled={state["data-disabled"]}>
      <span className="min-w-0">
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-slate-800 data-[disabled]:text-slate-500" data-disabled={state["data-disabled"]}>
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-sm text-slate-500">
            {description}
          </p>
        )}
      </span>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        {...state}
        onClick={() => onChange(!checked)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          event.currentTarget.form?.requestSubmit();
        }}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2 data-[checked]:bg-brand-600 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50"
      >
        <span aria-hidden="true" className="pointer-events-none inline-block h-5 w-5 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition-transform group-data-[checked]:translate-x-5.5" />
      </button>
      {name && checked && <input type="hidden" name={name} value="on" />}
    </div>
  );
}
