/**
 * The flow of a logged day, as a group of radio cards with dots for the amount: one component for
 * the day dialog and the period dialog, so both read and look alike. Headless UI's RadioGroup sets
 * its own aria-labelledby and aria-describedby, so the label, the hint and the error sit inside it;
 * the error is then read when the group gets focus.
 */
import { Description, Label, Radio, RadioGroup } from "@headlessui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Flow } from "@worker/modules/cycle/fields";
import { FLOW_DOTS } from "./screen-shared";

export function FlowChoice<F extends Flow>({
  flows,
  value,
  onChange,
  error,
  hint,
  gridClassName,
}: {
  flows: readonly F[];
  value: F;
  onChange: (flow: F) => void;
  error?: string;
  hint?: ReactNode;
  /** The grid's columns: the day dialog has five choices, the period dialog four. */
  gridClassName: string;
}) {
  const { t } = useTranslation(["cycle"]);
  return (
    <RadioGroup value={value} onChange={onChange} aria-invalid={error ? true : undefined}>
      <Label as="p" className="mb-2 text-sm font-medium text-slate-800">
        {t("cycle:flow.label")}
      </Label>
      {hint && <Description className="mb-2 text-sm text-slate-600">{hint}</Description>}
      <div className={`grid gap-2 ${gridClassName}`}>
        {flows.map((flow) => (
          <Radio
            key={flow}
            value={flow}
            className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-300 px-2 py-2 text-center text-sm focus:outline-none data-[checked]:border-rose-600 data-[checked]:bg-rose-50 data-[checked]:font-semibold data-[checked]:text-rose-900 data-[focus]:ring-2 data-[focus]:ring-brand-400"
          >
            <span aria-hidden="true" className="flex h-2 items-center gap-0.5">
              {Array.from({ length: FLOW_DOTS[flow] }, (_, i) => (
                <span key={i} className="h-1.5 w-1.5 rounded-full bg-rose-600" />
              ))}
            </span>
            {t(`cycle:flow.${flow}`)}
          </Radio>
        ))}
      </div>
      {error && <Description className="mt-1 text-sm text-red-700">{error}</Description>}
    </RadioGroup>
  );
}
