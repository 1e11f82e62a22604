import { Field, Label, Description, Switch as HeadlessSwitch } from "@headlessui/react";
import type { ReactNode } from "react";

/** An on/off setting (Headless UI `Switch`: role="switch", Space toggles, the label clicks it too). */
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
  return (
    <Field disabled={disabled} className={`flex items-center justify-between gap-4 ${className}`}>
      <span className="min-w-0">
        <Label className="text-sm font-medium text-slate-800 data-[disabled]:text-slate-500">{label}</Label>
        {description && <Description className="text-sm text-slate-500">{description}</Description>}
      </span>
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        name={name}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors focus:outline-none data-[checked]:bg-brand-600 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[focus]:ring-2 data-[focus]:ring-brand-400 data-[focus]:ring-offset-2"
      >
        <span aria-hidden="true" className="pointer-events-none inline-block h-5 w-5 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition-transform group-data-[checked]:translate-x-5.5" />
      </HeadlessSwitch>
    </Field>
  );
}
