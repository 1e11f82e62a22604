import type { ComponentPropsWithRef, ComponentType, SVGProps } from "react";
import { useTranslation } from "react-i18next";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "link";

// `aria-disabled:` beside `disabled:`: a pending button is aria-disabled, not disabled (see Button).
const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-300 aria-disabled:bg-brand-300",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300 aria-disabled:bg-red-300",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400 aria-disabled:text-slate-400",
  link: "text-brand-700 underline-offset-2 hover:underline disabled:text-slate-400 aria-disabled:text-slate-400",
};

// With its ref (React 19 passes it as a prop): a screen may give the focus back to a button.
export type ButtonProps = ComponentPropsWithRef<"button"> & {
  variant?: ButtonVariant;
  /** Pending work: the button takes no clicks, is marked busy and shows a spinner before its label. */
  loading?: boolean;
};

/** The one button of the app. `type` defaults to "button" so a button never submits a form by accident. */
export function Button({ children, variant = "primary", loading = false, className = "", disabled, type = "button", onClick, ...props }: ButtonProps) {
  const box = variant === "link" ? "text-sm font-medium" : variant === "ghost" ? "rounded-lg px-3 py-2 text-sm font-medium" : "rounded-lg px-4 py-2 text-sm font-semibold shadow-sm";
  // Pending, the button stays focusable (aria-disabled) and drops its clicks: a disabled button loses
  // the keyboard focus to <body>, so "Concluir", "Marcar como feito" or "Guardar" pressed with Enter
  // left the person at the top of the page.
  const pending = loading && !disabled;
  return (
    <button
      type={type}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={loading || undefined}
      className={`inline-flex items-center justify-center gap-2 ${box} ${variants[variant]} disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${className}`}
      onClick={pending ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

/** A button that is only an icon: the label is required and becomes its accessible name. */
export function IconButton({
  icon: Icon,
  label,
  className = "rounded-lg p-2 text-slate-600 hover:bg-slate-100",
  iconClassName = "h-5 w-5",
  type = "button",
  ...props
}: Omit<ComponentPropsWithRef<"button">, "children"> & { icon: ComponentType<SVGProps<SVGSVGElement>>; label: string; iconClassName?: string }) {
  return (
    <button type={type} aria-label={label} className={`disabled:cursor-not-allowed disabled:opacity-40 ${className}`} {...props}>
      <Icon className={iconClassName} aria-hidden="true" />
    </button>
  );
}

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  const { t } = useTranslation("ui");
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`animate-spin ${className}`} fill="none">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
        <path fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" className="opacity-75" />
      </svg>
      <span className="sr-only">{t("loading")}</span>
    </>
  );
}
