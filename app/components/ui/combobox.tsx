import { Combobox as HeadlessCombobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from "@headlessui/react";
import { CheckIcon, ChevronUpDownIcon } from "@heroicons/react/20/solid";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { controlClass, FieldMessages, type FieldChrome } from "./field";

export type ComboboxOption = { value: string; label: string };

/** Lower case without accents, so "sao" finds "São Paulo" and "acores" finds "Açores". */
export const searchable = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** The options whose label contains every word typed, accents and case ignored. */
export function filterOptions<T extends ComboboxOption>(options: readonly T[], query: string): T[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...options];
  return options.filter((option) => {
    const label = searchable(option.label);
    return words.every((word) => label.includes(word));
  });
}

/**
 * A select with a search box (Headless UI `Combobox`) for long lists: time zones, categories,
 * accounts. The value is the option's `value`; typing filters, arrows move, Enter picks, Escape closes.
 */
export function Combobox({
  label,
  hint,
  error,
  optional,
  hideLabel,
  options,
  value,
  onChange,
  placeholder,
  disabled,
  name,
  className = "",
}: FieldChrome & {
  options: readonly ComboboxOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  className?: string;
}) {
  const { t } = useTranslation("ui");
  const [query, setQuery] = useState("");
  const base = useId().replace(/:/g, "");
  const hintId = hint ? `${base}-hint` : undefined;
  const errorId = error ? `${base}-error` : undefined;
  const selected = options.find((option) => option.value === value) ?? null;
  const visible = filterOptions(options, query);
  return (
    <Field disabled={disabled} className={`space-y-1 ${className}`}>
      <Label className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-700"}>
        {label}
        {optional && <span className="font-normal text-slate-500"> ({t("optional")})</span>}
      </Label>
      <HeadlessCombobox value={selected} onChange={(option: ComboboxOption | null) => onChange(option?.value ?? null)} onClose={() => setQuery("")} by="value" name={name}>
        <div className="relative">
          <ComboboxInput
            className={`${controlClass} pr-10`}
            displayValue={(option: ComboboxOption | null) => option?.label ?? ""}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          />
          <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500" aria-label={t("combobox.showOptions")}>
            <ChevronUpDownIcon className="h-5 w-5" aria-hidden="true" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 max-h-64 w-[var(--input-width)] overflow-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px]"
        >
          {visible.map((option) => (
            <ComboboxOption key={option.value} value={option} className="group flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-slate-800 select-none data-[focus]:bg-brand-50 data-[focus]:text-brand-900">
              <CheckIcon className="invisible h-4 w-4 text-brand-600 group-data-[selected]:visible" aria-hidden="true" />
              {option.label}
            </ComboboxOption>
          ))}
          {visible.length === 0 && <p className="px-2 py-1.5 text-slate-500">{t("combobox.noResults")}</p>}
        </ComboboxOptions>
      </HeadlessCombobox>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </Field>
  );
}
